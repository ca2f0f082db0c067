/**
 * What the audit screen shows by name: the operations the trail records (the contract's operations
 * marked `x-audit`, by operationId — tests/unit/audit-operations.test.ts fails when the contract and
 * this list part ways), the kinds of target and the outcomes. Labels are in the `audit` namespace;
 * an operation or target the screen does not know yet shows as the server named it.
 */
import type { components } from '@openapi/admin-api';
import type { TFunction } from 'i18next';

export const AUDIT_OPERATIONS = [
  'login',
  'logout',
  'adminUpdateSelf',
  'notificationSend',
  'triviaGameCreate',
  'triviaGameUpdate',
  'triviaGameDelete',
  'triviaGameReset',
  'triviaGameDuplicate',
  'triviaGameUpdateLevel',
  'triviaGameGameFlow',
  'triviaGameControl',
  'triviaGameRehearsal',
  'triviaGameAutopilot',
  'triviaGameStageMessage',
  'triviaGameDisqualify',
  'triviaGameRequalify',
  'triviaGameShowWinners',
  'triviaGameDisplayCode',
  'triviaGamePairDisplay',
  'triviaGameUnpairDisplay',
  'questionCreate',
  'questionUpdate',
  'questionDelete',
  'questionImport',
  'questionCopy',
  'questionMove',
  'questionDeleteBatch',
  'fileDelete',
  'fileDeleteDirectory',
  'fileMakeDirectory',
  'fileUploadUnPermission',
  'fileUploadImage',
  'fileUploadFile',
  'adminCreate',
  'adminUpdate',
  'adminDelete',
  'adminSyncPermissions',
  'adminImport',
  'roleCreate',
  'roleUpdate',
  'roleDelete',
  'companyCreate',
  'companyUpdate',
  'websitePrivacyUpdate',
] as const;

export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditOutcome = AuditEntry['outcome'];

export const TARGET_TYPES = ['admin', 'role', 'company', 'triviaGame', 'question', 'player', 'file', 'notification', 'website'] as const;
type TargetType = (typeof TARGET_TYPES)[number];

const isOperation = (value: string): value is AuditOperation => (AUDIT_OPERATIONS as readonly string[]).includes(value);
const isTargetType = (value: string): value is TargetType => (TARGET_TYPES as readonly string[]).includes(value);

/** `新增遊戲` / `Create game`; an operation this list does not know, as its id. */
export function operationLabel(operation: string, t: TFunction<'audit'>): string {
  return isOperation(operation) ? t(`operation.${operation}`) : operation;
}

/** `遊戲` for `triviaGame`; an unknown kind as named; '' for none. */
export function targetTypeLabel(targetType: string, t: TFunction<'audit'>): string {
  if (!targetType) return '';
  return isTargetType(targetType) ? t(`target.${targetType}`) : targetType;
}

/** `遊戲 #12`; an unknown kind as named; '' when the entry acted on nothing. */
export function targetLabel(entry: Pick<AuditEntry, 'target_type' | 'target_id'>, t: TFunction<'audit'>): string {
  const id = entry.target_id ? `#${entry.target_id}` : '';
  return [targetTypeLabel(entry.target_type, t), id].filter(Boolean).join(' ');
}

/** The badge colour of an outcome: what worked, what was refused, what broke, what never finished. */
export const OUTCOME_PALETTE: Record<AuditOutcome, string> = {
  success: 'green',
  refused: 'orange',
  failed: 'red',
  pending: 'gray',
};
