/**
 * The audit screen names the operations the trail records: its operation filter offers exactly the
 * contract's `x-audit` operations (a new audited operation fails this test until the screen knows
 * it), each labelled in both languages with a sentence of its own, every kind of target the server
 * records named too (a player's entry read "player #24" on a Chinese screen), and an unknown operation
 * or target still shows as the server named it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_OPERATIONS, TARGET_TYPES, operationLabel, targetLabel } from '@/app/features/audit/lib/operations';
import { resources } from '@/app/i18n/resources';
import { listOperations } from '@/server/contract/spec';

beforeAll(async () => {
  await i18n.init({ resources, lng: 'en', ns: ['audit'], fallbackLng: false, interpolation: { escapeValue: false } });
});

describe('the audit screen and the contract', () => {
  it('offers exactly the operations the contract marks x-audit', () => {
    const audited = listOperations()
      .filter((operation) => operation.audit)
      .map((operation) => operation.operationId);
    expect([...AUDIT_OPERATIONS].sort()).toEqual([...audited].sort());
  });

  it.each(['zh-TW', 'en'] as const)('labels every operation, target and outcome in %s, no two operations alike', (lang) => {
    const { audit } = resources[lang];
    const labels = AUDIT_OPERATIONS.map((operation) => audit.operation[operation]);
    for (const [index, label] of labels.entries()) {
      expect(label, AUDIT_OPERATIONS[index]).toMatch(/\S/);
      expect(label).not.toBe(AUDIT_OPERATIONS[index]);
    }
    expect(new Set(labels).size).toBe(labels.length);
    for (const type of TARGET_TYPES) expect(audit.target[type]).toMatch(/\S/);
    for (const outcome of ['success', 'refused', 'failed', 'pending'] as const) expect(audit.outcome[outcome]).toMatch(/\S/);
  });

  it('names every kind of target the server records: those its notes give and those of an operation path', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
      );
    const noted = sources('src/server').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/targetType: '(\w+)'/g)].map((match) => match[1]!));
    // Without a note the recorder names the target after the path's first segment (recorder.ts, featureOf).
    const derived = listOperations()
      .filter((operation) => operation.audit && operation.path.split('/').filter(Boolean).length > 1)
      .map((operation) => operation.path.split('/').filter(Boolean)[0]!);
    expect(noted).toContain('player');
    const known = new Set<string>(TARGET_TYPES);
    expect([...new Set([...noted, ...derived])].filter((type) => !known.has(type))).toEqual([]);
    expect(targetLabel({ target_type: 'player', target_id: '24' }, i18n.getFixedT('zh-TW', 'audit'))).toBe('玩家 #24');
    expect(targetLabel({ target_type: 'player', target_id: '24' }, i18n.getFixedT('en', 'audit'))).toBe('Player #24');
  });

  it('shows operations and targets by name, and unknown ones as the server sent them', async () => {
    const t = i18n.getFixedT('zh-TW', 'audit');
    await i18n.changeLanguage('zh-TW');
    expect(operationLabel('companyCreate', t)).toBe('新增公司');
    expect(operationLabel('triviaGameCreate', i18n.getFixedT('en', 'audit'))).toBe('Create game');
    expect(operationLabel('somethingNew', t)).toBe('somethingNew');
    expect(targetLabel({ target_type: 'triviaGame', target_id: '12' }, t)).toBe('遊戲 #12');
    expect(targetLabel({ target_type: 'gadget', target_id: null }, t)).toBe('gadget');
    expect(targetLabel({ target_type: '', target_id: null }, t)).toBe('');
  });
});
