/**
 * The pure pieces of the audience's pages: the big screen's state under the real-time events and the
 * screen it leads to, the answer chart's bars, the display session's address, language detection,
 * the player's resumable token and the mapping of /state, and the envelope.
 */
import { describe, expect, it } from 'vitest';
import type { PlayApiError} from '@/audience/api';
import { unwrap, type PlaySchemas } from '@/audience/api';
import { detectLanguage, normaliseLanguage, readCookie } from '@/audience/i18n';
import { answerBars, applyFrame, displayJoinUrl, displayScreen, isPromoted, joinUrl, promotedPlayers, type DisplayState } from '@/quiz/display-state';
import { withoutToken } from '@/quiz/display-session';
import { snapshotDiffers } from '@/play/live-link';
import { toPlayerView } from '@/play/player-logic';
import { resumableToken } from '@/play/storage';

const question: PlaySchemas['PublicQuestion'] = {
  id: 7,
  title: 'Q',
  question_text: 'Highest?',
  question_img: '',
  pre_video_url: '',
  question_type: 1,
  options: [
    { title: 'A', text: 'Xue', img: '' },
    { title: 'B', text: 'Yu', img: '' },
    { title: 'C', text: 'He', img: '' },
  ],
  slider: null,
  level: 1,
  is_bonus: 0,
  have_answering_time: 1,
  answering_time: 20,
};
const lobby: DisplayState = {
  server_time: '2026-11-22T04:00:00.000Z',
  game: { id: 3, title: 'Game', type: 2, status: 1, player_count: 0, pin: '123456' },
  question: null,
  ranking: null,
  finished: false,
  stage_message: null,
  join_url: null,
};
const item = (rank: number, level: number): PlaySchemas['RankItem'] => ({ rank, player_id: rank, nickname: `P${rank}`, score: 10, level, elapsed_ms: 100 });

describe('the promotions the big screen announces', () => {
  it('counts every ranked player above the level just played, not only the top 10', () => {
    const levels = [
      { level: 1, players: 40 },
      { level: 2, players: 13 },
      { level: 3, players: 2 },
    ];
    expect(promotedPlayers(levels, 1)).toBe(15);
    expect(promotedPlayers(levels, 2)).toBe(2);
    expect(promotedPlayers(levels, 3)).toBe(0);
    expect(promotedPlayers(levels, null)).toBe(0);
  });
});

describe('the big screen through a question', () => {
  it('goes lobby → question → answer → ranking → final as the events arrive', () => {
    let state: DisplayState | null = applyFrame(null, { type: 'server.snapshot', data: lobby }).state;
    expect(displayScreen(state!)).toBe('lobby');
    state = applyFrame(state, { type: 'server.playerJoined', data: { count: 4 } }).state;
    expect(state!.game.player_count).toBe(4);
    const shown = applyFrame(state, {
      type: 'server.questionShown',
      data: { question_id: 7, question, shown_at: '2026-11-22T04:00:01.000Z', deadline: '2026-11-22T04:00:21.000Z', server_time: '2026-11-22T04:00:01.000Z' },
    });
    expect(shown.refresh).toBe(false);
    state = shown.state;
    expect(displayScreen(state!)).toBe('question');
    state = applyFrame(state, { type: 'server.answerPublished', data: { question_id: 7, answer: ['B'], counts: { A: 1, B: 4 }, total: 5 } }).state;
    expect(displayScreen(state!)).toBe('answer');
    expect(answerBars(state!.question!)).toEqual([
      { title: 'A', text: 'Xue', count: 1, share: 0.25, correct: false },
      { title: 'B', text: 'Yu', count: 4, share: 1, correct: true },
      { title: 'C', text: 'He', count: 0, share: 0, correct: false },
    ]);
    state = applyFrame(state, {
      type: 'server.rankingPublished',
      data: {
        ranking_id: 1,
        question_id: 7,
        published_at: '2026-11-22T04:00:30.000Z',
        total: 2,
        levels: [
          { level: 1, players: 1 },
          { level: 2, players: 1 },
        ],
        list: [item(1, 2), item(2, 1)],
      },
    }).state;
    expect(displayScreen(state!)).toBe('ranking');
    expect(state!.ranking!.list.filter((i) => isPromoted(i, state!.question!.question.level)).map((i) => i.nickname)).toEqual(['P1']);
    expect(promotedPlayers(state!.ranking!.levels, state!.question!.question.level)).toBe(1);
    const ended = applyFrame(state, { type: 'server.gameEnded', data: { ended_at: '2026-11-22T04:01:00.000Z' } });
    expect(displayScreen(ended.state!)).toBe('final');
    expect(ended.refresh, 'the final state is read again').toBe(true);
  });

  it('asks for the state when an event lacks what the screen needs', () => {
    expect(applyFrame(lobby, { type: 'server.questionShown', data: { question_id: 7, question: null, shown_at: '', deadline: null, server_time: '' } }).refresh).toBe(true);
    expect(applyFrame(lobby, { type: 'server.answerPublished', data: { question_id: 9, answer: ['A'], counts: {}, total: 0 } }).refresh).toBe(true);
    expect(applyFrame(null, { type: 'server.playerJoined', data: { count: 1 } }).refresh).toBe(true);
  });

  it('reads the state for the whole reveal when the event came without its explanation', () => {
    const shown = applyFrame(lobby, {
      type: 'server.questionShown',
      data: { question_id: 7, question, shown_at: '2026-11-22T04:00:01.000Z', deadline: '2026-11-22T04:00:21.000Z', server_time: '2026-11-22T04:00:01.000Z' },
    }).state;
    const reveal = (explanation: string) => ({ explanation, accepted_answers: [], typed: [], slider_answer: null, slider_tolerance: null, histogram: [] });
    const published = (explanation: string) =>
      applyFrame(shown, { type: 'server.answerPublished', data: { question_id: 7, answer: ['B'], counts: { B: 1 }, total: 1, reveal: reveal(explanation) } });
    // A long explanation is left out of the event (empty): the screen asks for it.
    expect(published('').refresh).toBe(true);
    expect(published('').state!.question!.answer).toEqual(['B']);
    expect(published('<p>Short</p>').refresh).toBe(false);
  });

  it('gives the join link and drops the code from the address', () => {
    expect(joinUrl('https://quiz.example', '012345')).toBe('https://quiz.example/play?pin=012345');
    // The server's join_url (a public URL) wins over the page's own address, and survives the events.
    expect(displayJoinUrl(lobby, 'http://localhost:8080')).toBe('http://localhost:8080/play?pin=123456');
    const published = { ...lobby, join_url: 'https://quiz.example/play?pin=123456' };
    const joined = applyFrame(published, { type: 'server.playerJoined', data: { count: 2 } }).state!;
    expect(displayJoinUrl(joined, 'http://localhost:8080')).toBe('https://quiz.example/play?pin=123456');
    expect(withoutToken('http://h/quiz?token=abc&company_id=1&trivia_game_id=9')).toBe('/quiz?company_id=1&trivia_game_id=9');
  });
});

describe('the player page', () => {
  it('resumes with the stored token unless the address names another game', () => {
    expect(resumableToken(null, '123456')).toBeNull();
    expect(resumableToken({ token: 't', pin: '123456' }, '123456')).toBe('t');
    expect(resumableToken({ token: 't', pin: '123456' }, null)).toBe('t');
    expect(resumableToken({ token: 't', pin: '123456' }, '654321')).toBeNull();
  });

  it('maps /state to the machine view with the receipt time and the refusal', () => {
    const view = toPlayerView({
      server_time: '2026-11-22T04:00:05.000Z',
      game: lobby.game,
      player: { id: 1, nickname: 'Ann', join_order: 1, score: 10, level: 1, disqualified: null },
      question: { question, status: 1, shown_at: '2026-11-22T04:00:01.000Z', deadline: '2026-11-22T04:00:21.000Z', answer: null, reveal: null, can_answer: false, refusal: 'answered' },
      my_answer: { question_id: 7, choices: ['B'], text: null, value: null, received_at: '2026-11-22T04:00:03.300Z', elapsed_ms: 2_300, correct: null, points: null },
      rank: null,
      finished: false,
      stage_message: null,
    });
    expect(view).toMatchObject({
      serverTime: Date.parse('2026-11-22T04:00:05.000Z'),
      question: { status: 1, deadline: Date.parse('2026-11-22T04:00:21.000Z'), canAnswer: false, refusal: 'answered', question: { id: 7, answeringSeconds: 20, level: 1 } },
      myAnswer: { choices: ['B'], elapsedMs: 2_300 },
      score: 10,
      levelReached: 1,
      nickname: 'Ann',
    });
    expect(snapshotDiffers(lobby, view), 'the snapshot has no question, the phone has one').toBe(true);
    expect(snapshotDiffers({ ...lobby, question: { question, status: 1, shown_at: '', deadline: null, answer: null, reveal: null, counts: null } }, view)).toBe(false);
  });
});

describe('languages and the envelope', () => {
  it('takes ?lang, then the cookie, then the browser, else English', () => {
    expect(detectLanguage('en', 'zh-TW', ['zh-TW'])).toBe('en');
    expect(detectLanguage('zh', null, [])).toBe('zh-TW');
    expect(detectLanguage(null, 'zh-TW', ['en-US'])).toBe('zh-TW');
    expect(detectLanguage('fr', 'xx', ['fr-FR', 'zh-HK'])).toBe('zh-TW');
    expect(detectLanguage(null, null, ['de-DE'])).toBe('en');
    expect(normaliseLanguage('EN-gb')).toBe('en');
    expect(readCookie('language', 'a=1; language=zh-TW; b=2')).toBe('zh-TW');
  });

  it('turns an envelope into data or an error with the server message', () => {
    expect(unwrap({ code: 200, message: 'OK', data: { x: 1 } })).toEqual({ x: 1 });
    expect(() => unwrap({ code: 201, message: '此暱稱已有人使用，請換一個', data: null })).toThrow('此暱稱已有人使用，請換一個');
    const rejected = (() => {
      try {
        unwrap({ code: 202, message: 'join again', data: null });
      } catch (error) {
        return error as PlayApiError;
      }
    })();
    expect(rejected?.tokenRejected).toBe(true);
    expect(() => unwrap({ code: 422, message: 'invalid', data: { errors: { nickname: ['暱稱最多 20 個字'] } } })).toThrow('暱稱最多 20 個字');
  });
});
