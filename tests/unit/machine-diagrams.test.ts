/**
 * docs/machines/<machine>.md is generated from the machine definitions (scripts/machine-diagrams.ts):
 * a machine changed without `npm run machines:diagrams` leaves a page that no longer tells the truth.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAM_DIR, diagramOf, MACHINES, pageOf } from '../../scripts/machine-diagrams';

const root = path.resolve(import.meta.dirname, '../..');

describe('the machine diagrams in docs/machines', () => {
  it.each(Object.keys(MACHINES))('%s.md is what the machine generates now (run npm run machines:diagrams)', (name) => {
    const committed = fs.readFileSync(path.join(root, DIAGRAM_DIR, `${name}.md`), 'utf8');
    expect(committed).toBe(pageOf(name));
  });

  it('draws every state of a machine and every transition with a target', () => {
    const diagram = diagramOf(MACHINES.question!.machine);
    expect(diagram).toContain('state "confirmingPublish" as s_shown_publishNow_confirmingPublish');
    expect(diagram).toContain('s_shown_countdown_running --> s_shown_countdown_running: after tick');
    expect(diagram).toContain('s_publishingAnswer --> s_shown: error publishAnswer [timeIsLeft]');
    // The parallel regions of `shown` are split.
    expect(diagram).toMatch(/state s_shown \{[\s\S]*\n\s+--\n[\s\S]*\}/);
  });

  it('has no page for a machine that does not exist', () => {
    const pages = fs.readdirSync(path.join(root, DIAGRAM_DIR)).filter((file) => file.endsWith('.md'));
    expect(pages.sort()).toEqual(Object.keys(MACHINES).map((name) => `${name}.md`).sort());
  });
});
