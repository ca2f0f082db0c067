/**
 * Counts are worded through i18next's plural rules (issue 16, point 7: "1 players joined"). Over every
 * i18n file of the three bundles: an English text that shows `{{count}}` beside words is a plural
 * form with `_one` and `_other`, and Chinese has at least `_other` of it (the only form i18next asks
 * Chinese for; most files keep `_one` too, the same text); an English text never puts a plural noun
 * after some other number placeholder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function i18nFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return i18nFiles(full);
    return /[/\\](i18n|locales)[/\\](en|zh-TW)\.json$/.test(full) ? [full] : [];
  });
}

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const files = i18nFiles(path.resolve('src'));

describe('count strings', () => {
  it('finds the i18n files of the back office, the phone and the display', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files.some((f) => f.includes(`play${path.sep}i18n`))).toBe(true);
    expect(files.some((f) => f.includes(`quiz${path.sep}i18n`))).toBe(true);
  });

  for (const file of files.filter((f) => f.endsWith('en.json'))) {
    const name = path.relative(process.cwd(), file);
    it(`${name}: every count beside words has its plural forms, in English and Chinese`, () => {
      const en = new Map(leaves(JSON.parse(fs.readFileSync(file, 'utf8'))));
      const zh = new Map(leaves(JSON.parse(fs.readFileSync(file.replace(/en\.json$/, 'zh-TW.json'), 'utf8'))));
      const problems: string[] = [];
      for (const [key, text] of en) {
        if (!text.includes('{{count}}') || text.trim() === '{{count}}') continue;
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
        if (base === key) {
          problems.push(`${key} shows a count but is not a plural form`);
          continue;
        }
        // English needs one and other; Chinese has the one form, other (i18next asks zh for _other only).
        for (const form of ['one', 'other']) if (!en.has(`${base}_${form}`)) problems.push(`en ${base}_${form} is missing`);
        if (!zh.has(`${base}_other`)) problems.push(`zh-TW ${base}_other is missing`);
      }
      for (const key of zh.keys()) {
        const base = key.replace(/_(one|other)$/, '');
        if (base !== key && !en.has(`${base}_one`)) problems.push(`zh-TW ${key} has no English ${base}_one`);
        if (base === key && (en.has(`${key}_one`) || en.has(`${key}_other`))) problems.push(`zh-TW ${key} is not the plural form English has`);
      }
      expect(problems).toEqual([]);
    });
  }

  for (const file of files.filter((f) => f.endsWith('en.json'))) {
    it(`${path.relative(process.cwd(), file)}: no plural noun after a number that is not a count`, () => {
      const found = leaves(JSON.parse(fs.readFileSync(file, 'utf8')))
        .filter(([key, text]) => !/_(one|other)$/.test(key) && /\{\{\w+\}\}\s+(players|points|answers|admins|rows|seconds|minutes|hours|days|items|questions|permissions|pts)\b/.test(text))
        .map(([key]) => key);
      expect(found).toEqual([]);
    });
  }
});
