/**
 * Server messages word counts by the language's plural rules (issue 16, point 7): "1 admin still holds
 * this role", "2 admins still hold", never "admin(s)"; Chinese has one form. Over the message table:
 * no English text words a count with "(s)".
 */
import { describe, expect, it } from 'vitest';
import { formatMessage, hasMessage, translate, type MessageKey } from '@/server/i18n';
import { adminMessages } from '@/server/features/admin/messages';
import { auditMessages } from '@/server/features/audit/messages';
import { companyMessages } from '@/server/features/company/messages';
import { fileMessages } from '@/server/features/file/messages';
import { displayMessages } from '@/server/features/live/displays/messages';
import { liveMessages } from '@/server/features/live/messages';
import { notificationMessages } from '@/server/features/notification/messages';
import { preflightMessages } from '@/server/features/preflight/messages';
import { profileMessages } from '@/server/features/profile/messages';
import { botRehearsalMessages } from '@/server/features/rehearsal/messages';
import { roleMessages } from '@/server/features/role/messages';
import { rehearsalMessages, triviaMessages } from '@/server/features/trivia/messages';
import { sheetMessages } from '@/server/lib/sheet/messages';

describe('plural server messages', () => {
  it.each([
    ['role.inUse', { count: 1 }, '1 admin still holds this role; take it away from them first'],
    ['role.inUse', { count: 2 }, '2 admins still hold this role; take it away from them first'],
    ['admin.import.done', { created: 1, skipped: 0 }, '1 admin imported, 0 rows skipped'],
    ['admin.import.done', { created: 3, skipped: 1 }, '3 admins imported, 1 row skipped'],
    ['field.minLength', { limit: 1 }, 'Must be at least 1 character'],
    ['field.maxLength', { limit: 20 }, 'Must be at most 20 characters'],
    ['field.minItems', { limit: 1 }, 'Must have at least 1 item'],
    ['live.join.full', { cap: 1 }, 'This game is full (1 player)'],
  ] as const)('%s %j', (key, params, text) => {
    expect(hasMessage(key)).toBe(true);
    expect(translate('en', key as MessageKey, params)).toBe(text);
  });

  it('keeps Chinese in its one form and leaves an unknown parameter as written', () => {
    expect(formatMessage('zh-TW', '{n, plural, one {# 位} other {# 位}}', { n: 1 })).toBe('1 位');
    expect(formatMessage('en', '{n, plural, one {# admin} other {# admins}}', {})).toBe('{n, plural, one {# admin} other {# admins}}');
  });

  it('never words a count with (s) in English', () => {
    const groups = [adminMessages, auditMessages, companyMessages, fileMessages, displayMessages, liveMessages, notificationMessages, preflightMessages, profileMessages, botRehearsalMessages, roleMessages, rehearsalMessages, triviaMessages, sheetMessages];
    const texts = groups.flatMap((group) => Object.values(group)).map((m) => m.en);
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => text.includes('(s)'))).toEqual([]);
  });
});
