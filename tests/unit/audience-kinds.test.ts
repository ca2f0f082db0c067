/**
 * The audience's view of the question kinds 3–8, without a browser: how the phone and the display name
 * options and answers (true/false as 對 / 錯 in the viewer's language, an order, a typed text, a value
 * with its unit), the slider's steps, tap-to-place, the answer the phone sends (choices, text or
 * value, and kept as sent while it waits for the network), the reveal mapped from /state, and the big
 * screen's reveal (a poll's votes with no correct bar, the histogram with the answer marked, a slide).
 */
import { describe, expect, it } from 'vitest';
import type { PlayApi, PlaySchemas } from '@/audience/api';
import type { Translate } from '@/audience/i18n';
import { answerLine, formatValue, optionName, placeInOrder, placeOf, sliderMove, sliderStart, sliderValue, type KindQuestionView } from '@/audience/question-view';
import { answerBars, applyFrame, histogramBars, isSlide, type DisplayState } from '@/quiz/display-state';
import { sendAnswer, toPlayerView, toPublicQuestion } from '@/play/player-logic';
import { pendingStorage } from '@/play/storage';
import { forwardFrame } from '@/play/live-link';
import { correctLine } from '@/play/screens/revealed';
import type { PlayerEvent } from '@machines/player/types';
import type { EventFrame } from '@/shared/realtime/client';
import { answerParts } from '@machines/player/setup';
import en from '@/play/i18n/en.json';
import zhTW from '@/play/i18n/zh-TW.json';

/** `t` over one of the phone's text files (the page's translator needs a browser). */
const textsOf =
  (texts: Record<string, unknown>): Translate =>
  (key, options = {}) => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
const tEn = textsOf(en);
const tZh = textsOf(zhTW);

const options = [
  { title: 'A', text: 'Taipei', img: '' },
  { title: 'B', text: 'Tainan', img: '' },
  { title: 'C', text: 'Keelung', img: '' },
];
const q = (type: number, changes: Partial<KindQuestionView> = {}): KindQuestionView => ({ type, options, slider: null, ...changes });
const scale = { min: 0, max: 10, step: 0.5, unit: 'km' };

describe('names and answers on the audience screens', () => {
  it('names true/false by its fixed names in the page language, other kinds by letter and text', () => {
    expect(optionName(q(3), 'A', tZh)).toBe('對');
    expect(optionName(q(3), 'B', tZh)).toBe('錯');
    expect(optionName(q(3), 'A', tEn)).toBe('True');
    expect(optionName(q(1), 'B', tEn)).toBe('B. Tainan');
  });

  it('writes each kind of answer as the player reads it', () => {
    expect(answerLine(q(2), { choices: ['A', 'C'] }, tEn, 'en')).toBe('A. Taipei、C. Keelung');
    expect(answerLine(q(7), { choices: ['C', 'A', 'B'] }, tEn, 'en')).toBe('C. Keelung → A. Taipei → B. Tainan');
    expect(answerLine(q(5, { options: [] }), { choices: [], text: '玉山' }, tEn, 'en')).toBe('「玉山」');
    expect(answerLine(q(6, { options: [], slider: scale }), { choices: [], value: 1234.5 }, tEn, 'en')).toBe('1,234.5 km');
    expect(answerLine(q(4), { choices: ['B'] }, tZh, 'zh-TW')).toBe('B. Tainan');
    expect(formatValue(3, '', 'zh-TW')).toBe('3');
  });
});

describe('the slider and the order on the phone', () => {
  it('starts mid-scale on a step, moves by exact steps and never leaves the scale', () => {
    expect(sliderStart(scale)).toBe(5);
    expect(sliderStart({ min: 0, max: 7, step: 2, unit: '' })).toBe(4);
    expect(sliderMove(scale, 5, 1)).toBe(5.5);
    expect(sliderMove(scale, 0.5, -3)).toBe(0);
    expect(sliderMove(scale, 9.5, 4)).toBe(10);
    expect(sliderValue({ min: 0, max: 1, step: 0.1, unit: '' }, 0.30000000000000004)).toBe(0.3);
  });

  it('places options in the order tapped; a second tap takes one out and the later ones move up', () => {
    let order: string[] = [];
    for (const title of ['C', 'A', 'B']) order = placeInOrder(order, title);
    expect(order).toEqual(['C', 'A', 'B']);
    expect(placeOf(order, 'A')).toBe(2);
    order = placeInOrder(order, 'C');
    expect(order).toEqual(['A', 'B']);
    expect(placeOf(order, 'B')).toBe(2);
    expect(placeOf(order, 'C')).toBeNull();
  });
});

describe('the answer the phone sends', () => {
  it("carries only what the kind asks: choices, text or value (the play API's AnswerRequest)", async () => {
    const sent: unknown[] = [];
    const api = {
      answer: async (_token: string, body: PlaySchemas['AnswerRequest']) => {
        sent.push(body);
        return { answer: { question_id: body.question_id, choices: [], text: body.text ?? null, value: body.value ?? null, received_at: '', elapsed_ms: 1, correct: null, points: null } };
      },
    } as Pick<PlayApi, 'answer'> as PlayApi;
    await sendAnswer(api, { socket: null }, { token: 't', questionId: 5, text: 'Yushan' });
    await sendAnswer(api, { socket: null }, { token: 't', questionId: 6, value: 2.5 });
    await sendAnswer(api, { socket: null }, { token: 't', questionId: 7, choices: ['B', 'A'] });
    expect(sent).toEqual([
      { question_id: 5, text: 'Yushan' },
      { question_id: 6, value: 2.5 },
      { question_id: 7, choices: ['B', 'A'] },
    ]);
  });

  it('keeps a waiting typed answer or value as sent, across a reload', () => {
    const store = new Map<string, string>();
    globalThis.localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) } as Storage;
    pendingStorage.set('tok', { questionId: 5, text: '玉山', tappedAt: 1 });
    expect(pendingStorage.get('tok')).toEqual({ questionId: 5, text: '玉山', tappedAt: 1 });
    pendingStorage.set('tok', { questionId: 6, value: 0, tappedAt: 2 });
    expect(pendingStorage.get('tok')).toEqual({ questionId: 6, value: 0, tappedAt: 2 });
    expect(pendingStorage.get('other')).toBeNull();
    expect(answerParts({ questionId: 6, value: 0, tappedAt: 2 } as never)).toEqual({ value: 0 });
    expect(answerParts(null), 'nothing kept: an empty choice, as before').toEqual({ choices: [] });
  });
});

const slider: PlaySchemas['PublicQuestion'] = {
  id: 9,
  title: 'Distance',
  question_text: 'How far?',
  question_img: '',
  pre_video_url: '',
  question_type: 6,
  options: [],
  slider: { min: 0, max: 100, step: 1, unit: 'km' },
  level: null,
  is_bonus: 0,
  have_answering_time: 1,
  answering_time: 20,
};
const reveal: PlaySchemas['Reveal'] = {
  explanation: '<p>It is <strong>42</strong> km.</p>',
  accepted_answers: [],
  typed: [],
  slider_answer: 42,
  slider_tolerance: 2,
  histogram: [
    { from: 0, to: 25, count: 1 },
    { from: 25, to: 50, count: 4 },
    { from: 50, to: 75, count: 2 },
    { from: 75, to: 100, count: 0 },
  ],
};

describe('the reveal of the new kinds', () => {
  it('maps /state: the slider scale and the reveal reach the phone', () => {
    const view = toPlayerView({
      server_time: '2026-11-22T04:00:05.000Z',
      game: { id: 3, title: 'Game', type: 1, status: 1, player_count: 1, pin: '123456' },
      player: { id: 1, nickname: 'Ann', join_order: 1, score: 900, level: null, disqualified: null },
      question: { question: slider, status: 2, shown_at: '2026-11-22T04:00:01.000Z', deadline: null, answer: [], reveal, can_answer: false, refusal: 'closed' },
      my_answer: { question_id: 9, choices: [], text: null, value: 41, received_at: '2026-11-22T04:00:03.300Z', elapsed_ms: 2_300, correct: true, points: 900 },
      rank: null,
      finished: false,
      stage_message: null,
    });
    expect(view.question?.question.slider).toEqual({ min: 0, max: 100, step: 1, unit: 'km' });
    expect(view.question?.reveal).toEqual({ explanation: reveal.explanation, acceptedAnswers: [], sliderAnswer: 42, sliderTolerance: 2 });
    expect(view.myAnswer).toMatchObject({ value: 41, text: null, correct: true });
    expect(toPublicQuestion({ ...slider, question_type: 1, slider: null }).slider).toBeNull();
  });

  it("passes the votes published with an answer to the player chart (a poll's reveal on the phone)", () => {
    const events: PlayerEvent[] = [];
    const frame: EventFrame = { type: 'server.answerPublished', topic: 'game:3:public', server_time: Date.parse('2026-11-22T04:00:00.000Z'), data: { question_id: 4, answer: [], counts: { A: 1, B: 3 }, total: 4, reveal } };
    forwardFrame((event) => events.push(event), frame, () => null, false);
    expect(events).toEqual([{ type: 'server.answerPublished', questionId: 4, votes: { counts: { A: 1, B: 3 }, total: 4 } }]);
  });

  it("tells each kind's correct answer on the phone: options, 對/錯, the accepted answers, the value, the order; a poll none", () => {
    const base = { id: 1, title: 'Q', questionText: 'Q?', questionImg: '', options, level: null, isBonus: false };
    const none = { explanation: '', acceptedAnswers: [], sliderAnswer: null, sliderTolerance: null };
    expect(correctLine({ ...base, questionType: 3, options: [] }, ['A'], none, tZh)).toBe('正確答案：對');
    expect(correctLine({ ...base, questionType: 2 }, ['A', 'C'], none, tEn)).toBe('Correct answer: A. Taipei、C. Keelung');
    expect(correctLine({ ...base, questionType: 4 }, [], none, tEn)).toBeNull();
    expect(correctLine({ ...base, questionType: 5, options: [] }, [], { ...none, acceptedAnswers: ['玉山', 'Yushan'] }, tZh)).toBe('正確答案：玉山、Yushan');
    expect(correctLine({ ...base, questionType: 6, options: [], slider: { min: 0, max: 100, step: 1, unit: 'km' } }, [], { ...none, sliderAnswer: 70, sliderTolerance: 5 }, tEn)).toBe('Correct value: 70 km');
    expect(correctLine({ ...base, questionType: 7 }, ['B', 'C', 'A'], none, tEn)).toBe('Correct order: B. Tainan → C. Keelung → A. Taipei');
    expect(correctLine({ ...base, questionType: 8, options: [] }, [], none, tEn)).toBeNull();
    expect(correctLine({ ...base, questionType: 5, options: [] }, [], null, tEn), 'not published yet').toBeNull();
  });

  it('marks the histogram range that holds the answer, and counts shares of the largest', () => {
    const bars = histogramBars(reveal);
    expect(bars.map((bar) => bar.holdsAnswer)).toEqual([false, true, false, false]);
    expect(bars.map((bar) => bar.share)).toEqual([0.25, 1, 0.5, 0]);
    expect(histogramBars({ ...reveal, slider_answer: 100 }).at(-1)?.holdsAnswer, 'the last range includes its end').toBe(true);
    expect(histogramBars(null)).toEqual([]);
  });

  it('keeps the reveal of a published answer, shows a poll without a correct option, and a slide as a slide', () => {
    const poll = { ...slider, id: 4, question_type: 4 as const, slider: null, options: [{ title: 'A' as const, text: 'Tea', img: '' }, { title: 'B' as const, text: 'Coffee', img: '' }] };
    const state: DisplayState = {
      server_time: '2026-11-22T04:00:00.000Z',
      game: { id: 3, title: 'Game', type: 1, status: 1, player_count: 2, pin: '123456' },
      question: { question: poll, status: 1, shown_at: '', deadline: null, answer: null, reveal: null, counts: null },
      ranking: null,
      finished: false,
      stage_message: null,
      join_url: null,
    };
    const published = applyFrame(state, { type: 'server.answerPublished', data: { question_id: 4, answer: [], counts: { A: 1, B: 3 }, total: 4, reveal: { ...reveal, explanation: 'Votes' } } }).state!;
    expect(published.question?.reveal?.explanation).toBe('Votes');
    expect(answerBars(published.question!).map((bar) => [bar.title, bar.count, bar.correct])).toEqual([
      ['A', 1, false],
      ['B', 3, false],
    ]);
    expect(isSlide(published.question)).toBe(false);
    expect(isSlide({ ...published.question!, question: { ...poll, question_type: 8, options: [] } })).toBe(true);
  });
});
