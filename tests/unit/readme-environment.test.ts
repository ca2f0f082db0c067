/**
 * README "Deploy" has the one table of environment variables: every variable the server reads
 * (src/server/config.ts is the only place that reads the environment) is in it, and it names none the
 * server does not read.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');

describe('README, Deploy: environment variables', () => {
  it('lists exactly the variables src/server/config.ts reads, in one table', () => {
    const readByServer = new Set([...read('src/server/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    const readme = read('README.md');
    const deploy = readme.slice(readme.indexOf('## Deploy'), readme.indexOf('\n## ', readme.indexOf('## Deploy') + 1));
    const table = deploy.slice(deploy.indexOf('| variable |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    const documented = new Set(rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
    // NODE_ENV is documented for the operator; the server's own code does not read it.
    documented.delete('NODE_ENV');
    expect([...documented].sort()).toEqual([...readByServer].sort());
    expect(readme.match(/\| variable \| default \| meaning \|/g)).toHaveLength(1);
  });
});
