/**
 * The guard rails of administering admins and roles (src/domain/access-rules.ts), the account rules
 * (account-rules.ts) and the sheet import's row rules (account-import.ts), table-driven: each row is
 * a situation an operator could produce and the refusal or field error it must meet. The last block
 * checks that every account.* and access.* message is produced by some row here.
 */
import { describe, expect, it } from 'vitest';
import {
  accountChangeRefusals,
  canGrantCompany,
  canGrantPermission,
  canGrantRole,
  canManage,
  roleChangeRefusals,
  type AccountChange,
  type Grantor,
  type RoleFacts,
  type TargetFacts,
} from '@/domain/access-rules';
import {
  isStrongPassword,
  isValidUsername,
  passwordIsUsername,
  usernameKey,
  validateAccess,
  validateAccount,
  type AccountDraft,
  type AccountFacts,
} from '@/domain/account-rules';
import { IMPORT_MAX_ROWS, isBlankRow, readSheetHeader, sheetAccount, validateSheetAccounts, type SheetAccount } from '@/domain/account-import';
import { domainMessageKeys, formatDomainMessage, type DomainMessageKey } from '@/domain/messages';

/** Every key some row of this file expects: checked against the catalogue at the end. */
const produced = new Set<DomainMessageKey>();
const keysOf = (list: Array<{ key: DomainMessageKey }>) => list.map(({ key }) => (produced.add(key), key));

// ------------------------------------------------------------------ the cast

const roles = new Map<string, RoleFacts>([
  ['super-admin', { identifier: 'super-admin', isSuper: true, permissions: [] }],
  ['operator', { identifier: 'operator', isSuper: false, permissions: ['triviaGame.list', 'triviaGame.edit'] }],
  ['viewer', { identifier: 'viewer', isSuper: false, permissions: ['triviaGame.list'] }],
  ['staff-manager', { identifier: 'staff-manager', isSuper: false, permissions: ['triviaGame.list', 'admin.list', 'admin.edit'] }],
]);

const superGrantor: Grantor = { adminId: 1, isSuper: true, permissions: new Set(['everything']), companyIds: new Set() };
/** A staff manager of company 1 who also runs games: it holds the operator's and the manager's permissions. */
const manager: Grantor = {
  adminId: 2,
  isSuper: false,
  permissions: new Set(['triviaGame.list', 'triviaGame.edit', 'admin.list', 'admin.edit']),
  companyIds: new Set([1]),
};

const target = (over: Partial<TargetFacts> = {}): TargetFacts => ({
  adminId: 10,
  status: 1,
  roles: ['viewer'],
  permissions: new Set(['triviaGame.list']),
  isSuper: false,
  companyIds: new Set([1]),
  ...over,
});
const superTarget = (over: Partial<TargetFacts> = {}) =>
  target({ roles: ['super-admin'], isSuper: true, permissions: new Set(['everything', 'admin.edit']), ...over });
const managerSelf = target({ adminId: 2, roles: ['operator', 'staff-manager'], permissions: manager.permissions });

describe('what a grantor may grant', () => {
  it.each([
    ['a super admin, any role', superGrantor, 'super-admin', true],
    ['a non-super admin, a role whose permissions it all holds', manager, 'operator', true],
    ['a non-super admin, a super role', manager, 'super-admin', false],
    ['a non-super admin, a role with a permission it lacks', { ...manager, permissions: new Set(['triviaGame.list']) }, 'operator', false],
  ] as const)('canGrantRole: %s → %s', (_case, grantor, role, expected) => {
    expect(canGrantRole(grantor, roles.get(role)!)).toBe(expected);
  });

  it.each([
    ['held', manager, 'admin.edit', true],
    ['not held', manager, 'role.edit', false],
    ['a super admin, anything', superGrantor, 'role.edit', true],
  ] as const)('canGrantPermission: %s → %s', (_case, grantor, permission, expected) => {
    expect(canGrantPermission(grantor, permission)).toBe(expected);
  });

  it.each([
    ['its own company', manager, 1, true],
    ['another company', manager, 2, false],
    ['a super admin, any company', superGrantor, 2, true],
  ] as const)('canGrantCompany: %s → %s', (_case, grantor, company, expected) => {
    expect(canGrantCompany(grantor, company)).toBe(expected);
  });

  it.each([
    ['an admin holding less, in its companies', target(), true],
    ['an admin holding a permission the grantor lacks', target({ permissions: new Set(['role.edit']) }), false],
    ['a super admin', superTarget(), false],
    ['an admin who also acts for another company', target({ companyIds: new Set([1, 2]) }), false],
  ] as const)('canManage (manager): %s → %s', (_case, facts, expected) => {
    expect(canManage(manager, facts)).toBe(expected);
  });

  it('canManage without companies judges by permissions only (the SPA may not know them)', () => {
    expect(canManage(manager, { isSuper: false, permissions: new Set(['triviaGame.list']) })).toBe(true);
    expect(canManage(superGrantor, superTarget({ companyIds: new Set([9]) }))).toBe(true);
  });
});

describe('accountChangeRefusals: every guard rail', () => {
  type Row = [string, Grantor, TargetFacts | null, AccountChange, DomainMessageKey[], number?];
  const rows: Row[] = [
    // Allowed changes
    ['a manager creates a viewer in its company', manager, null, { roles: ['viewer'], companyIds: [1], status: 1, password: true }, []],
    ['a manager renames and re-roles a viewer', manager, target(), { roles: ['operator'], status: 1 }, []],
    ['a manager resets a viewer’s password and disables it', manager, target(), { password: true, status: 0 }, []],
    ['a manager deletes a viewer', manager, target(), { delete: true }, []],
    ['an admin drops one of its own roles', manager, managerSelf, { roles: ['staff-manager'] }, []],
    ['an admin adds a role whose permissions it holds already (no gain)', manager, managerSelf, { roles: ['operator', 'staff-manager', 'viewer'] }, []],
    ['an admin adds a direct permission it holds already', manager, managerSelf, { directPermissions: { before: [], after: ['admin.list'] } }, []],
    ['a super admin swaps its super role for a lesser one while another is enabled', superGrantor, superTarget({ adminId: 1 }), { roles: ['operator'] }, [], 2],
    ['an admin edits itself without adding anything', manager, managerSelf, { roles: ['operator', 'staff-manager'], status: 1, password: true }, []],
    ['a super admin disables a super admin while another is enabled', superGrantor, superTarget({ adminId: 5 }), { status: 0 }, [], 2],
    ['a super admin creates a super admin', superGrantor, null, { roles: ['super-admin'], companyIds: [3] }, []],
    ['a direct permission the grantor holds', manager, target(), { directPermissions: { before: [], after: ['admin.list'] } }, []],
    ['a company the grantor may act for', manager, target({ companyIds: new Set() }), { companyIds: [1] }, []],
    ['unknown roles are left to the field check', manager, target(), { roles: ['no-such-role'] }, []],
    // Refusals
    ['a manager changes a super admin', manager, superTarget(), { status: 1 }, ['access.targetAboveYou'], 2],
    ['a manager changes someone holding more', manager, target({ permissions: new Set(['role.edit']) }), { status: 1 }, ['access.targetAboveYou']],
    ['a manager changes an admin who also acts for company 2', manager, target({ companyIds: new Set([1, 2]) }), { status: 1 }, ['access.targetOtherCompanies']],
    ['an admin deletes itself', manager, managerSelf, { delete: true }, ['access.deleteSelf']],
    ['an admin disables itself', manager, managerSelf, { status: 0 }, ['access.disableSelf']],
    ['an admin adds a role to itself', manager, managerSelf, { roles: ['operator', 'staff-manager', 'super-admin'] }, ['access.raiseSelf', 'access.roleNotGrantable']],
    [
      'an admin adds a direct permission to itself',
      manager,
      managerSelf,
      { directPermissions: { before: [], after: ['role.edit'] } },
      ['access.raiseSelf', 'access.permissionNotGrantable'],
    ],
    ['a manager grants the super role', manager, target(), { roles: ['viewer', 'super-admin'] }, ['access.roleNotGrantable']],
    ['a manager creates an admin with a role beyond it', { ...manager, permissions: new Set(['admin.edit']) }, null, { roles: ['viewer'] }, ['access.roleNotGrantable']],
    ['a manager takes away a role beyond it', { ...manager, permissions: new Set(['triviaGame.list']) }, target({ roles: ['operator'] }), { roles: ['viewer'] }, ['access.roleNotGrantable']],
    ['a manager grants a permission it lacks', manager, target(), { directPermissions: { before: [], after: ['role.edit'] } }, ['access.permissionNotGrantable']],
    [
      'a manager takes away a permission it lacks',
      { ...manager, permissions: new Set([...manager.permissions, 'file.edit']) },
      target({ permissions: new Set(['triviaGame.list', 'file.edit']) }),
      { directPermissions: { before: ['file.edit', 'company.edit'], after: [] } },
      ['access.permissionNotGrantable'],
    ],
    ['a manager gives a company it may not act for', manager, target(), { companyIds: [1, 2] }, ['access.companyNotGrantable']],
    ['a manager creates an admin for another company', manager, null, { roles: ['viewer'], companyIds: [2] }, ['access.companyNotGrantable']],
    ['the last enabled super admin is disabled', superGrantor, superTarget({ adminId: 5 }), { status: 0 }, ['access.lastSuperAdmin'], 1],
    ['the last enabled super admin is deleted', superGrantor, superTarget({ adminId: 5 }), { delete: true }, ['access.lastSuperAdmin'], 1],
    ['the last enabled super admin loses its super role', superGrantor, superTarget({ adminId: 5 }), { roles: ['viewer'] }, ['access.lastSuperAdmin'], 1],
    ['the last super admin demotes itself', superGrantor, superTarget({ adminId: 1 }), { roles: ['operator'] }, ['access.lastSuperAdmin'], 1],
    [
      'several rules at once, in a stable order',
      manager,
      managerSelf,
      { delete: true, status: 0, roles: ['operator', 'staff-manager', 'super-admin'] },
      ['access.deleteSelf', 'access.disableSelf', 'access.raiseSelf', 'access.roleNotGrantable'],
    ],
  ];

  it.each(rows)('%s → %j', (_case, grantor, facts, change, expected, supers = 2) => {
    expect(keysOf(accountChangeRefusals({ grantor, target: facts, change, roles, enabledSuperAdmins: supers }))).toEqual(expected);
  });

  it('names what is beyond the grantor in the refusal', () => {
    const [role] = accountChangeRefusals({ grantor: manager, target: target(), change: { roles: ['viewer', 'super-admin'] }, roles, enabledSuperAdmins: 2 });
    expect(formatDomainMessage('en', role!.key, role!.params)).toBe('You can only grant or remove roles whose permissions you all hold: super-admin');
    const [company] = accountChangeRefusals({ grantor: manager, target: target({ companyIds: new Set([1, 2, 3]) }), change: {}, roles, enabledSuperAdmins: 2 });
    expect(formatDomainMessage('zh-TW', company!.key, company!.params)).toBe('此管理員也可管理您無權管理的公司（2, 3），您無法變更他');
  });

  it('a disabled super admin is not the last one: it may be deleted', () => {
    expect(accountChangeRefusals({ grantor: superGrantor, target: superTarget({ adminId: 5, status: 0 }), change: { delete: true }, roles, enabledSuperAdmins: 1 })).toEqual([]);
  });
});

describe('roleChangeRefusals', () => {
  it.each([
    ['creating a role with held permissions', manager, null, ['triviaGame.list'], []],
    ['creating a role with a permission not held', manager, null, ['role.edit'], ['access.permissionNotGrantable']],
    ['removing a permission not held', manager, { identifier: 'x', isSuper: false, permissions: ['role.edit', 'admin.list'] }, ['admin.list'], ['access.permissionNotGrantable']],
    ['changing a super role, even as a super admin', superGrantor, roles.get('super-admin')!, [], ['access.superRoleReadOnly']],
  ] as const)('%s → %j', (_case, grantor, role, after, expected) => {
    expect(keysOf(roleChangeRefusals(grantor, role, after))).toEqual(expected);
  });

  // Roles are agency-wide: a change reaches every holder, in every company (issue 33).
  const viewerRole = roles.get('viewer')!;
  const holder = (companyIds: number[], isSuper = false) => ({ isSuper, companyIds });
  it.each([
    ['a role held only in its companies', manager, viewerRole, ['triviaGame.list', 'admin.list'], [holder([1]), holder([1])], []],
    ['a role held by an admin of another company', manager, viewerRole, ['triviaGame.list', 'admin.list'], [holder([1]), holder([2])], ['access.roleHeldInOtherCompanies']],
    ['a role held by an admin of its company and another', manager, viewerRole, ['triviaGame.list'], [holder([1, 3])], ['access.roleHeldInOtherCompanies']],
    ['a role held by a super admin of any company (it holds everything anyway)', manager, viewerRole, [], [holder([2], true)], []],
    ['deleting a role held in another company', manager, viewerRole, [], [holder([2])], ['access.roleHeldInOtherCompanies']],
    ['a super admin, whoever holds it', superGrantor, viewerRole, [], [holder([2]), holder([3])], []],
    ['another company and a permission not held', manager, viewerRole, ['role.edit'], [holder([2])], ['access.roleHeldInOtherCompanies', 'access.permissionNotGrantable']],
  ] as const)('holders: %s → %j', (_case, grantor, role, after, holders, expected) => {
    expect(keysOf(roleChangeRefusals(grantor, role, after, holders))).toEqual(expected);
  });

  it('names the other companies once each, in order', () => {
    const [refusal] = roleChangeRefusals(manager, roles.get('viewer')!, ['triviaGame.list'], [
      { isSuper: false, companyIds: [3, 1] },
      { isSuper: false, companyIds: [2, 3] },
    ]);
    expect(refusal).toEqual({ key: 'access.roleHeldInOtherCompanies', params: { companies: '2, 3' } });
    expect(formatDomainMessage('en', refusal!.key, refusal!.params)).toBe('Admins of companies you may not act for (2, 3) hold this role; you cannot change or delete it');
    expect(formatDomainMessage('zh-TW', refusal!.key, refusal!.params)).toBe('您無權管理的公司（2, 3）也有管理員擁有此角色，您無法變更或刪除它');
  });
});

// ------------------------------------------------------------------ account rules

describe('account rules', () => {
  it.each([
    ['abc', true],
    ['first.last_01@agency-x', true],
    ['ab', false],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['with space', false],
    ['中文名', false],
    ['semi;colon', false],
  ])('username %j is valid: %s', (username, expected) => {
    expect(isValidUsername(username)).toBe(expected);
  });

  it.each([
    ['Password1', 'alice', false],
    ['Alice2024', 'alice2024', true],
    ['ALICE2024', ' alice2024 ', true],
  ])('password %j is the username %j: %s', (password, username, expected) => {
    expect(passwordIsUsername(password, username)).toBe(expected);
  });

  it('keys usernames regardless of case and surrounding spaces', () => {
    expect(usernameKey('  Alice ')).toBe('alice');
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
  });

  const good: AccountDraft = {
    username: 'alice',
    name: 'Alice',
    email: 'alice@example.com',
    password: 'Password-1',
    roles: ['viewer'],
    permissions: [],
    companyIds: [1],
    status: 1,
  };
  const facts: AccountFacts = {
    roles: new Set(roles.keys()),
    permissions: new Set(['triviaGame.list', 'admin.list']),
    companyIds: new Set([1, 2]),
    takenUsernames: new Set(['bob']),
  };

  it.each([
    ['a good account', {}, {}, true],
    ['no username', { username: '   ' }, { username: ['account.usernameRequired'] }, true],
    ['a username with a space', { username: 'al ice' }, { username: ['account.usernameFormat'] }, true],
    ['a taken username in another case', { username: 'BOB' }, { username: ['account.usernameTaken'] }, true],
    ['a control character in the username', { username: 'al\u0000ice' }, { username: ['account.controlCharacters'] }, true],
    ['no name', { name: ' ' }, { name: ['account.nameRequired'] }, true],
    ['a long name', { name: 'n'.repeat(65) }, { name: ['account.nameTooLong'] }, true],
    ['a tab in the name', { name: 'Al\tice' }, { name: ['account.controlCharacters'] }, true],
    ['a bad email', { email: 'alice@' }, { email: ['account.emailInvalid'] }, true],
    ['no password on create', { password: '' }, { password: ['account.passwordRequired'] }, true],
    ['no password on update', { password: null }, {}, false],
    ['a weak password', { password: 'password' }, { password: ['account.passwordWeak'] }, true],
    ['the username as password', { username: 'alice2024', password: 'ALICE2024' }, { password: ['account.passwordIsUsername'] }, true],
    ['a line break in the password', { password: 'Pass\nword-1' }, { password: ['account.controlCharacters'] }, true],
    ['no role', { roles: [] }, { roles: ['account.rolesRequired'] }, true],
    ['an unknown role', { roles: ['viewer', 'ghost'] }, { roles: ['account.unknownRoles'] }, true],
    ['an unknown permission', { permissions: ['nope'] }, { permissions: ['account.unknownPermissions'] }, true],
    ['no company', { companyIds: [] }, { company_ids: ['account.companiesRequired'] }, true],
    ['an unknown company', { companyIds: [1, 9] }, { company_ids: ['account.unknownCompanies'] }, true],
    ['a status of 2', { status: 2 }, { status: ['account.statusInvalid'] }, true],
  ] as const)('%s', (_case, change, expected, passwordRequired) => {
    const errors = validateAccount({ ...good, ...change }, { passwordRequired, facts });
    const keys = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, keysOf(list)]));
    expect(keys).toEqual(expected);
  });

  it('names the unknown roles, permissions and companies', () => {
    const errors = validateAccess({ roles: ['ghost'], permissions: ['nope', 'admin.list'], companyIds: [9] }, facts);
    expect(formatDomainMessage('en', errors.roles![0]!.key, errors.roles![0]!.params)).toBe('These roles do not exist: ghost');
    expect(formatDomainMessage('en', errors.permissions![0]!.key, errors.permissions![0]!.params)).toBe('These permissions do not exist: nope');
    expect(formatDomainMessage('zh-TW', errors.company_ids![0]!.key, errors.company_ids![0]!.params)).toBe('沒有這些公司：9');
  });
});

// ------------------------------------------------------------------ the sheet import

describe('sheet import rows', () => {
  const header = readSheetHeader(['Username', ' NAME ', 'email', 'password', 'Roles', 'status', 'notes']);

  it('finds the columns in any case and ignores others; reports missing and repeated ones', () => {
    expect(header).toEqual({ columns: { username: 0, name: 1, email: 2, password: 3, roles: 4, status: 5 }, missing: [], repeated: [] });
    expect(readSheetHeader(['username', 'name', 'roles']).missing).toEqual(['email', 'password']);
    expect(readSheetHeader(['username', 'name', 'email', 'password', 'roles', 'USERNAME']).repeated).toEqual(['username']);
    expect(IMPORT_MAX_ROWS).toBe(1000);
    expect(isBlankRow(['', '  ', ''])).toBe(true);
  });

  it.each([
    ['roles split on commas, trimmed, once each', ['a', 'A', 'a@x.io', 'Pass-word1', ' operator, viewer ,operator', '0'], { roles: ['operator', 'viewer'], status: 0 }],
    ['Chinese commas and semicolons', ['a', 'A', 'a@x.io', 'p', 'operator，viewer;admin-none', ''], { roles: ['operator', 'viewer', 'admin-none'], status: 1 }],
    ['a blank status is enabled', ['a', 'A', 'a@x.io', 'p', 'viewer', ''], { status: 1 }],
    ['a word as status is unreadable', ['a', 'A', 'a@x.io', 'p', 'viewer', 'yes'], { status: Number.NaN }],
    ['the password is kept as typed, the rest trimmed', ['  a  ', ' A ', ' a@x.io ', ' pass word1 ', 'viewer', '1'], { username: 'a', name: 'A', email: 'a@x.io', password: ' pass word1 ' }],
  ] as const)('%s', (_case, cells, expected) => {
    expect(sheetAccount(2, cells, header)).toMatchObject(expected);
  });

  const account = (row: number, over: Partial<SheetAccount> = {}): SheetAccount => ({
    row,
    username: `user${row}`,
    name: `User ${row}`,
    email: `user${row}@example.com`,
    password: 'Password-1',
    roles: ['viewer'],
    status: 1,
    ...over,
  });
  const importFacts = { grantor: manager, roles, companyId: 1, takenUsernames: new Set(['taken']) };

  it.each([
    ['a good row', account(2), undefined],
    ['a username taken already', account(2, { username: 'Taken' }), { username: ['account.usernameTaken'] }],
    ['a weak password and a bad email', account(2, { password: 'short', email: 'x' }), { email: ['account.emailInvalid'], password: ['account.passwordWeak'] }],
    ['an unknown role', account(2, { roles: ['ghost'] }), { roles: ['account.unknownRoles'] }],
    ['a role beyond the importer', account(2, { roles: ['super-admin'] }), { roles: ['access.roleNotGrantable'] }],
    ['an unreadable status', account(2, { status: Number.NaN }), { status: ['account.statusInvalid'] }],
    ['no roles', account(2, { roles: [] }), { roles: ['account.rolesRequired'] }],
  ] as const)('%s', (_case, row, expected) => {
    const errors = validateSheetAccounts([row], importFacts).get(2);
    expect(errors && Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, keysOf(list)]))).toEqual(expected);
  });

  it('reports a username repeated in the sheet (any case) on the later rows, with the first row’s number', () => {
    const errors = validateSheetAccounts([account(2, { username: 'Dup' }), account(3), account(4, { username: 'dup' }), account(5, { username: 'DUP' })], importFacts);
    expect([...errors.keys()]).toEqual([4, 5]);
    const [repeated] = errors.get(5)!.username!;
    keysOf([repeated!]);
    expect(formatDomainMessage('en', repeated!.key, repeated!.params)).toBe('This username appears twice in the sheet (row 2)');
    expect(formatDomainMessage('zh-TW', repeated!.key, repeated!.params)).toBe('此帳號在檔案中重複出現（第 2 列）');
  });
});

describe('messages', () => {
  it('every account.* and access.* message is produced by a row above, in both languages', () => {
    const keys = domainMessageKeys.filter((key) => /^(account|access)\./.test(key));
    expect(keys.filter((key) => !produced.has(key))).toEqual([]);
    for (const key of keys) {
      expect(formatDomainMessage('zh-TW', key)).toMatch(/\p{Script=Han}/u);
      expect(formatDomainMessage('en', key)).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
