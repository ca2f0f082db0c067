/**
 * Mermaid state diagrams of the statecharts in machines/, generated from the machine definitions
 * themselves (never drawn by hand): `npm run machines:diagrams` writes docs/machines/<machine>.md,
 * and tests/unit/machine-diagrams.test.ts fails when a committed page differs from what the machine
 * generates now (a changed machine needs `npm run machines:diagrams` and the pages committed).
 *
 * Each page has the diagram (states nested as in the chart, parallel regions split by `--`, every
 * transition with a target labelled by its event, `[guard]`, `after <delay>` for delayed ones,
 * `always` for eventless ones and `done <call>` / `error <call>` for an invoked call's outcome), a table of the states with their descriptions and tags, and a
 * legend of the events: which states take each one and what it does there (a target or, for a
 * transition without one, its actions).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { connectionMachine } from '../machines/connection/connection.machine.js';
import { gameMachine } from '../machines/game/game.machine.js';
import { playerMachine } from '../machines/player/player.machine.js';
import { questionMachine } from '../machines/question/question.machine.js';
import { sessionMachine } from '../machines/session/session.machine.js';

export const MACHINES: Record<string, { machine: AnyStateMachine; source: string; about: string }> = {
  session: {
    machine: sessionMachine,
    source: 'machines/session/session.machine.ts',
    about: "The back office's sign-in session: logging in, the tokens and their renewal, logging out, an ended session.",
  },
  game: {
    machine: gameMachine,
    source: 'machines/game/game.machine.ts',
    about: 'A game on the control screen: loading it, one question at a time, ending it.',
  },
  question: {
    machine: questionMachine,
    source: 'machines/question/question.machine.ts',
    about: 'One question on the control screen: shown, the countdown, publishing the answer and the ranking.',
  },
  player: {
    machine: playerMachine,
    source: 'machines/player/player.machine.ts',
    about: "A player's phone on /play: joining, waiting, answering, the answer and the ranking, the end.",
  },
  connection: {
    machine: connectionMachine,
    source: 'machines/connection/connection.machine.ts',
    about: "A page's one realtime connection (the shared WebSocket client): connecting, open, reconnecting with backoff, closed.",
  },
};

interface Transition {
  from: AnyStateNode;
  targets: AnyStateNode[];
  label: string;
  /** The event as the machine names it (`''` for eventless transitions, shown as `always`). */
  event: string;
  guard: string | null;
  actions: string[];
}

/** A Mermaid id for a state node: its path, dots and odd characters made underscores. */
const idOf = (node: AnyStateNode): string => (node.path.length === 0 ? 'machine' : `s_${node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`);
const nameOf = (node: AnyStateNode): string => node.path.join('.') || '(root)';
const escape = (text: string): string => text.replace(/[|]/g, '\\|').replace(/\n/g, ' ');

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((action) => {
    if (typeof action === 'string') return action;
    if (typeof action === 'function') return action.name && action.name !== 'anonymous' ? action.name : 'inline';
    if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: unknown }).type);
    return 'inline';
  });
}

/** `xstate.after.<delay>.<state id>` → `after <delay>` (a number in ms or a named delay). */
function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`;
  if (eventType === '') return 'always';
  // An invoked call's outcome: `xstate.done.actor.<id>` reads `done: <id>`, the error `error: <id>`.
  const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (outcome) return `${outcome[1]}: ${outcome[2]}`;
  return eventType;
}

function transitionsOf(node: AnyStateNode): Transition[] {
  const out: Transition[] = [];
  const add = (definition: { eventType: string; target?: readonly AnyStateNode[]; guard?: unknown; actions?: readonly unknown[] }) => {
    const guard = guardName(definition.guard);
    const event = eventLabel(definition.eventType);
    out.push({
      from: node,
      targets: [...(definition.target ?? [])],
      event: definition.eventType || 'always',
      guard,
      actions: actionNames(definition.actions),
      label: guard ? `${event} [${guard}]` : event,
    });
  };
  for (const [, definitions] of node.transitions) for (const definition of definitions) add(definition);
  for (const definition of node.always ?? []) add(definition);
  return out;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

function initialChild(node: AnyStateNode): AnyStateNode | undefined {
  return node.type === 'compound' ? (node.initial?.target?.[0] as AnyStateNode | undefined) : undefined;
}

/** The Mermaid lines of one state node's children (nested composites, parallel regions). */
function body(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as AnyStateNode[];
  const initial = initialChild(node);
  if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    lines.push(`${indent}state "${child.key}" as ${idOf(child)}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state ${idOf(child)} {`, ...body(child, `${indent}  `), `${indent}}`);
    }
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
  });
  return lines;
}

export function diagramOf(machine: AnyStateMachine): string {
  const root = machine.root as AnyStateNode;
  // Transitions of the machine itself (taken in every state) leave a box around the whole chart.
  const wrapped = transitionsOf(root).some((transition) => transition.targets.length > 0);
  const lines = wrapped
    ? ['stateDiagram-v2', `  state "${machine.id} (any state)" as machine {`, ...body(root, '    '), '  }']
    : ['stateDiagram-v2', ...body(root, '  ')];
  for (const node of allNodes(root)) {
    for (const transition of transitionsOf(node)) {
      for (const target of transition.targets) lines.push(`  ${idOf(node)} --> ${idOf(target)}: ${transition.label.replace(/[:;]/g, '')}`);
    }
  }
  return lines.join('\n');
}

export function pageOf(name: string): string {
  const { machine, source, about } = MACHINES[name]!;
  const root = machine.root as AnyStateNode;
  const nodes = allNodes(root).filter((node) => node !== root);
  const transitions = allNodes(root).flatMap(transitionsOf);
  const byEvent = new Map<string, Transition[]>();
  for (const transition of transitions) byEvent.set(transition.event, [...(byEvent.get(transition.event) ?? []), transition]);
  const events = [...byEvent.keys()].sort((a, b) => a.localeCompare(b));

  const stateRows = nodes.map((node) => {
    const kind = node.type === 'atomic' ? '' : node.type;
    const tags = [...node.tags].join(', ');
    return `| \`${nameOf(node)}\` | ${kind} | ${tags} | ${escape(node.description ?? '')} |`;
  });
  const eventRows = events.map((event) => {
    const uses = byEvent.get(event)!.map((transition) => {
      const where = `\`${nameOf(transition.from)}\``;
      const guard = transition.guard ? ` [${transition.guard}]` : '';
      const result = transition.targets.length > 0 ? `→ ${transition.targets.map((target) => `\`${nameOf(target)}\``).join(', ')}` : `stays (${transition.actions.join(', ') || 'no action'})`;
      return `${where}${guard} ${result}`;
    });
    return `| \`${event}\` | ${uses.join('<br>')} |`;
  });

  return [
    `# The ${name} machine`,
    '',
    `${about} Generated from \`${source}\` by \`npm run machines:diagrams\`; do not edit by hand (a test fails when this page and the machine disagree).`,
    '',
    `${nodes.length} states, ${transitions.length} transitions (${transitions.filter((t) => t.targets.length > 0).length} with a target).`,
    '',
    '```mermaid',
    diagramOf(machine),
    '```',
    '',
    '## States',
    '',
    '| state | kind | tags | description |',
    '|---|---|---|---|',
    ...stateRows,
    '',
    '## Events',
    '',
    'Where each event is taken (`[guard]`: only when the guard holds; `stays`: the state does not change, the actions run).',
    '',
    '| event | taken in |',
    '|---|---|',
    ...eventRows,
    '',
  ].join('\n');
}

export const DIAGRAM_DIR = 'docs/machines';

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = path.join(root, DIAGRAM_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of Object.keys(MACHINES)) {
    const file = path.join(dir, `${name}.md`);
    fs.writeFileSync(file, pageOf(name));
    console.log(`wrote ${path.relative(root, file)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
