/**
 * The repository's docs stand alone: no comment, doc, contract or test cites the product's
 * specification or design notes, which live outside the repository (a reader of the code cannot open
 * them), and every relative link of a Markdown file leads to a file of the repository (and, with an
 * anchor, to one of its headings), and every path a Markdown file writes in backticks from one of the
 * repository's own top folders (`src/…`, `tests/…`, `docs/…`) is there. What a maintainer needs of the product's rules is in docs/:
 * product.md, game-rules.md, api-conventions.md, architecture.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The tracked files that hold text (a NUL byte in the first 8 KB means binary). */
function trackedTextFiles(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const out: { file: string; text: string }[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue; // deleted in the work tree, not yet committed
    const bytes = readFileSync(full);
    if (bytes.subarray(0, 8192).includes(0)) continue;
    out.push({ file, text: bytes.toString('utf8') });
  }
  return out;
}

// The names are spelled in pieces so that this file does not match what it forbids.
const specName = 'SP' + 'EC';
const designName = 'DES' + 'IGN';
/**
 * The four documents that live beside the repository (the spec, the design notes, the style and the
 * verified versions) by file name; the first two also as bare upper-case words (a section sign after
 * them, or a possessive); and the folder they live in.
 */
const CITATION = new RegExp(
  [
    `\\b(?:${specName}|${designName}|${'STY' + 'LE'}|${'VER' + 'SIONS'})\\.md\\b`,
    `\\b(?:${specName}|${designName})\\b`,
    ['/work', 'shared'].join('/'),
  ].join('|'),
);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const match = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = slug(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

describe('the docs stand alone', () => {
  const files = trackedTextFiles();

  it('reads the tracked text files', () => {
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['README.md', 'docs/product.md', 'docs/game-rules.md']));
  });

  it('cite no document outside the repository (the product spec, the design notes)', () => {
    const citations: string[] = [];
    for (const { file, text } of files) {
      text.split('\n').forEach((line, index) => {
        if (CITATION.test(line)) citations.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(citations, 'say the rule itself, or point to the docs/ page that holds it').toEqual([]);
  });

  it('link, in every Markdown file, only to files of the repository and to headings they have', () => {
    const tracked = new Set(files.map((f) => f.file));
    const broken: string[] = [];
    for (const { file, text } of files.filter((f) => f.file.endsWith('.md'))) {
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [linkPath, anchor] = target.split('#');
        const resolved = linkPath ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath)) : file;
        if (resolved.startsWith('../') || (!tracked.has(resolved) && !existsSync(path.join(root, resolved)))) {
          broken.push(`${file}: ${target} (no such file in the repository)`);
          continue;
        }
        if (anchor && resolved.endsWith('.md')) {
          const doc = files.find((f) => f.file === resolved);
          if (doc && !anchors(doc.text).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('name, in every Markdown file, only paths of the repository when they start at one of its top folders', () => {
    const tracked = files.map((f) => f.file);
    // The repository's own top folders (src, tests, docs, bench, …): a backticked path starting with one
    // of them is a promise that the file or folder is there. Build output (dist/, build/) and paths
    // relative to a feature folder (`sql/rankings.ts`) are left out: they do not start at a top folder.
    const topFolders = new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]));
    const missing: string[] = [];
    for (const { file, text } of files.filter((f) => f.file.endsWith('.md'))) {
      text.split('\n').forEach((line, index) => {
        for (const [, token = ''] of line.matchAll(/`([^`]+)`/g)) {
          // A line or range after the path (`src/server/app.ts:12`) and a closing punctuation mark are not part of it.
          const candidate = token.trim().replace(/:\d+(?:-\d+)?$/, '').replace(/[.,;:]$/, '');
          if (!/^[\w.@-]+\/[\w./@-]*$/.test(candidate)) continue; // not a plain path (a placeholder, a glob, a command)
          if (!topFolders.has(candidate.split('/')[0] ?? '')) continue;
          if (!existsSync(path.join(root, candidate))) missing.push(`${file}:${index + 1}: ${token}`);
        }
      });
    }
    expect(missing, 'a path written in backticks names a file or folder that is not in the repository').toEqual([]);
  });
});
