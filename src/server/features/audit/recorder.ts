/**
 * The audit trail's recorder: every admin-API operation the contract marks `x-audit` (writes, login,
 * logout) leaves one entry in audit_log (db/schema.ts auditLog).
 *
 * - Before the handler runs (preHandler: after the access hook and the body's validation) the entry
 *   is inserted as `pending`, and the handler waits for that insert: a change the handler commits can
 *   never lack its entry, even if the process dies before answering (the entry then stays pending).
 * - Once the answer is sent (onSend) the entry is finished with the outcome, the envelope's code and
 *   what the handler noted (lib/audit-note.ts), without holding the answer back: that write is not awaited by
 *   the request (its failure is logged), and `app.auditTrail.settled()` waits for such writes (tests,
 *   close).
 * - An x-audit request refused before the handler (403 permission or company, 400, 413, 422) gets
 *   one complete entry when it is known who sent it; a login, always.
 *
 * Never records a password or a token: the summary derived from a body leaves out every key that
 * looks like one, and handlers' notes say `password changed`, never the value.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationInfo } from '../../contract/spec.js';
import { resolveCompany } from '../access/plugin.js';
import { loadAccess } from '../access/access.js';
import type { AuditNote } from '../../lib/audit-note.js';
import { finishEntry, insertEntry, type AuditFields, type AuditOutcome } from './queries.js';

/** What the recorder keeps of a request between its preHandler and its answer. */
interface AuditRecord {
  /** The pending entry, once inserted. */
  id: number | null;
  fields: AuditFields;
  /** `field: file name` of a multipart upload, once the handler has read the part. */
  upload: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditTrail: {
      /** Resolves once every entry being finished in the background is written (tests, close). */
      settled(): Promise<void>;
    };
  }
  interface FastifyRequest {
    /** The recorder's own state for this request (null when the operation is not recorded). */
    auditRecord: AuditRecord | null;
  }
}

export interface AuditRecorderOptions {
  /** false records nothing (bench/audit-overhead.ts measures the recorder's cost with it). */
  enabled?: boolean;
}

export const SUMMARY_MAX_LENGTH = 500;
export const USER_AGENT_MAX_LENGTH = 300;
/** Body keys whose values never go into a summary. */
const SECRET_KEY = /password|token|secret|ticket/i;
/** Operations on the caller's own account: their target is the caller. */
const OWN_ACCOUNT_OPERATIONS = new Set(['adminUpdateSelf']);
/** Answers longer than this are not read for their code (audited writes answer small envelopes). */
const READ_ANSWER_MAX = 64 * 1024;

/** `text` cut to `max` characters with an ellipsis, never in the middle of a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

// eslint-disable-next-line no-control-regex -- control characters (newlines of rich text) are what goes
const CONTROL = /[\u0000-\u001f\u007f]+/g;

function render(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value.replace(CONTROL, ' ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(render).join(', ')}]`;
  if (typeof value === 'object') return `{${renderFields(value as Record<string, unknown>)}}`;
  return '';
}

function renderFields(object: Record<string, unknown>): string {
  return Object.entries(object)
    .filter(([key]) => !SECRET_KEY.test(key))
    .map(([key, value]) => `${key}: ${render(value)}`)
    .join(', ');
}

/** A request body in short (`title: Quiz, type: 1`), without any password, token, secret or ticket, at most 500 characters. */
export function summarizeBody(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
  return clip(renderFields(body as Record<string, unknown>), SUMMARY_MAX_LENGTH);
}

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};

function idText(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return String(value);
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'number' || typeof v === 'string')) return clip(value.join(','), 200);
  return null;
}

/** The feature an operation acts on: the first segment of its path (`/question/update` → `question`); none for `/login`. */
function featureOf(operation: OperationInfo): string {
  const segments = operation.path.split('/').filter(Boolean);
  return segments.length > 1 ? segments[0]! : '';
}

/** The object acted on, when no note says: the body's id, the id the answer created, or the game of a game's operation. */
function derivedTargetId(request: FastifyRequest, operation: OperationInfo, targetType: string, answerId: string | null): string | null {
  const body = bodyOf(request);
  const id = idText(body.id) ?? answerId ?? (targetType === 'triviaGame' ? idText(body.trivia_game_id) : null);
  if (id === null && OWN_ACCOUNT_OPERATIONS.has(operation.operationId) && request.auth) return String(request.auth.adminId);
  return id;
}

/** The company of an entry: the one a company-scoped operation acts for, else the Cid's if the admin may act for it. */
async function companyOf(request: FastifyRequest, operation: OperationInfo): Promise<number | null> {
  if (operation.companyScoped && request.companyId) return request.companyId;
  const access = request.auth?.access;
  return access ? resolveCompany(request, access) : null;
}

async function entryFields(request: FastifyRequest, operation: OperationInfo): Promise<AuditFields> {
  const admin = request.auth?.access.admin;
  const body = bodyOf(request);
  const targetType = featureOf(operation);
  const userAgent = request.headers['user-agent'];
  return {
    adminId: admin?.id ?? null,
    // A login's username as typed, until the handler names the admin.
    username: admin?.username ?? (typeof body.username === 'string' ? clip(body.username.replace(CONTROL, ' '), 255) : ''),
    companyId: await companyOf(request, operation),
    operation: operation.operationId,
    targetType,
    targetId: derivedTargetId(request, operation, targetType, null),
    summary: summarizeBody(body),
    ip: request.ip,
    userAgent: clip((Array.isArray(userAgent) ? userAgent[0] : userAgent) ?? '', USER_AGENT_MAX_LENGTH),
  };
}

interface Answer {
  code: number;
  /** `data.id` of the envelope (the id of something created). */
  id: string | null;
}

/** The envelope's code (and data.id) of an answer; the HTTP status when the answer is no envelope. */
function readAnswer(payload: unknown, status: number): Answer {
  if (typeof payload === 'string' && payload.length <= READ_ANSWER_MAX && payload.startsWith('{')) {
    try {
      const envelope = JSON.parse(payload) as { code?: unknown; data?: { id?: unknown } | null };
      if (typeof envelope.code === 'number') return { code: envelope.code, id: idText(envelope.data?.id) };
    } catch {
      // Not JSON after all: the status says enough.
    }
  }
  return { code: status, id: null };
}

/** success (200); refused (a business error, a permission, a validation, a throttle, ...); failed (5xx). */
export function outcomeOf(code: number): AuditOutcome {
  if (code === 200) return 'success';
  return code >= 500 ? 'failed' : 'refused';
}

/** The entry's final fields: what the handler noted wins over what the recorder derived. */
async function finalFields(request: FastifyRequest, operation: OperationInfo, record: AuditRecord, answer: Answer): Promise<AuditFields> {
  const note: AuditNote = request.auditNote ?? {};
  const fields = { ...record.fields };
  if (note.username !== undefined) fields.username = clip(note.username.replace(CONTROL, ' '), 255);
  // A login names its admin only in its note: the entry takes the admin's username as stored and
  // the Cid's company if the admin may act for it.
  if (!request.auth && note.adminId !== undefined) {
    fields.adminId = note.adminId;
    const access = note.adminId === null ? null : await loadAccess(request.server.db, note.adminId);
    if (access) {
      fields.username = access.admin.username;
      fields.companyId = await resolveCompany(request, access);
    }
  }
  if (note.targetType !== undefined) fields.targetType = note.targetType;
  fields.targetId =
    note.targetId !== undefined ? (note.targetId === null ? null : String(note.targetId)) : derivedTargetId(request, operation, fields.targetType, answer.id);
  if (note.summary !== undefined) fields.summary = clip(note.summary.replace(CONTROL, ' '), SUMMARY_MAX_LENGTH);
  else if (record.upload) fields.summary = clip(record.upload, SUMMARY_MAX_LENGTH);
  return fields;
}

/** Remembers the file name of the upload the handler reads with `request.file()`. */
function watchUpload(request: FastifyRequest, record: AuditRecord): void {
  const file = request.file.bind(request);
  request.file = (async (...args: Parameters<typeof file>) => {
    const part = await file(...args);
    if (part) record.upload = `${part.fieldname}: ${part.filename.replace(CONTROL, ' ')}`;
    return part;
  }) as typeof request.file;
}

/**
 * Background writes (entries finished after their answer), awaited only by `settled()`. Each starts
 * on the next turn of the event loop, once the answer has been handed to the connection: on PGlite
 * the database runs on this very thread, and the answer must not wait for it.
 */
class BackgroundWrites {
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly app: FastifyInstance) {}

  add(work: () => Promise<void>): void {
    const running: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.app.log.error({ err: error }, 'audit entry could not be written'))
      .finally(() => this.inflight.delete(running));
    this.inflight.add(running);
  }

  async settled(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }
}

async function auditRecorder(app: FastifyInstance, options: AuditRecorderOptions): Promise<void> {
  app.decorateRequest('auditNote', null);
  app.decorateRequest('auditRecord', null);
  const writes = new BackgroundWrites(app);
  app.decorate('auditTrail', { settled: () => writes.settled() });
  if (options.enabled === false) return;

  app.addHook('preHandler', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation?.audit) return;
    const record: AuditRecord = { id: null, fields: await entryFields(request, operation), upload: null };
    request.auditRecord = record;
    if (request.isMultipart()) watchUpload(request, record);
    // Awaited: the handler runs only once its entry exists.
    record.id = await insertEntry(app.db, record.fields, 'pending');
  });

  // A request whose answer was replaced (an error while sending) passes onSend twice: one entry still.
  const answered = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const operation = request.routeOptions.config.operation;
    if (!operation?.audit || answered.has(request)) return payload;
    answered.add(request);
    const answer = readAnswer(payload, reply.statusCode);
    const record = request.auditRecord;
    if (record?.id != null) {
      const id = record.id;
      writes.add(async () => finishEntry(app.db, id, await finalFields(request, operation, record, answer), outcomeOf(answer.code), answer.code));
    } else if (request.auth || operation.operationId === 'login') {
      // Refused before the handler (or the pending insert itself failed): one complete entry.
      writes.add(async () => {
        const refused = record ?? { id: null, fields: await entryFields(request, operation), upload: null };
        await insertEntry(app.db, await finalFields(request, operation, refused, answer), outcomeOf(answer.code), answer.code);
      });
    }
    return payload;
  });

  app.addHook('onClose', async () => writes.settled());
}

export default fp(auditRecorder, { name: 'audit-recorder', dependencies: ['access'] });
