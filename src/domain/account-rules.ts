/**
 * Rules for admin accounts, shared by the profile form, the admin dialogs, the sheet import and the
 * server: the server enforces them (HTTP 422 per field), the forms can check them before sending.
 * They answer message keys of ./messages.ts (with their values), never sentences. Facts only the
 * database knows (which roles exist, which usernames are taken) come in as arguments.
 * Must never import anything but other domain modules.
 */
import type { DomainMessage } from './messages.js';

export const NAME_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;

/** At least 8 characters, with at least one letter and one digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password)
  );
}

/** A deliberately plain check: something@something.tld, no spaces. */
export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 255;
}

/** 3 to 64 characters: ASCII letters, digits and . _ @ - (what people type on any keyboard, and safe in a URL). */
export function isValidUsername(username: string): boolean {
  return username.length >= USERNAME_MIN_LENGTH && username.length <= USERNAME_MAX_LENGTH && /^[A-Za-z0-9._@-]+$/.test(username);
}

/** Usernames are one namespace whatever their case: `Alice` and `alice` are the same account. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** A password equal to the username (in any case) is the first one anybody tries. */
export function passwordIsUsername(password: string, username: string): boolean {
  return password.toLowerCase() === username.trim().toLowerCase();
}

/** C0 controls and DEL: never part of a name, an email or a password typed by a person. */
export function hasControlCharacters(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  return /[\u0000-\u001f\u007f]/.test(text);
}

/** Messages by field name (username, name, email, password, roles, permissions, company_ids, status). */
export type AccountFieldErrors = Record<string, DomainMessage[]>;

/** An account as a dialog or a sheet row states it (text already trimmed by the caller or not: it is trimmed here). */
export interface AccountDraft {
  username: string;
  name: string;
  email: string;
  /** null or '' = no new password (creating needs one; updating leaves it as it is). */
  password?: string | null;
  roles: readonly string[];
  /** Direct permissions; undefined = not part of this change. */
  permissions?: readonly string[];
  /** undefined = not part of this change. */
  companyIds?: readonly number[];
  status: number;
}

/** What exists, when the caller knows it: anything named that is not in a set is reported. */
export interface AccountFacts {
  roles?: ReadonlySet<string>;
  permissions?: ReadonlySet<string>;
  companyIds?: ReadonlySet<number>;
  /** Lower-cased usernames of other accounts (`usernameKey`). */
  takenUsernames?: ReadonlySet<string>;
}

export interface AccountCheck {
  /** true when creating: a password is required. */
  passwordRequired: boolean;
  facts?: AccountFacts;
}

function add(errors: AccountFieldErrors, field: string, message: DomainMessage): void {
  (errors[field] ??= []).push(message);
}

/**
 * Every field error of an account (empty object = valid): the username's format and uniqueness,
 * the name, the email when given (blank = none), the password's strength and difference from the
 * username, at least one role and one company, existing roles, permissions and companies, a status
 * of 0 or 1.
 */
export function validateAccount(draft: AccountDraft, { passwordRequired, facts = {} }: AccountCheck): AccountFieldErrors {
  const errors: AccountFieldErrors = {};
  const username = draft.username.trim();
  const name = draft.name.trim();
  const email = draft.email.trim();
  const password = draft.password ?? '';

  for (const [field, value] of [
    ['username', username],
    ['name', name],
    ['email', email],
    ['password', password],
  ] as const) {
    if (hasControlCharacters(value)) add(errors, field, { key: 'account.controlCharacters' });
  }

  if (!errors.username) {
    if (!username) add(errors, 'username', { key: 'account.usernameRequired' });
    else if (!isValidUsername(username)) add(errors, 'username', { key: 'account.usernameFormat' });
    else if (facts.takenUsernames?.has(usernameKey(username))) add(errors, 'username', { key: 'account.usernameTaken' });
  }

  if (!errors.name) checkName(errors, name);
  if (!errors.email) checkEmail(errors, email);
  if (!errors.password) checkPassword(errors, password, { required: passwordRequired, username });

  Object.assign(errors, validateAccess(draft, facts));

  if (draft.status !== 0 && draft.status !== 1) add(errors, 'status', { key: 'account.statusInvalid' });
  return errors;
}

/** The admin's own profile (/admin/updateSelf): its name, email and an optional new password. */
export interface ProfileDraft {
  name: string;
  email: string;
  /** null, undefined or '' = unchanged. */
  password?: string | null;
}

/**
 * Every field error of one's own profile (empty object = valid), by the rules an account's fields
 * follow: a name, an email only when given (the seeded super admin has none and must still be able to
 * set its password), a strong password when one is given, never the username.
 */
export function validateProfile(draft: ProfileDraft, username: string): AccountFieldErrors {
  const errors: AccountFieldErrors = {};
  const name = draft.name.trim();
  const email = draft.email.trim();
  const password = draft.password ?? '';
  for (const [field, value] of [
    ['name', name],
    ['email', email],
    ['password', password],
  ] as const) {
    if (hasControlCharacters(value)) add(errors, field, { key: 'account.controlCharacters' });
  }
  if (!errors.name) checkName(errors, name);
  if (!errors.email) checkEmail(errors, email);
  if (!errors.password) checkPassword(errors, password, { required: false, username });
  return errors;
}

function checkName(errors: AccountFieldErrors, name: string): void {
  if (!name) add(errors, 'name', { key: 'account.nameRequired' });
  else if (name.length > NAME_MAX_LENGTH) add(errors, 'name', { key: 'account.nameTooLong', params: { limit: NAME_MAX_LENGTH } });
}

/** An email is optional (blank = none); one given must look like an address. */
function checkEmail(errors: AccountFieldErrors, email: string): void {
  if (email && !isEmail(email)) add(errors, 'email', { key: 'account.emailInvalid' });
}

function checkPassword(errors: AccountFieldErrors, password: string, { required, username }: { required: boolean; username: string }): void {
  if (!password) {
    if (required) add(errors, 'password', { key: 'account.passwordRequired' });
  } else if (!isStrongPassword(password)) add(errors, 'password', { key: 'account.passwordWeak' });
  else if (username && passwordIsUsername(password, username)) add(errors, 'password', { key: 'account.passwordIsUsername' });
}

/**
 * The errors of what an account may do (the roles, direct permissions and companies of a draft; the
 * part /admin/syncPermissions changes): at least one role and, when given, one company; nothing that
 * does not exist.
 */
export function validateAccess(draft: Pick<AccountDraft, 'roles' | 'permissions' | 'companyIds'>, facts: AccountFacts = {}): AccountFieldErrors {
  const errors: AccountFieldErrors = {};
  if (draft.roles.length === 0) add(errors, 'roles', { key: 'account.rolesRequired' });
  else if (facts.roles) {
    const unknown = [...new Set(draft.roles)].filter((role) => !facts.roles!.has(role));
    if (unknown.length) add(errors, 'roles', { key: 'account.unknownRoles', params: { roles: unknown.join(', ') } });
  }

  if (draft.permissions && facts.permissions) {
    const unknown = [...new Set(draft.permissions)].filter((permission) => !facts.permissions!.has(permission));
    if (unknown.length) add(errors, 'permissions', { key: 'account.unknownPermissions', params: { permissions: unknown.join(', ') } });
  }

  if (draft.companyIds) {
    if (draft.companyIds.length === 0) add(errors, 'company_ids', { key: 'account.companiesRequired' });
    else if (facts.companyIds) {
      const unknown = [...new Set(draft.companyIds)].filter((id) => !facts.companyIds!.has(id));
      if (unknown.length) add(errors, 'company_ids', { key: 'account.unknownCompanies', params: { companies: unknown.join(', ') } });
    }
  }

  return errors;
}
