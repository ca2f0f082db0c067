/**
 * CI runs the 'unit' project (tests/unit, tests/machines) on PGlite only: its PostgreSQL pass runs
 * 'api' and some 'e2e' files (vite.config.ts, .ci/run). So no file of the 'unit' project may reach a database:
 * no test app, server or database client, and no DATABASE_URL. A test that needs one belongs in tests/api.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** What opens a database: the test app and its server, the database clients, the pass's database. */
const DATABASE = [/from '[^']*support\/app'/, /from '[^']*e2e\/support\//, /from '@\/server\/app'/, /from '@\/server\/db\/client'/, /from '@electric-sql\/pglite[^']*'/, /from 'pg'/, /from 'postgres'/, /DATABASE_URL/];

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("the 'unit' project", () => {
  it('opens no database, so running it on PGlite alone loses nothing', () => {
    const self = path.relative(root, import.meta.filename);
    const files = [...filesUnder('tests/unit'), ...filesUnder('tests/machines')].filter((file) => file !== self);
    expect(files.length).toBeGreaterThan(40);
    const reaching = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return DATABASE.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`);
    });
    expect(reaching).toEqual([]);
  });
});

describe("the browser tests CI runs again on PostgreSQL (tests/e2e/on-postgres.txt)", () => {
  it('name existing end-to-end files, once each, so a renamed file cannot drop out of the second pass unseen', () => {
    const listed = fs
      .readFileSync(path.join(root, 'tests/e2e/on-postgres.txt'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(listed.length).toBeGreaterThan(5);
    expect(new Set(listed).size).toBe(listed.length);
    const e2e = new Set(filesUnder('tests/e2e').filter((file) => file.endsWith('.e2e.test.ts')));
    expect(listed.filter((file) => !e2e.has(file))).toEqual([]);
  });
});
