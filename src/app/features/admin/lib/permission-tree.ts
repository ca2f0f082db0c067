/**
 * The checkbox logic of the permission tree (admin dialog and role dialog), pure so it is tested
 * without a browser. A parent ticks and unticks its whole subtree; ticking anything also ticks its
 * ancestors, because the server builds a child menu only under a parent the admin holds
 * (src/server/features/session/menu.ts), and an ancestor left with nothing ticked below it is unticked
 * with it. Nodes the user may not grant (`canGrant` false) are never changed by a click, in either
 * direction: what the user cannot give it cannot take away (src/domain/access-rules.ts).
 */
import type { components } from '@openapi/admin-api';

export type PermissionNode = components['schemas']['PermissionNode'];

export interface TreeIndex {
  /** Every identifier, in the tree's order (depth first). */
  order: string[];
  parentOf: ReadonlyMap<string, string | null>;
  /** Each node's descendants (not itself), depth first. */
  descendantsOf: ReadonlyMap<string, readonly string[]>;
}

export function indexTree(nodes: readonly PermissionNode[]): TreeIndex {
  const order: string[] = [];
  const parentOf = new Map<string, string | null>();
  const descendantsOf = new Map<string, string[]>();
  const walk = (node: PermissionNode, parent: string | null): string[] => {
    order.push(node.identifier);
    parentOf.set(node.identifier, parent);
    const below: string[] = [];
    for (const child of node.children ?? []) below.push(child.identifier, ...walk(child, node.identifier));
    descendantsOf.set(node.identifier, below);
    return below;
  };
  for (const node of nodes) walk(node, null);
  return { order, parentOf, descendantsOf };
}

function ancestorsOf(index: TreeIndex, identifier: string): string[] {
  const ancestors: string[] = [];
  for (let parent = index.parentOf.get(identifier) ?? null; parent !== null; parent = index.parentOf.get(parent) ?? null) ancestors.push(parent);
  return ancestors;
}

export type CheckState = boolean | 'indeterminate';

/**
 * What a node's checkbox shows: ticked when it and everything below it is held (ticked here or
 * `inherited`, e.g. through a role), indeterminate when only part of it is, else empty.
 */
export function checkState(index: TreeIndex, identifier: string, held: (identifier: string) => boolean): CheckState {
  const subtree = [identifier, ...(index.descendantsOf.get(identifier) ?? [])];
  const count = subtree.filter(held).length;
  if (count === subtree.length) return true;
  return count === 0 ? false : 'indeterminate';
}

/**
 * The ticked set after a click on `identifier`: if some grantable node of its subtree is not ticked,
 * the click ticks the grantable subtree (and the grantable ancestors); otherwise it unticks the
 * grantable subtree, then every grantable ancestor with nothing ticked below it.
 */
export function toggleNode(
  index: TreeIndex,
  ticked: ReadonlySet<string>,
  identifier: string,
  canGrant: (identifier: string) => boolean = () => true,
): Set<string> {
  const next = new Set(ticked);
  const subtree = [identifier, ...(index.descendantsOf.get(identifier) ?? [])].filter(canGrant);
  if (subtree.length === 0) return next;
  const tick = subtree.some((id) => !ticked.has(id));
  if (tick) {
    for (const id of subtree) next.add(id);
    for (const id of ancestorsOf(index, identifier)) if (canGrant(id)) next.add(id);
    return next;
  }
  for (const id of subtree) next.delete(id);
  for (const id of ancestorsOf(index, identifier)) {
    const stillUsed = (index.descendantsOf.get(id) ?? []).some((below) => next.has(below));
    if (!stillUsed && canGrant(id)) next.delete(id);
  }
  return next;
}

/** Identifiers of `ticked` in the tree's order (unknown ones last, as they were): stable request bodies. */
export function inTreeOrder(index: TreeIndex, ticked: Iterable<string>): string[] {
  const set = new Set(ticked);
  return [...index.order.filter((id) => set.has(id)), ...[...set].filter((id) => !index.parentOf.has(id))];
}
