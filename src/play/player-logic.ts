/**
 * The player machine (machines/player) wired to the real calls: POST /api/play/join and /state
 * through the audience's API client, the answer over the game's open WebSocket (falling back to POST
 * /api/play/answer, see sendAnswer), the contract's snake_case shapes mapped to the machine's view,
 * and the player token and the waiting answer kept in local storage (./storage.ts).
 */
import { playerMachine } from '@machines/player/player.machine';
import type { AnswerInput, AnswerOutput, GameEventsInput, JoinedEndedGame, JoinInput, JoinOutput, PendingAnswer, PlayerEvent, PlayerView, PublicQuestion, TokenInput, Unreachable } from '@machines/player/types';
import { fromPromise, type CallbackActorLogic } from 'xstate';
import { PlayApiError, unwrap, type PlayApi, type PlaySchemas } from '@/audience/api';
import { RealtimeRequestUnavailable, type RealtimeClient } from '@/shared/realtime/client';
import { pendingStorage, type StoredPlayer } from './storage';

export function toPublicQuestion(q: PlaySchemas['PublicQuestion']): PublicQuestion {
  return {
    id: q.id,
    title: q.title,
    questionText: q.question_text,
    questionImg: q.question_img,
    questionType: q.question_type,
    options: q.options.map((o) => ({ title: o.title, text: o.text, img: o.img })),
    slider: q.slider && { min: q.slider.min, max: q.slider.max, step: q.slider.step, unit: q.slider.unit },
    level: q.level,
    isBonus: q.is_bonus === 1,
    preVideoUrl: q.pre_video_url,
    answeringSeconds: q.have_answering_time === 1 ? q.answering_time : null,
  };
}

const time = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

export function toPlayerView(data: PlaySchemas['PlayerStateData']): PlayerView {
  const q = data.question;
  return {
    serverTime: Date.parse(data.server_time),
    gameEnded: data.finished,
    question: q && {
      question: toPublicQuestion(q.question),
      status: q.status,
      deadline: time(q.deadline),
      canAnswer: q.can_answer,
      answer: q.answer,
      reveal: q.reveal && {
        explanation: q.reveal.explanation,
        acceptedAnswers: q.reveal.accepted_answers,
        sliderAnswer: q.reveal.slider_answer,
        sliderTolerance: q.reveal.slider_tolerance,
      },
      refusal: q.refusal,
    },
    myAnswer: data.my_answer && {
      choices: data.my_answer.choices,
      text: data.my_answer.text,
      value: data.my_answer.value,
      correct: data.my_answer.correct,
      points: data.my_answer.points,
      elapsedMs: data.my_answer.elapsed_ms,
    },
    score: data.player.score,
    levelReached: data.player.level,
    rank: data.rank && { position: data.rank.position, total: data.rank.total, questionId: data.rank.question_id },
    nickname: data.player.nickname,
    gameTitle: data.game.title,
    playerId: data.player.id,
    disqualified: data.player.disqualified && { reason: data.player.disqualified.reason },
  };
}

/** The page's live connection (live-link.ts): answers go over it while it is open. */
export interface AnswerChannel {
  socket: Pick<RealtimeClient, 'request'> | null;
}

/**
 * The answer over the open WebSocket (a request frame; the server needs no HTTP request per answer
 * in a burst of thousands), or POST /api/play/answer when the socket cannot carry it. The reply is
 * the POST's envelope, so a refusal is the same PlayApiError either way. If the frame went out but
 * its reply was lost, the POST may find the answer stored already: then the stored answer (read with
 * /state) is the result, not an error.
 */
export async function sendAnswer(api: PlayApi, channel: AnswerChannel, input: AnswerInput): Promise<PlaySchemas['AnswerData']> {
  const body: PlaySchemas['AnswerRequest'] = { question_id: input.questionId };
  if (input.choices !== undefined) body.choices = input.choices;
  if (input.text !== undefined) body.text = input.text;
  if (input.value !== undefined) body.value = input.value;
  let sent = false;
  if (channel.socket) {
    try {
      return unwrap<PlaySchemas['AnswerData']>((await channel.socket.request('answer', body)).body);
    } catch (error) {
      if (!(error instanceof RealtimeRequestUnavailable)) throw error;
      sent = error.sent;
    }
  }
  try {
    return await api.answer(input.token, body);
  } catch (error) {
    if (!sent || !(error instanceof PlayApiError) || error.code !== 201) throw error;
    const stored = (await api.state(input.token).catch(() => null))?.my_answer;
    if (stored?.question_id === body.question_id) return { answer: stored };
    throw error;
  }
}

/** The machine's calls reject with a RejectedToken when the server does not know the token. */
function rejectedToken(error: unknown): never {
  if (error instanceof PlayApiError && error.tokenRejected) throw { tokenRejected: true, message: error.message };
  throw error;
}

/** An answer the server did not decide (no network, no reply, a failure) is Unreachable: the machine keeps it. */
function answerError(error: unknown): never {
  if (error instanceof PlayApiError && error.transient) throw { unreachable: true, message: error.message } satisfies Unreachable;
  if (error instanceof RealtimeRequestUnavailable) throw { unreachable: true, message: error.message } satisfies Unreachable;
  return rejectedToken(error);
}

/** A join refused because the game has ended carries the game's title and final ranking. */
function endedGame(error: unknown): JoinedEndedGame | null {
  if (!(error instanceof PlayApiError) || error.code !== 201 || !error.data || typeof error.data !== 'object') return null;
  const data = error.data as Partial<PlaySchemas['JoinEndedData']>;
  if (typeof data.title !== 'string') return null;
  const ranking = data.ranking ?? null;
  return {
    gameEnded: true,
    message: error.message,
    game: {
      title: data.title,
      ranking: ranking && { total: ranking.total, list: ranking.list.map((r) => ({ rank: r.rank, nickname: r.nickname, score: r.score, level: r.level })) },
    },
  };
}

/** The page's live link (live-link.ts createPlayerLink): its client carries the answers, `gameEvents` the topic, `stage` the stage message /state tells of. */
export interface PlayerLogicLink {
  client: NonNullable<AnswerChannel['socket']>;
  gameEvents: CallbackActorLogic<PlayerEvent, GameEventsInput>;
  stage?: { set(message: PlaySchemas['StageMessage'] | null): void };
}

export function playerLogic(api: PlayApi, store: { joined: (player: StoredPlayer) => void; forget: () => void }, link?: PlayerLogicLink) {
  let lastPin = '';
  const channel: AnswerChannel = { socket: link?.client ?? null };
  return playerMachine.provide({
    actors: {
      ...(link ? { gameEvents: link.gameEvents } : {}),
      join: fromPromise<JoinOutput, JoinInput>(async ({ input }) => {
        lastPin = input.pin;
        const data = await api.join(input.pin, input.nickname).catch((error: unknown) => {
          throw endedGame(error) ?? error;
        });
        return { token: data.player_token, player: { id: data.player.id, nickname: data.player.nickname, gameId: data.player.trivia_game_id } };
      }),
      loadState: fromPromise<PlayerView, TokenInput>(({ input }) =>
        api.state(input.token).then((data) => {
          link?.stage?.set(data.stage_message ?? null);
          return toPlayerView(data);
        }, rejectedToken),
      ),
      submitAnswer: fromPromise<AnswerOutput, AnswerInput>(async ({ input }) => {
        const data = await sendAnswer(api, channel, input).catch(answerError);
        return { choices: data.answer.choices, text: data.answer.text, value: data.answer.value, elapsedMs: data.answer.elapsed_ms };
      }),
    },
    actions: {
      storeToken: (_, params: { token: string | null }) => (params.token ? store.joined({ token: params.token, pin: lastPin }) : store.forget()),
      storePending: ({ context }, params: { pending: PendingAnswer | null }) => pendingStorage.set(context.token, params.pending),
    },
  });
}
