/**
 * The permission tree's checkboxes (admin and role dialogs): a parent ticks its subtree, a child
 * ticks its ancestors (a child menu needs its parent), unticking the last child unticks the parent,
 * what the user may not grant never changes, and the shown state (ticked / part / empty) counts what
 * roles already give.
 */
import { describe, expect, it } from 'vitest';
import { checkState, indexTree, inTreeOrder, type PermissionNode, toggleNode } from '@/app/features/admin/lib/permission-tree';

const tree: PermissionNode[] = [
  {
    identifier: 'triviaGame',
    title: 'Trivia',
    type: 'nav',
    children: [
      { identifier: 'triviaGame.index', title: 'Games', type: 'nav' },
      { identifier: 'triviaGame.list', title: 'List', type: 'button' },
      { identifier: 'triviaGame.edit', title: 'Edit', type: 'button' },
    ],
  },
  {
    identifier: 'notification',
    title: 'Notifications',
    type: 'nav',
    children: [
      {
        identifier: 'notification.index',
        title: 'Inbox',
        type: 'nav',
        children: [{ identifier: 'notification.send', title: 'Send', type: 'nav' }],
      },
    ],
  },
];
const index = indexTree(tree);
const set = (...ids: string[]) => new Set(ids);
const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('toggleNode', () => {
  const cases: Array<{ name: string; ticked: string[]; click: string; grantable?: string[]; expected: string[] }> = [
    {
      name: 'a parent ticks its whole subtree',
      ticked: [],
      click: 'triviaGame',
      expected: ['triviaGame', 'triviaGame.edit', 'triviaGame.index', 'triviaGame.list'],
    },
    { name: 'a ticked parent unticks its subtree', ticked: ['triviaGame', 'triviaGame.index', 'triviaGame.list', 'triviaGame.edit'], click: 'triviaGame', expected: [] },
    {
      name: 'a partly ticked parent ticks the rest first',
      ticked: ['triviaGame', 'triviaGame.list'],
      click: 'triviaGame',
      expected: ['triviaGame', 'triviaGame.edit', 'triviaGame.index', 'triviaGame.list'],
    },
    {
      name: 'a deep child ticks every ancestor',
      ticked: [],
      click: 'notification.send',
      expected: ['notification', 'notification.index', 'notification.send'],
    },
    {
      name: 'unticking the last child unticks the ancestors left empty',
      ticked: ['notification', 'notification.index', 'notification.send'],
      click: 'notification.send',
      expected: [],
    },
    {
      name: 'unticking one child keeps the parent while a sibling stays',
      ticked: ['triviaGame', 'triviaGame.list', 'triviaGame.edit'],
      click: 'triviaGame.list',
      expected: ['triviaGame', 'triviaGame.edit'],
    },
    {
      name: 'a parent ticks only what may be granted',
      ticked: [],
      click: 'triviaGame',
      grantable: ['triviaGame', 'triviaGame.index', 'triviaGame.list'],
      expected: ['triviaGame', 'triviaGame.index', 'triviaGame.list'],
    },
    {
      name: 'a parent whose grantable part is all ticked unticks it, keeping what may not be granted',
      ticked: ['triviaGame', 'triviaGame.index', 'triviaGame.list', 'triviaGame.edit'],
      click: 'triviaGame',
      grantable: ['triviaGame', 'triviaGame.index', 'triviaGame.list'],
      expected: ['triviaGame.edit'],
    },
    { name: 'a node that may not be granted does not change', ticked: ['triviaGame.edit'], click: 'triviaGame.edit', grantable: [], expected: ['triviaGame.edit'] },
  ];
  for (const { name, ticked, click, grantable, expected } of cases) {
    it(name, () => {
      const canGrant = grantable ? (id: string) => grantable.includes(id) : undefined;
      expect(sorted(toggleNode(index, set(...ticked), click, canGrant))).toEqual(sorted(expected));
    });
  }
});

describe('checkState', () => {
  const cases: Array<{ held: string[]; node: string; expected: boolean | 'indeterminate' }> = [
    { held: [], node: 'triviaGame', expected: false },
    { held: ['triviaGame', 'triviaGame.index', 'triviaGame.list', 'triviaGame.edit'], node: 'triviaGame', expected: true },
    { held: ['triviaGame.list'], node: 'triviaGame', expected: 'indeterminate' },
    { held: ['triviaGame'], node: 'triviaGame', expected: 'indeterminate' },
    { held: ['triviaGame.list'], node: 'triviaGame.list', expected: true },
    { held: ['notification.send'], node: 'notification', expected: 'indeterminate' },
  ];
  for (const { held, node, expected } of cases) {
    it(`${node} with ${held.join(', ') || 'nothing'} held is ${String(expected)}`, () => {
      expect(checkState(index, node, (id) => held.includes(id))).toBe(expected);
    });
  }
});

describe('inTreeOrder', () => {
  it('orders by the tree and keeps identifiers the tree does not know at the end', () => {
    expect(inTreeOrder(index, ['notification.send', 'gone.away', 'triviaGame'])).toEqual(['triviaGame', 'notification.send', 'gone.away']);
  });
});
