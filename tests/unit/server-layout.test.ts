/**
 * The server's layout, computed from its source (docs/architecture.md, Layout and dependencies):
 * - a feature imports another feature only through that feature's public modules (the list
 *   eslint.config.js keeps, serverPublicModules, which also makes such an import a lint error);
 * - nothing below the features (plugins, db, lib, realtime, contract, i18n.ts, config.ts) imports
 *   one: only the composition roots app.ts, features/index.ts and features/seed.ts do;
 * - the features' graph has no cycle (so no two features import each other);
 * - a feature's SQL lives in its queries module (`queries.ts`, or a `sql/` folder such as live's):
 *   no other file under features/ builds or runs a statement.
 * Each check fails with the list of what breaks it. The size of files (none over 400 lines) is
 * tests/unit/file-size.test.ts's, for src/ and machines/ alike.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'src/server');

const COMPOSITION_ROOTS = new Set(['app.ts', 'features/index.ts', 'features/seed.ts']);

/** Every module of src/server (relative to it) and its text. */
function serverSources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|mts)$/.test(name)) out.set(path.relative(server, full), readFileSync(full, 'utf8'));
    }
  };
  walk(server);
  return out;
}

const IMPORT = /(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gms;

/** The relative imports of each module, resolved to module paths relative to src/server. */
function importsOf(sources: Map<string, string>): Array<{ from: string; to: string }> {
  const edges: Array<{ from: string; to: string }> = [];
  for (const [file, text] of sources) {
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3]!;
      if (!spec.startsWith('.')) continue;
      const target = path.relative(server, path.resolve(server, path.dirname(file), spec)).replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts');
      if (!target.startsWith('..')) edges.push({ from: file, to: target });
    }
  }
  return edges;
}

/** The feature a module belongs to (`features/<name>/…`), else null. */
function featureOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'features' && parts.length > 2 ? parts[1]! : null;
}

/**
 * What marks a module as running SQL: a drizzle builder call on a database or transaction value
 * (`db.select(`, `tx\n  .update(`, `this.app.db.insert(`…), a raw `.execute(` or `.query(`, and a
 * sql`…` template or its `sql.raw` / `sql.identifier` pieces. A transaction boundary
 * (`db.transaction(`) is not SQL: a service keeps its unit of work and hands the transaction to its
 * queries. A Map's or Set's `.delete(` is not on a db/tx value, so it is not counted.
 */
const SQL_MARKS: Array<[string, RegExp]> = [
  ['builder call', /\b(?:db|tx|trx|database|executor)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete)\s*\(/],
  ['.execute(', /\.execute\s*\(/],
  ['.query(', /\.query\s*\(/],
  ['sql template', /\bsql\s*(?:<[^>`]*>)?\s*`|\bsql\.(?:raw|identifier|join|placeholder)\s*\(/],
];

/** Whether a module under features/ is a queries module: `queries.ts`, or anything in a `sql/` folder. */
const isQueriesModule = (file: string) => path.basename(file) === 'queries.ts' || file.split('/').includes('sql');

/** The modules under features/ that run SQL outside a queries module, each with the marks found. */
function sqlOutsideQueries(sources: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (!file.startsWith('features/') || isQueriesModule(file)) continue;
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const marks = SQL_MARKS.filter(([, pattern]) => pattern.test(code)).map(([name]) => name);
    if (marks.length > 0) found.push(`${file}: ${marks.join(', ')}`);
  }
  return found.sort();
}

interface Layout {
  privateImports: string[];
  importsFromBelow: string[];
  twoWayPairs: string[];
  cycles: string[][];
}

/** The figures of a set of sources, given each feature's public modules. */
function layoutOf(sources: Map<string, string>, publicModules: Record<string, string[]>): Layout {
  const isPublic = (file: string) => {
    const feature = featureOf(file);
    const inside = file.split('/').slice(2).join('/').replace(/\.m?ts$/, '');
    return feature !== null && (publicModules[feature] ?? []).includes(inside);
  };
  const privateImports: string[] = [];
  const importsFromBelow: string[] = [];
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of importsOf(sources)) {
    const a = featureOf(from);
    const b = featureOf(to);
    if (b === null) continue;
    if (a === null) {
      if (!COMPOSITION_ROOTS.has(from)) importsFromBelow.push(`${from} → ${to}`);
      continue;
    }
    if (a === b) continue;
    if (!isPublic(to)) privateImports.push(`${from} → ${to}`);
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const twoWayPairs = [...graph].flatMap(([a, targets]) => [...targets].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} ↔ ${b}`));
  return { privateImports, importsFromBelow, twoWayPairs, cycles: cyclesOf(graph) };
}

/** The graph's strongly connected components of more than one feature (Tarjan). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components;
}

async function serverPublicModules(): Promise<Record<string, string[]>> {
  // The ESLint configuration is the one list; it is plain JavaScript, loaded by its file URL.
  const config: { serverPublicModules: Record<string, string[]> } = await import(pathToFileURL(path.join(root, 'eslint.config.js')).href);
  return config.serverPublicModules;
}

describe('server layout', () => {
  const sources = serverSources();

  it('features use each other only through public modules, and nothing below them imports one', async () => {
    const layout = layoutOf(sources, await serverPublicModules());
    expect(layout.privateImports, 'imports of another feature’s own module').toEqual([]);
    expect(layout.importsFromBelow, 'imports of a feature from plugins, db, lib, realtime or contract').toEqual([]);
  });

  it('the features’ graph has no cycle and no two-way pair', async () => {
    const layout = layoutOf(sources, await serverPublicModules());
    expect(layout.twoWayPairs).toEqual([]);
    expect(layout.cycles).toEqual([]);
  });

  it('sees a violation when there is one (the check can fail)', async () => {
    const withViolation = new Map(sources);
    withViolation.set('features/venue/bad.ts', "import { x } from '../live/flow/flow.js';\n");
    withViolation.set('lib/bad.ts', "import { y } from '../features/trivia/queries.js';\n");
    const layout = layoutOf(withViolation, await serverPublicModules());
    expect(layout.privateImports).toContain('features/venue/bad.ts → features/live/flow/flow.ts');
    expect(layout.importsFromBelow).toContain('lib/bad.ts → features/trivia/queries.ts');
    expect(layout.twoWayPairs).toContain('live ↔ venue');
    expect(layout.cycles.some((cycle) => cycle.includes('live') && cycle.includes('venue'))).toBe(true);
  });

  it('every feature keeps its SQL in its queries module (queries.ts, or a sql/ folder)', () => {
    expect(sqlOutsideQueries(sources), 'modules under features/ running SQL outside their queries module').toEqual([]);
  });

  it('sees SQL outside a queries module when there is some (the check can fail)', () => {
    const planted = new Map(sources);
    planted.set('features/venue/bad-select.ts', 'export const f = (db: Db) => db.select().from(venues);\n');
    planted.set('features/venue/bad-update.ts', 'export const f = (tx: Tx) =>\n  tx\n    .update(venues)\n    .set({ name: 1 });\n');
    planted.set('features/venue/bad-template.ts', "export const lock = sql`select pg_advisory_xact_lock(1)`;\nexport const n = sql<number>`count(*)`;\n");
    planted.set('features/venue/bad-raw.ts', "export const f = (client: Client) => client.query('select 1');\n");
    planted.set('features/venue/bad-execute.ts', 'export const f = (app: App) => app.db.execute(statement);\n');
    planted.set('features/venue/fine.ts', 'export const f = (db: Db, seen: Map<string, number>) => { seen.delete(\'x\'); return db.transaction(async (tx) => q.load(tx)); };\n// db.select() in a comment is not code\n');
    planted.set('features/venue/queries.ts', 'export const f = (db: Db) => db.select().from(venues);\n');
    planted.set('features/live/sql/extra.ts', 'export const g = sql`select 1`;\n');
    expect(sqlOutsideQueries(planted)).toEqual([
      ...sqlOutsideQueries(sources),
      'features/venue/bad-execute.ts: .execute(',
      'features/venue/bad-raw.ts: .query(',
      'features/venue/bad-select.ts: builder call',
      'features/venue/bad-template.ts: sql template',
      'features/venue/bad-update.ts: builder call',
    ].sort());
  });

});
