/**
 * The rules of a sheet of admin accounts (/admin/import): its columns, its size, how a row's cells
 * become an account, and every row's errors — the same rules as creating one account
 * (./account-rules.ts, ./access-rules.ts) plus a username repeated inside the sheet. The server
 * reads the file and knows the facts (existing roles, taken usernames, who imports); the import
 * dialog shows the same columns and limits. Row numbers are the sheet's own (the header is row 1).
 * Must never import anything but other domain modules.
 */
import { accountChangeRefusals, type Grantor, type RoleFacts } from './access-rules.js';
import { usernameKey, validateAccount, isValidUsername, type AccountFieldErrors } from './account-rules.js';

/** The columns of the sheet, in the template's order. Headers are matched in any case. */
export const IMPORT_COLUMNS = ['username', 'name', 'email', 'password', 'roles', 'status'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** `status` may be left out (every account enabled). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['username', 'name', 'email', 'password', 'roles'];
/** Data rows a sheet may hold (blank rows not counted). */
export const IMPORT_MAX_ROWS = 1000;

export interface SheetHeader {
  /** The cell index of each column found. */
  columns: Partial<Record<ImportColumn, number>>;
  missing: ImportColumn[];
  /** Columns named twice: which of the two to read would be a guess. */
  repeated: ImportColumn[];
}

/** Finds the columns in the header row (trimmed, any case); unknown headers are ignored. */
export function readSheetHeader(cells: readonly string[]): SheetHeader {
  const columns: Partial<Record<ImportColumn, number>> = {};
  const repeated = new Set<ImportColumn>();
  cells.forEach((cell, index) => {
    const column = IMPORT_COLUMNS.find((name) => name === cell.trim().toLowerCase());
    if (!column) return;
    if (columns[column] !== undefined) repeated.add(column);
    else columns[column] = index;
  });
  return { columns, missing: REQUIRED_IMPORT_COLUMNS.filter((column) => columns[column] === undefined), repeated: [...repeated] };
}

/** A data row as the rules read it. */
export interface SheetAccount {
  /** The row number in the sheet (header = 1). */
  row: number;
  username: string;
  name: string;
  email: string;
  password: string;
  roles: string[];
  /** 1 or 0; NaN when the cell says something else. */
  status: number;
}

/** Whether every cell of a row is blank (spreadsheets keep such rows; they are not data). */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * A row's cells as an account: text trimmed (not the password), roles split on commas (the Chinese
 * ，、 and semicolons too, as people type them), status 1 when blank.
 */
export function sheetAccount(row: number, cells: readonly string[], header: SheetHeader): SheetAccount {
  const cell = (column: ImportColumn) => {
    const index = header.columns[column];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const status = cell('status').trim();
  return {
    row,
    username: cell('username').trim(),
    name: cell('name').trim(),
    email: cell('email').trim(),
    password: cell('password'),
    roles: [
      ...new Set(
        cell('roles')
          .split(/[,，、;；]/)
          .map((role) => role.trim())
          .filter(Boolean),
      ),
    ],
    status: status === '' ? 1 : status === '1' || status === '0' ? Number(status) : Number.NaN,
  };
}

export interface ImportFacts {
  /** Who imports: it creates only accounts it could create one by one. */
  grantor: Grantor;
  /** Every role by identifier. */
  roles: ReadonlyMap<string, RoleFacts>;
  /** The company the accounts are created for (the request's Cid). */
  companyId: number;
  /** Lower-cased usernames that exist already (`usernameKey`). */
  takenUsernames: ReadonlySet<string>;
}

/**
 * Every row's errors by column (rows without errors are absent): the rules of creating an account,
 * the guard rails of who may grant its roles, and a username repeated in the sheet (any case), which
 * the later rows report with the row number of the first.
 */
export function validateSheetAccounts(accounts: readonly SheetAccount[], facts: ImportFacts): Map<number, AccountFieldErrors> {
  const knownRoles = new Set(facts.roles.keys());
  const firstRow = new Map<string, number>();
  const result = new Map<number, AccountFieldErrors>();
  for (const account of accounts) {
    const errors = validateAccount(account, { passwordRequired: true, facts: { roles: knownRoles, takenUsernames: facts.takenUsernames } });
    if (isValidUsername(account.username)) {
      const key = usernameKey(account.username);
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, account.row);
      else if (!errors.username) errors.username = [{ key: 'account.usernameRepeated', params: { row: first } }];
    }
    if (!errors.roles) {
      const refusals = accountChangeRefusals({
        grantor: facts.grantor,
        target: null,
        change: { roles: account.roles, companyIds: [facts.companyId], status: account.status, password: true },
        roles: facts.roles,
        enabledSuperAdmins: 0,
      });
      // Creating for the caller's own company, only roles can be beyond it.
      if (refusals.length) errors.roles = refusals.map(({ key, params }) => (params ? { key, params } : { key }));
    }
    if (Object.keys(errors).length) result.set(account.row, errors);
  }
  return result;
}
