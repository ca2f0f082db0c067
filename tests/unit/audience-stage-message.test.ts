/**
 * The stage message as the audience's pages follow it (@/audience/stage-message): put up, replaced
 * and taken off by `server.stageMessage`, carried by every snapshot, and gone once the next question
 * is shown — on the big screen's state (@/quiz/display-state) as on the phone's card.
 */
import { describe, expect, it } from 'vitest';
import type { PlaySchemas } from '@/audience/api';
import { stageMessageAfter } from '@/audience/stage-message';
import { applyFrame, type DisplayState } from '@/quiz/display-state';

const pause = { title: '休息 10 分鐘', text: '十點二十分回來' };
const round = { title: '下一輪：台灣地理', text: '' };
const put = (stage_message: PlaySchemas['StageMessage'] | null) => ({ type: 'server.stageMessage', data: { trivia_game_id: 3, stage_message } });
const lobby: DisplayState = {
  server_time: '2026-11-22T04:00:00.000Z',
  game: { id: 3, title: 'Game', type: 1, status: 1, player_count: 2, pin: '123456' },
  question: null,
  ranking: null,
  finished: false,
  stage_message: null,
  join_url: null,
};
const question: PlaySchemas['PublicQuestion'] = {
  id: 7,
  title: 'Q',
  question_text: 'Highest?',
  question_img: '',
  pre_video_url: '',
  question_type: 1,
  options: [{ title: 'A', text: 'Jade', img: '' }],
  slider: null,
  level: null,
  is_bonus: 0,
  have_answering_time: 1,
  answering_time: 20,
};
const shown = { type: 'server.questionShown', data: { question_id: 7, question, shown_at: lobby.server_time, deadline: null, server_time: lobby.server_time } };

describe('the stage message on the phone', () => {
  it('is put up, replaced and taken off by the operator', () => {
    const up = stageMessageAfter(null, put(pause));
    expect(up).toEqual(pause);
    const replaced = stageMessageAfter(up, put(round));
    expect(replaced).toEqual(round);
    expect(stageMessageAfter(replaced, put(null))).toBeNull();
  });

  it('comes with the snapshot of a (re)subscription, and goes when the next question is shown', () => {
    const resumed = stageMessageAfter(null, { type: 'server.snapshot', data: { ...lobby, stage_message: pause } });
    expect(resumed).toEqual(pause);
    expect(stageMessageAfter(resumed, { type: 'server.playerJoined', data: { count: 3 } })).toEqual(pause);
    expect(stageMessageAfter(resumed, shown)).toBeNull();
    // A snapshot without one takes the one shown off (it was taken off while the phone was away).
    expect(stageMessageAfter(pause, { type: 'server.snapshot', data: lobby })).toBeNull();
  });
});

describe('the stage message on the big screen', () => {
  it('covers the screen once put up, and changes nothing else', () => {
    const { state, refresh } = applyFrame(lobby, put(pause));
    expect(refresh).toBe(false);
    expect(state).toEqual({ ...lobby, stage_message: pause });
    expect(applyFrame(state, put(round)).state?.stage_message).toEqual(round);
    expect(applyFrame(state, put(null)).state?.stage_message).toBeNull();
  });

  it('is gone once the next question is shown', () => {
    const up = applyFrame(lobby, put(pause)).state;
    const next = applyFrame(up, shown).state;
    expect(next?.question?.question.id).toBe(7);
    expect(next?.stage_message).toBeNull();
  });
});
