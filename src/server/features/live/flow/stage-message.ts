/**
 * The stage message (`POST /triviaGame/stageMessage`): a title card the operator puts on the game's
 * display and phones between questions, or takes off (null). Only the screen holding control may do
 * it (control/lease.ts, as a game-flow step), never on an ended game. Stored on the game, so the
 * public state (/state, /display/state) and the operator's snapshot carry it to a screen that
 * reconnects; the next question shown takes it off (flow.ts, step 2), a reset too. Returns the
 * events to publish after the commit (`server.stageMessage`, operator and public topics).
 */
import { businessError, FieldErrors, recordNotFound } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import { translate, type Lang, type MessageKey } from '../../../i18n.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import * as q from '../queries.js';
import { requireControl } from '../control/lease.js';
import { toBothTopics, type PlaySchemas } from '../views.js';

type StageMessage = NonNullable<PlaySchemas['EventStageMessage']['stage_message']>;

export interface StageMessageInput {
  trivia_game_id: number;
  stage_message: StageMessage | null;
  /** The control screen that sends it (control/lease.ts). */
  screen_id?: string;
}

export interface StageMessageResult {
  data: PlaySchemas['EventStageMessage'];
  messageKey: MessageKey;
  events: RealtimeEvent[];
}

/** The card as stored: its title and line trimmed; a title of spaces only is no title (422). */
function cardOf(lang: Lang, input: StageMessage | null): StageMessage | null {
  if (input === null) return null;
  const card = { title: input.title.trim(), text: input.text.trim() };
  if (card.title === '') throw new FieldErrors({ 'stage_message.title': [translate(lang, 'live.stageMessage.titleRequired')] });
  return card;
}

export async function setStageMessage(db: Db, lang: Lang, companyId: number, input: StageMessageInput, now: Date, adminId: number): Promise<StageMessageResult> {
  const card = cardOf(lang, input.stage_message);
  return db.transaction(async (tx) => {
    // Under the game's row lock, as a step: a question shown meanwhile either comes first (and this
    // card goes up over it) or after (and takes it off).
    const game = await q.lockGame(tx, companyId, input.trivia_game_id);
    if (!game) throw recordNotFound();
    await requireControl(tx, game.id, input.screen_id ?? null, adminId, now);
    if (game.status !== 1) throw businessError('live.stageMessage.gameEnded');
    await q.setStageMessage(tx, game.id, card);
    const data: PlaySchemas['EventStageMessage'] = { trivia_game_id: game.id, stage_message: card };
    return { data, messageKey: card ? 'live.stageMessage.up' : 'live.stageMessage.off', events: toBothTopics(game.id, 'server.stageMessage', data) };
  });
}
