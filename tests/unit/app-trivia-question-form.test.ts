/**
 * The question dialog's glue to the shared rules (src/app/features/trivia-game/lib/question-form.ts):
 * a stored question round-trips into a draft, the body drops what the game type does not use, rule
 * keys become the domain's sentences in the UI language, only touched fields show errors before the
 * first save, server messages merge without repeats, and only images are uploaded. Per kind (3–8):
 * what the body sends, an ordering question's letters shuffled out of the right order, the accepted
 * answers' bounds, and each kind's rule messages in both languages.
 */
import { describe, expect, it } from 'vitest';
import { changeQuestionType, defaultQuestionDraft, moveInOrder, type QuestionDraft, type QuestionType, validateQuestion } from '@/domain/question-rules';
import {
  addAcceptedAnswer,
  addToOrder,
  canRemoveAcceptedAnswer,
  domainLang,
  draftFromQuestion,
  formatFieldErrors,
  isImageFile,
  mergeMessages,
  orderOf,
  questionBody,
  removeAcceptedAnswer,
  removeFromOrder,
  shuffleOrderLetters,
  unplacedMessages,
  visibleErrors,
} from '@/app/features/trivia-game/lib/question-form';

const stored = {
  id: 7,
  trivia_game_id: 3,
  title: '顏色題',
  question_text: '哪一個是黃色？',
  question_img: '',
  pre_video_url: '',
  level_id: 4,
  have_answering_time: 0 as const,
  answering_time: 20,
  score: 10,
  question_type: 1 as const,
  is_bonus: 0 as const,
  options: [
    { title: 'A' as const, text: '紅', img: '' },
    { title: 'B' as const, text: '黃', img: '' },
  ],
  answer: ['B' as const],
  accepted_answers: [],
  ignore_punctuation: 0 as const,
  slider: null,
  explanation: '<p><b>黃</b>是香蕉的顏色</p>',
  notes: '',
  status: 0 as const,
  sort: 1,
};

describe('question form glue', () => {
  it('turns a stored question into a draft the rules accept, without its id, status or order', () => {
    const draft = draftFromQuestion(stored);
    expect(draft).not.toHaveProperty('id');
    expect(draft).not.toHaveProperty('status');
    expect(validateQuestion(draft, { gameType: 2, levelIds: [4] })).toEqual({});
  });

  it('drops the level and keeps the time limit on for a speed contest; drops the bonus for a level game', () => {
    const draft = { ...draftFromQuestion(stored), is_bonus: 1 as const, title: '  顏色題 ' };
    expect(questionBody(draft, 1)).toMatchObject({ level_id: 0, have_answering_time: 1, is_bonus: 1, title: '顏色題' });
    expect(questionBody(draft, 2)).toMatchObject({ level_id: 4, have_answering_time: 0, is_bonus: 0 });
  });

  it('words rule errors with the domain messages in the UI language (the product wording in Chinese, word for word)', () => {
    const errors = validateQuestion(defaultQuestionDraft(), { gameType: 2 });
    const zh = formatFieldErrors(errors, domainLang('zh-TW'));
    expect(zh).toMatchObject({
      title: ['請輸入標題'],
      level_id: ['請選擇關卡'],
      question_text: ['請輸入題目文字或選擇題目圖片'],
      options: ['請輸入答案或選擇答案圖片'],
      answer: ['請至少選擇一個答案'],
    });
    expect(formatFieldErrors(errors, domainLang('en-US')).title).toEqual(['Please enter a title']);
  });

  it('shows only the touched fields before the first save, everything after', () => {
    const errors = validateQuestion(defaultQuestionDraft(), { gameType: 1 });
    expect(Object.keys(visibleErrors(errors, new Set()))).toEqual([]);
    expect(Object.keys(visibleErrors(errors, new Set(['title'])))).toEqual(['title']);
    expect(visibleErrors(errors, 'all')).toBe(errors);
  });

  it('merges server messages under the same field without repeating a sentence, and finds the ones no field shows', () => {
    expect(mergeMessages({ title: ['請輸入標題'] }, { title: ['請輸入標題', '太長'], sort: ['x'] })).toEqual({ title: ['請輸入標題', '太長'], sort: ['x'] });
    expect(unplacedMessages({ title: ['a'], trivia_game_id: ['b'] }, (field) => field === 'title')).toEqual(['b']);
  });

  it('accepts images only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/webp' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});

/** A filled question of `type`: what the dialog holds after the user picked the kind and typed the rest. */
function filled(type: QuestionType, change: (draft: QuestionDraft) => QuestionDraft = (d) => d): QuestionDraft {
  const base = { ...defaultQuestionDraft(), title: '題', question_text: '問題', explanation: '<p>因為</p>' };
  return change(changeQuestionType(base, type));
}

/** A random source that walks a fixed list (the shuffle's draws in a test). */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('the kinds in the dialog', () => {
  it('true/false: the answer is True or False; the body carries the two fixed options', () => {
    const draft = filled(3);
    const zh = formatFieldErrors(validateQuestion(draft, { gameType: 1 }), 'zh-TW');
    expect(zh.answer).toEqual(['請選擇「對」或「錯」為答案']);
    expect(formatFieldErrors(validateQuestion(draft, { gameType: 1 }), 'en').answer).toEqual(['Please choose True or False as the answer']);
    const body = questionBody({ ...draft, answer: ['B'], options: [{ title: 'A', text: 'left over', img: '' }] }, 1);
    expect(body).toMatchObject({ question_type: 3, answer: ['B'], accepted_answers: [], slider: null, explanation: '<p>因為</p>' });
    expect(body.options.map((o) => o.title)).toEqual(['A', 'B']);
    expect(validateQuestion(body, { gameType: 1 })).toEqual({});
  });

  it('poll: options without a correct answer are valid; the body sends no answer', () => {
    const draft = filled(4, (d) => ({ ...d, options: [{ title: 'A', text: '貓', img: '' }, { title: 'B', text: '狗', img: '' }] }));
    expect(validateQuestion(draft, { gameType: 1 })).toEqual({});
    expect(questionBody({ ...draft, answer: ['A'] }, 1).answer).toEqual([]);
    expect(formatFieldErrors(validateQuestion(filled(4), { gameType: 1 }), 'en').options).toEqual(['Please enter the answers or choose answer images']);
  });

  it('type answer: starts with one empty accepted answer, keeps 1 to 20, and sends them trimmed without the empty ones', () => {
    let draft = filled(5);
    expect(draft.accepted_answers).toEqual(['']);
    expect(formatFieldErrors(validateQuestion(draft, { gameType: 1 }), 'zh-TW').accepted_answers).toEqual(['請輸入 1 到 20 個可接受的答案']);
    expect(formatFieldErrors(validateQuestion(draft, { gameType: 1 }), 'en').accepted_answers).toEqual(['Please enter 1 to 20 accepted answers']);
    expect(canRemoveAcceptedAnswer(draft)).toBe(false);
    expect(removeAcceptedAnswer(draft, 0)).toBe(draft);
    for (let i = 0; i < 25; i++) draft = addAcceptedAnswer(draft);
    expect(draft.accepted_answers).toHaveLength(20);
    draft = { ...draft, accepted_answers: [' 台北 ', '臺北', ...draft.accepted_answers.slice(2)] };
    // Traditional and Simplified, or the same after folding: listed twice.
    expect(formatFieldErrors(validateQuestion(draft, { gameType: 1 }), 'en').accepted_answers).toEqual(['An accepted answer is listed twice']);
    draft = { ...draft, accepted_answers: [' 台北 ', 'Taipei', ''], ignore_punctuation: 1 };
    expect(validateQuestion(draft, { gameType: 1 })).toEqual({});
    expect(questionBody(draft, 1)).toMatchObject({ accepted_answers: ['台北', 'Taipei'], ignore_punctuation: 1, options: [], answer: [], slider: null });
    expect(removeAcceptedAnswer(draft, 1).accepted_answers).toEqual([' 台北 ', '']);
  });

  it('slider: starts from 0–100 step 1; each broken rule is said under its field in both languages', () => {
    const draft = filled(6);
    expect(draft.slider).toEqual({ min: 0, max: 100, step: 1, answer: 50, tolerance: 0, unit: '' });
    expect(validateQuestion(draft, { gameType: 1 })).toEqual({});
    const cases: Array<[Partial<NonNullable<QuestionDraft['slider']>>, string, string, string]> = [
      [{ max: 0 }, 'slider.max', '最大值需大於最小值', 'The maximum must be greater than the minimum'],
      [{ step: 3 }, 'slider.step', '間距需大於 0，且最小值到最大值需為間距的整數倍', 'The step must be above 0 and divide the range from the minimum to the maximum'],
      [{ answer: 101 }, 'slider.answer', '答案需介於最小值與最大值之間，且落在間距上', 'The answer must be between the minimum and the maximum, on a step'],
      [{ tolerance: -1 }, 'slider.tolerance', '容許誤差不可小於 0', 'The tolerance cannot be less than 0'],
      [{ min: Number.NaN }, 'slider', '請設定滑桿的範圍與答案', "Please set the slider's range and answer"],
    ];
    for (const [change, field, zh, en] of cases) {
      const errors = validateQuestion({ ...draft, slider: { ...draft.slider!, ...change } }, { gameType: 1 });
      expect(formatFieldErrors(errors, 'zh-TW')[field]).toEqual([zh]);
      expect(formatFieldErrors(errors, 'en')[field]).toEqual([en]);
    }
    const body = questionBody({ ...draft, slider: { min: 0, max: 10, step: 0.5, answer: 7.5, tolerance: 0.5, unit: ' km ' } }, 2);
    expect(body).toMatchObject({ options: [], answer: [], slider: { min: 0, max: 10, step: 0.5, answer: 7.5, tolerance: 0.5, unit: 'km' } });
  });

  it('ordering: lists the options in their correct order, moves them up and down, adds and removes keeping the order', () => {
    let draft = filled(7, (d) => ({ ...d, options: ['一', '二', '三'].map((text, i) => ({ title: (['A', 'B', 'C'] as const)[i]!, text, img: '' })) }));
    expect(orderOf(draft)).toEqual(['A', 'B', 'C']);
    draft = moveInOrder({ ...draft, answer: orderOf(draft) }, 'C', -1);
    expect(orderOf(draft)).toEqual(['A', 'C', 'B']);
    draft = addToOrder(draft);
    expect(orderOf(draft)).toEqual(['A', 'C', 'B', 'D']);
    draft = removeFromOrder(draft, 'A');
    // B, C, D became A, B, C: the order (C, B, D) is now (B, A, C).
    expect(draft.options.map((o) => o.text)).toEqual(['二', '三', '']);
    expect(orderOf(draft)).toEqual(['B', 'A', 'C']);
    expect(formatFieldErrors(validateQuestion(draft, { gameType: 1 }), 'zh-TW')['options.2.text']).toEqual(['請輸入答案']);
  });

  it('ordering: the body gives the letters out of order, and the answer still names the options in the right order', () => {
    const draft = filled(7, (d) => ({
      ...d,
      options: ['一', '二', '三', '四'].map((text, i) => ({ title: (['A', 'B', 'C', 'D'] as const)[i]!, text, img: '' })),
      answer: ['D', 'A', 'C', 'B'],
    }));
    const correctTexts = ['四', '一', '三', '二'];
    for (const random of [draws(0), draws(0.99), draws(0.5, 0.2, 0.7), Math.random]) {
      const body = questionBody(draft, 1, random);
      expect(body.options.map((o) => o.title)).toEqual(['A', 'B', 'C', 'D']);
      expect(body.answer).not.toEqual(['A', 'B', 'C', 'D']);
      expect(body.answer.map((title) => body.options.find((o) => o.title === title)!.text)).toEqual(correctTexts);
      expect(validateQuestion(body, { gameType: 1 })).toEqual({});
    }
    // Two options: the only order that is not A, B.
    const two = filled(7, (d) => ({ ...d, options: [{ title: 'A', text: '先', img: '' }, { title: 'B', text: '後', img: '' }] }));
    const shuffled = shuffleOrderLetters(two, draws(0.99));
    expect(shuffled.answer).toEqual(['B', 'A']);
    expect(shuffled.options).toEqual([{ title: 'A', text: '後', img: '' }, { title: 'B', text: '先', img: '' }]);
  });

  it('content slide: no options, no answers, no countdown; text (or a video alone) is enough', () => {
    const draft = filled(8, (d) => ({ ...d, answering_time: 0 }));
    expect(validateQuestion(draft, { gameType: 1 })).toEqual({});
    expect(validateQuestion({ ...draft, question_text: '', pre_video_url: 'https://example.com/v.mp4' }, { gameType: 1 })).toEqual({});
    expect(questionBody(draft, 1)).toMatchObject({ options: [], answer: [], accepted_answers: [], slider: null });
  });

  it('reads a stored question of each new kind back as it was saved', () => {
    const body = questionBody(filled(6, (d) => ({ ...d, slider: { min: 1, max: 5, step: 1, answer: 3, tolerance: 1, unit: '顆' } })), 1);
    const again = draftFromQuestion({ ...stored, ...body, id: 9, status: 0, sort: 2 });
    expect(again).toEqual(body);
  });
});
