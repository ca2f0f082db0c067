/**
 * The control lease's rules. Co-hosting a live game (docs/game-rules.md, "Co-hosting and handover"): several control screens
 * may be open on one game; exactly one holds control — the control lease, a row of control_screens
 * with `holds` (one per game, by a partial unique index) — and the server takes game-flow steps from
 * that screen only (requireControl, called by flow.ts under the game's row lock).
 *
 * Presence: a control screen is present while its WebSocket listens to its own topic
 * `game:<id>:screen:<screen_id>` (the realtime client subscribes again after a reconnect, so a screen
 * that reconnects, to any instance, is present again under the same id). Each subscription gets a
 * connection id of its own: the instance that loses the socket marks the screen gone only if that
 * subscription is still the screen's current one (a late close of an old socket changes nothing).
 *
 * The rules, all in the database (valid across instances) and decided under the game's row lock:
 * - the first screen present takes control when nobody holds it (an admin with triviaGame.control);
 * - a watcher `request`s control: granted at once when nobody holds it; else pending until the
 *   holder `accept`s or `decline`s — or until the holder's connection has been lost for
 *   HANDOVER_AFTER_MS, when the server grants it (`settle`); a holder gone that long with nobody
 *   asking passes control to the screen present longest (of an admin with triviaGame.control), or,
 *   with none, to the next screen that opens or asks;
 * - the holder may `release` control (to the screen asking for it, if any);
 * - a watcher that leaves is forgotten (its request with it); a holder that leaves keeps the lease
 *   for HANDOVER_AFTER_MS, so a reload or a network blip resumes it;
 * - a step sent by no screen (a script, an API client) is refused while a present screen holds control.
 *
 * A crashed instance: each instance writes its heartbeat (server_instances) every HEARTBEAT_EVERY_MS
 * and each presence row names the instance it is present through. Every instance sweeps on its
 * heartbeat: the screens of an instance whose heartbeat is older than INSTANCE_STALE_AFTER_MS (and
 * has not moved over DEAD_AFTER_SWEEPS sweeps in a row) are gone as of that last heartbeat — a
 * holder's lease then runs out HANDOVER_AFTER_MS after it, exactly as if its socket had closed.
 * The heartbeats and sweeps run on the app's clock (a test drives them): heartbeat.ts. The lease's
 * SQL is in ../sql/control.ts; the presence of this instance's screens and the admin API's actions in
 * leases.ts.
 * Every change is published as `server.control` on the operator topic; every change of holder or
 * request is in the audit trail (operation triviaGameControl: the admin API's own entries, and the
 * server's for a take on opening, a grant by timeout and a lapse).
 */
import type { components } from '@openapi/admin-api';
import { businessError } from '../../../lib/envelope.js';
import type { MessageKey } from '../../../i18n.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import * as q from '../queries.js';
import { gameTopic, isoOrNull } from '../views.js';

export type ControlState = components['schemas']['ControlState'];
export type ControlAction = components['schemas']['TriviaGameControlRequest']['action'];

/** How long a holder's connection may be lost before control passes on (the screen asking for it, or anyone who asks next). */
export const HANDOVER_AFTER_MS = 5_000;
/** How often an instance writes its heartbeat and sweeps for the screens of dead instances. */
export const HEARTBEAT_EVERY_MS = 1_000;
/** An instance whose heartbeat is this old (and has not moved over DEAD_AFTER_SWEEPS sweeps) is dead. */
export const INSTANCE_STALE_AFTER_MS = 3_000;
/**
 * Sweeps in a row that must see the same old heartbeat: a heartbeat is judged by what this instance
 * saw happen, not by one read that may have raced the other instance's write.
 */
export const DEAD_AFTER_SWEEPS = 3;

const SCREEN_TOPIC = /^game:([1-9][0-9]{0,9}):screen:([A-Za-z0-9_-]{8,64})$/;

/** `game:<id>:screen:<screen_id>`, parsed (null for any other topic). */
export function parseScreenTopic(topic: string): { gameId: number; screenId: string } | null {
  const match = SCREEN_TOPIC.exec(topic);
  if (!match) return null;
  const gameId = Number(match[1]);
  return gameId <= 2_147_483_647 ? { gameId, screenId: match[2]! } : null;
}

type ScreenRow = q.NamedControlScreen;

/** An audit entry the server writes itself (nobody's request did it). */
export interface ServerAudit {
  adminId: number;
  username: string;
  summary: string;
}

export function stateOf(gameId: number, rows: ScreenRow[]): ControlState {
  const screen = (row: ScreenRow) => ({
    screen_id: row.screenId,
    admin_id: row.adminId,
    admin_name: row.adminName,
    connected: row.connection !== null,
    gone_at: isoOrNull(row.goneAt),
  });
  const holder = rows.find((row) => row.holds);
  const asking = rows.find((row) => row.requestedAt !== null);
  return {
    trivia_game_id: gameId,
    holder: holder ? screen(holder) : null,
    request: asking ? screen(asking) : null,
    screens: rows.map(screen),
    handover_after_ms: HANDOVER_AFTER_MS,
  };
}

export async function readControl(db: q.Queryable, gameId: number): Promise<ControlState> {
  return stateOf(gameId, await q.controlScreensOf(db, gameId));
}

export const controlEvent = (state: ControlState, topic = gameTopic(state.trivia_game_id, 'operator')): RealtimeEvent => ({
  topic,
  type: 'server.control',
  data: state,
});

/** Whether the holder's connection has been lost for HANDOVER_AFTER_MS or more. */
const goneTooLong = (row: ScreenRow, now: Date) => row.goneAt !== null && now.getTime() - row.goneAt.getTime() >= HANDOVER_AFTER_MS;

/** Whether an admin may hold control (triviaGame.control). */
export type MayControl = (adminId: number) => Promise<boolean>;

/**
 * The timeout rule, under the game's lock: a holder gone for HANDOVER_AFTER_MS is forgotten, and
 * control goes to the connected screen asking for it, else to the connected screen present longest
 * whose admin may control. Returns whether anything changed.
 */
export async function settle(db: q.Queryable, rows: ScreenRow[], now: Date, audits: ServerAudit[], mayControl: MayControl): Promise<boolean> {
  const holder = rows.find((row) => row.holds);
  if (!holder || !goneTooLong(holder, now)) return false;
  await q.deleteControlScreen(db, holder.screenId);
  const gone = `${holder.adminName} (screen gone ${HANDOVER_AFTER_MS / 1000} s)`;
  const asking = rows.find((row) => row.requestedAt !== null && row.connection !== null);
  if (asking) {
    await q.grantControl(db, asking.screenId, now);
    audits.push({ adminId: asking.adminId, username: asking.username, summary: `grant by timeout: from ${gone} to ${asking.adminName}` });
    return true;
  }
  for (const row of rows) {
    if (row === holder || row.connection === null || !(await mayControl(row.adminId))) continue;
    await q.grantControl(db, row.screenId, now);
    audits.push({ adminId: row.adminId, username: row.username, summary: `grant by timeout: from ${gone} to ${row.adminName}, present longest` });
    return true;
  }
  audits.push({ adminId: holder.adminId, username: holder.username, summary: `lapse: ${gone}, no other screen` });
  return true;
}

/**
 * The step's control check (flow.ts, under the game's row lock): a step sent by a control screen
 * (with its screen id, as the control screen always sends it) is taken only from the screen holding
 * control, and only for that screen's admin. A step sent by no screen — a script or another client
 * of the API — is refused while a present (connected) screen holds control, with the same message;
 * with no screen present it is taken (the permission triviaGame.control still applies). The server's
 * own deadline step is not checked here (it has no caller). `notHolder`: the refusal naming the
 * holder (a reset says what it refuses in its own words, flow/reset.ts).
 */
export async function requireControl(
  db: q.Queryable,
  gameId: number,
  screenId: string | null,
  adminId: number,
  now: Date,
  notHolder: MessageKey = 'live.control.notHolder',
): Promise<void> {
  const rows = await q.controlScreensOf(db, gameId);
  if (screenId === null) {
    const present = rows.find((row) => row.holds && row.connection !== null);
    if (present) throw businessError(notHolder, { name: present.adminName });
    return;
  }
  const holder = rows.find((row) => row.holds && !goneTooLong(row, now));
  if (!holder) throw businessError('live.control.notHolding');
  if (holder.screenId !== screenId || holder.adminId !== adminId) throw businessError(notHolder, { name: holder.adminName });
}

export interface ControlOutcome {
  state: ControlState;
  messageKey: MessageKey;
  /** What the audit trail says the action did. */
  summary: string;
}
