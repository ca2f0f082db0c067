/** Every permission the contract demands must exist in the seeded permission tree, and roles name real ones. */
import { describe, expect, it } from 'vitest';
import { listOperations } from '@/server/contract/spec';
import { flattenPermissions, roleSeeds } from '@/server/db/seed-data';

describe('seeded permissions', () => {
  const identifiers = new Set(flattenPermissions().map((p) => p.identifier));

  it('hold every x-permission that the contract names', () => {
    const demanded = new Set(listOperations().map((op) => op.permission).filter((p) => p !== 'public' && p !== 'login'));
    expect([...demanded].filter((p) => !identifiers.has(p))).toEqual([]);
  });

  it('are unique, and every role names existing ones', () => {
    expect(identifiers.size).toBe(flattenPermissions().length);
    for (const role of roleSeeds) expect(role.permissions.filter((p) => !identifiers.has(p)), role.identifier).toEqual([]);
  });

  it('include the role admin-none and super, operator and viewer roles', () => {
    expect(roleSeeds.map((r) => r.identifier)).toEqual(expect.arrayContaining(['super-admin', 'admin-none', 'operator', 'viewer']));
  });
});
