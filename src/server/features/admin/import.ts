/**
 * /admin/import: admins from a sheet (.xlsx or .csv, told apart by content), for the request's
 * company. The sheet's rules are src/domain/account-import.ts (the columns, at most 1,000 rows, every
 * row checked as /admin/create checks one account, usernames repeated in the sheet); this module
 * reads the upload, gathers the facts, reports every row's errors by its row number, and creates the
 * valid rows in one transaction (or nothing, on a dry run, whose `rows` is the screen's preview).
 * Passwords are hashed before the transaction, a few at a time on libuv's pool (argon2 is the
 * import's main cost, about 20 ms a password here): never more at once than the cores, and always a
 * pool thread left for the rest of the server.
 */
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { components } from '@openapi/admin-api';
import {
  IMPORT_MAX_ROWS,
  isBlankRow,
  readSheetHeader,
  sheetAccount,
  validateSheetAccounts,
  type ImportColumn,
  type SheetAccount,
} from '../../../domain/account-import.js';
import { usernameKey, type AccountFieldErrors } from '../../../domain/account-rules.js';
import type { Db } from '../../db/client.js';
import { translate, type Lang } from '../../i18n.js';
import { translateDomainMessage } from '../../lib/domain-errors.js';
import { FieldErrors } from '../../lib/envelope.js';
import { hashPassword } from '../../lib/password.js';
import { readSheet, readSheetForm, sheetKind, sheetRefusal } from '../../lib/sheet/index.js';
import * as q from './queries.js';
import { loadFacts, type Caller } from './service.js';

type Schemas = components['schemas'];

/** Largest sheet accepted: 1,000 rows of an .xlsx or .csv take a few hundred KB. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Passwords hashed at once: the cores, but never the whole libuv pool (files and DNS use it too). */
export const HASH_CONCURRENCY = Math.max(1, Math.min(os.availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1));

const fileError = (lang: Lang, key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  new FieldErrors({ file: [translate(lang, key, params)] });

export interface ImportUpload {
  bytes: Buffer;
  dryRun: boolean;
}

/**
 * The multipart form: `file` (one) and `dry_run` ('0' or '1', default '0'), in any order; other fields
 * are ignored (lib/sheet/form.ts), the file at most IMPORT_MAX_BYTES.
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportUpload> {
  const form = await readSheetForm(request, { maxBytes: IMPORT_MAX_BYTES, fileRequired: 'admin.import.fileRequired' });
  if (Object.keys(form.errors).length > 0) throw new FieldErrors(form.errors);
  return { bytes: form.bytes!, dryRun: form.dryRun };
}

/** Runs `task` over `items`, at most `limit` at a time, answering the results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The sheet's accounts (blank rows left out), or the 422 on `file` that says why there are none. */
async function sheetAccounts(lang: Lang, bytes: Buffer): Promise<SheetAccount[]> {
  // UTF-8 only (no Big5): the template is UTF-8 and notASheet says so.
  const kind = sheetKind(bytes, { big5: false });
  if (!kind) throw fileError(lang, 'admin.import.notASheet');
  let rows;
  try {
    // Read on a thread of its own, after the workbook's bounds (lib/sheet's WORKBOOK_LIMITS); more
    // than IMPORT_MAX_ROWS rows after the first that holds something are refused there.
    rows = await readSheet(bytes, kind, { maxRows: IMPORT_MAX_ROWS });
  } catch (error) {
    const refusal = sheetRefusal(error);
    if (refusal) throw fileError(lang, refusal.key, refusal.params);
    throw error;
  }
  // The header is row 1 (the template's, and the messages say so).
  const header = readSheetHeader(rows.find((row) => row.row === 1)?.cells ?? []);
  if (header.missing.length) throw fileError(lang, 'admin.import.missingColumns', { columns: header.missing.join(', ') });
  if (header.repeated.length) throw fileError(lang, 'admin.import.repeatedColumns', { columns: header.repeated.join(', ') });
  const data = rows.filter((row) => row.row > 1 && !isBlankRow(row.cells));
  if (data.length === 0) throw fileError(lang, 'admin.import.noRows');
  return data.map((row) => sheetAccount(row.row, row.cells, header));
}

export interface ImportOutcome {
  data: Schemas['AdminImportData'] & { total: number; rows: Schemas['ImportPreviewRow'][] };
  /** Usernames of the admins created, in sheet order. */
  created: string[];
}

/**
 * Checks every row and, unless `dryRun`, creates the valid ones in one transaction. A username
 * taken between the check and the transaction (someone else creating it) is reported on its row.
 */
export async function importAdmins(db: Db, caller: Caller, upload: ImportUpload): Promise<ImportOutcome> {
  const { lang } = caller;
  const accounts = await sheetAccounts(lang, upload.bytes);
  const facts = await loadFacts(db);
  const keys = [...new Set(accounts.map((account) => usernameKey(account.username)).filter(Boolean))];
  const errors = validateSheetAccounts(accounts, {
    grantor: caller.grantor,
    roles: facts.roles,
    companyId: caller.companyId,
    takenUsernames: await q.takenUsernames(db, keys),
  });

  const created: string[] = [];
  const valid = accounts.filter((account) => !errors.has(account.row));
  if (!upload.dryRun && valid.length) {
    const hashes = await mapLimit(valid, HASH_CONCURRENCY, (account) => hashPassword(account.password));
    await db.transaction(async (tx) => {
      await q.lockAccounts(tx);
      const takenNow = await q.takenUsernames(tx, valid.map((account) => usernameKey(account.username)));
      const rows: q.NewAdmin[] = [];
      valid.forEach((account, index) => {
        if (takenNow.has(usernameKey(account.username))) {
          errors.set(account.row, { username: [{ key: 'account.usernameTaken' }] });
          return;
        }
        rows.push({
          username: account.username,
          passwordHash: hashes[index]!,
          name: account.name,
          email: account.email,
          status: account.status,
          roleIds: account.roles.map((role) => facts.roles.get(role)!.id),
          permissionIds: [],
          companyIds: [caller.companyId],
        });
      });
      await q.insertAdmins(tx, rows);
      created.push(...rows.map((row) => row.username));
    });
  }

  const rowErrors = (row: number): Record<string, string[]> => translatedErrors(lang, errors.get(row) ?? {});
  return {
    data: {
      created: created.length,
      // A dry run skips nothing yet: it says how many rows would be skipped.
      skipped: upload.dryRun ? errors.size : accounts.length - created.length,
      total: accounts.length,
      errors: accounts.flatMap((account) =>
        Object.entries(rowErrors(account.row)).flatMap(([column, messages]) =>
          messages.map((message) => ({ row: account.row, message: translate(lang, 'admin.import.rowError', { column, message }) })),
        ),
      ),
      rows: accounts.map((account) => ({
        row: account.row,
        username: account.username,
        name: account.name,
        email: account.email,
        roles: account.roles,
        status: Number.isNaN(account.status) ? -1 : account.status,
        errors: rowErrors(account.row),
      })),
    },
    created,
  };
}

function translatedErrors(lang: Lang, errors: AccountFieldErrors): Partial<Record<ImportColumn, string[]>> {
  return Object.fromEntries(Object.entries(errors).map(([column, messages]) => [column, messages.map((message) => translateDomainMessage(lang, message))]));
}
