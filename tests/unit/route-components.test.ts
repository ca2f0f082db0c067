/**
 * Page keys → pages: every page the seed grants in a menu has its page, and a key without one gets the
 * 404 page inside the layout (never a blank screen) — the case of a menu entry whose page is not built.
 */
import { describe, expect, it } from 'vitest';
import { pageFor, routeComponents } from '@/app/routing/route-components';
import { permissionTree } from '@/server/db/seed-data';

type Node = { component?: string; children?: Node[] };
const components = (nodes: readonly Node[]): string[] => nodes.flatMap((node) => [...(node.component ? [node.component] : []), ...components(node.children ?? [])]);

describe('page keys', () => {
  it('give every seeded menu page its own page', () => {
    const keys = components(permissionTree as readonly Node[]).filter((key) => key !== 'Layout');
    expect(keys.length).toBeGreaterThan(8);
    for (const key of keys) expect(Object.hasOwn(routeComponents, key), key).toBe(true);
    for (const key of keys) expect(pageFor(key), key).toBe(routeComponents[key]);
  });

  it('give a key without a page the 404 page, the same one for every such key', () => {
    const missing = pageFor('report/index');
    expect(Object.values(routeComponents)).not.toContain(missing);
    expect(pageFor(undefined)).toBe(missing);
    expect(pageFor('constructor')).toBe(missing);
  });
});
