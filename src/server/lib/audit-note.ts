/**
 * What a handler tells the audit trail about the operation it runs (features/audit/recorder.ts
 * records every operation the contract marks `x-audit`): the target and a short summary of what
 * changed. Without a note the recorder derives them from the request (the body's id, its fields).
 * A summary never holds a password or a token.
 */
import type { FastifyRequest } from 'fastify';

export interface AuditNote {
  /** What was acted on: `admin`, `role`, `company`, `triviaGame`, `question`, `file`, ... */
  targetType?: string;
  targetId?: string | number | null;
  /** What changed, in short: field names and new values (`status: 0`, `roles: operator, viewer`). */
  summary?: string;
  /** Who acted, when the request's session does not say (login). */
  adminId?: number | null;
  username?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** Adds to the request's audit note (later fields win). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}
