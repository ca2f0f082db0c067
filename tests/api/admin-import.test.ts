/**
 * Importing admins from a sheet (POST /admin/import, multipart `file` + `dry_run`) and downloading
 * its template, as a staff manager meets them: an .xlsx and a .csv (told apart by content, not by
 * name), every bad row reported by its row number with the same rules as creating one admin
 * (a username repeated in the sheet, one already taken, a weak password, an unknown role, a role
 * beyond the importer, a control character), a dry run that creates nothing and previews the rows,
 * the valid rows created for the Cid company in one transaction (a failure part-way leaves none),
 * and the files refused with a 422 under `file`: not a sheet, more than 1,000 rows, no header, no rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { formatDomainMessage } from '@/domain/messages';
import { admins, auditLog } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, checkedResult, login } from '../support/api';
import { createCompany, createRole, createAdmin } from '../support/fixtures';

let app: FastifyInstance;
let root: string;
let manager: string;
let company2: number;

beforeAll(async () => {
  app = await createTestApp();
  root = await login(app);
  company2 = await createCompany(app, 'Second agency');
  await createRole(app, 'staff-manager', [
    ...['admin', 'admin.index', 'admin.list', 'admin.edit'],
    ...['triviaGame', 'triviaGame.index', 'triviaGame.update', 'triviaGame.list', 'notification', 'notification.index'],
  ]);
  await createAdmin(app, { username: 'manager', password: 'Manager-pass-1', roles: ['staff-manager'] });
  manager = await login(app, 'manager', 'Manager-pass-1');
});
afterAll(() => app.close());

const HEADER = ['username', 'name', 'email', 'password', 'roles', 'status'];
type Row = Array<string | number>;

async function xlsx(rows: Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('admins');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function csv(rows: Row[], { bom = true, eol = '\r\n' } = {}): Buffer {
  const field = (cell: string | number) => (/[",\r\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell));
  return Buffer.from((bom ? '\uFEFF' : '') + rows.map((row) => row.map(field).join(',')).join(eol) + eol, 'utf8');
}

interface ImportOptions {
  token?: string;
  lang?: 'zh-TW' | 'en';
  cid?: string;
  dryRun?: string | null;
  filename?: string;
  field?: string;
}

/** The form as the import dialog sends it, `dry_run` after the file. */
async function importFile(bytes: Buffer | null, options: ImportOptions = {}) {
  const boundary = '----lt-import-boundary';
  const parts: Buffer[] = [];
  if (bytes) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'admins.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  const dryRun = options.dryRun === undefined ? '0' : options.dryRun;
  if (dryRun !== null) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n${dryRun}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    authorization: `Bearer ${options.token ?? root}`,
  };
  if (options.lang) headers.lang = options.lang;
  if (options.cid) headers.cid = options.cid;
  const res = await app.inject({ method: 'POST', url: '/api/admin/admin/import', payload: Buffer.concat(parts), headers });
  return checkedResult('/admin/import', res);
}

const usernamesLike = async (prefix: string) =>
  (await app.db.select({ username: admins.username }).from(admins).where(like(admins.username, `${prefix}%`)).orderBy(asc(admins.id))).map((a) => a.username);

/** A sheet with good rows and each kind of bad row, numbered as a spreadsheet shows them. */
const mixed = (prefix: string): Row[] => [
  HEADER,
  [`${prefix}.ann`, 'Ann', 'ann@example.com', 'Password-123', 'viewer', 1], // row 2: good
  [`${prefix}.bob`, 'Bob', 'bob@example.com', 'short', 'viewer', 1], // row 3: weak password
  [`${prefix}.cat`, 'Cat, the second', 'cat@example.com', 'Password-123', 'viewer, operator', 0], // row 4: good, disabled
  [`${prefix}.ANN`, 'Ann again', 'ann2@example.com', 'Password-123', 'viewer', 1], // row 5: repeats row 2
  ['ADMIN', 'Not me', 'x@example.com', 'Password-123', 'viewer', 1], // row 6: taken
  [`${prefix}.dan`, 'Dan', 'dan@example', 'Password-123', 'ghost', 'maybe'], // row 7: email, role, status
];

describe('xlsx', () => {
  it('a dry run reports every bad row by number, previews every row and creates nothing', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(admins);
    const res = await importFile(await xlsx(mixed('dry')), { dryRun: '1', lang: 'zh-TW' });
    expect(res.body).toMatchObject({ code: 200, message: '已檢查 6 列，其中 4 列有錯誤' });
    expect(res.body.data).toMatchObject({ created: 0, skipped: 4, total: 6 });
    const rows = res.body.data.rows as Array<{ row: number; username: string; roles: string[]; status: number; errors: Record<string, string[]> }>;
    expect(rows.map((r) => [r.row, Object.keys(r.errors).sort()])).toEqual([
      [2, []],
      [3, ['password']],
      [4, []],
      [5, ['username']],
      [6, ['username']],
      [7, ['email', 'roles', 'status']],
    ]);
    expect(rows[2]).toMatchObject({ username: 'dry.cat', name: 'Cat, the second', roles: ['viewer', 'operator'], status: 0 });
    expect(rows[3]!.errors.username).toEqual(['此帳號在檔案中重複出現（第 2 列）']);
    expect(rows[4]!.errors.username).toEqual(['此帳號已有人使用']);
    expect(rows[5]).toMatchObject({ status: -1, errors: { roles: ['沒有這些角色：ghost'] } });
    expect(res.body.data.errors).toContainEqual({ row: 3, message: 'password：密碼至少 8 個字元，且須同時包含英文字母與數字' });
    expect(new Set((res.body.data.errors as Array<{ row: number }>).map((e) => e.row))).toEqual(new Set([3, 5, 6, 7]));
    expect(JSON.stringify(res.body)).not.toContain('Password-123');
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(admins)).toEqual(before);
  });

  it('creates the valid rows for the Cid company; they log in with their roles and status', async () => {
    const res = await importFile(await xlsx(mixed('imp')), { lang: 'en' });
    expect(res.body).toMatchObject({ code: 200, message: '2 admins imported, 4 rows skipped', data: { created: 2, skipped: 4, total: 6 } });
    expect(res.body.data.errors.map((e: { row: number; message: string }) => e.row)).toEqual([3, 5, 6, 7, 7, 7]);
    expect(await usernamesLike('imp.')).toEqual(['imp.ann', 'imp.cat']);
    const list = await call(app, '/admin/list', { page: 1, limit: 10, keyword: 'imp.' }, { token: root });
    expect(list.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'imp.ann', name: 'Ann', roles: ['viewer'], status: 1, company_ids: [1], permissions: [] }),
        expect.objectContaining({ username: 'imp.cat', roles: ['operator', 'viewer'], status: 0, company_ids: [1] }),
      ]),
    );
    expect(await login(app, 'IMP.ANN', 'Password-123')).toBeTruthy();
    // Imported a second time, every row is skipped: the usernames are taken now.
    const again = await importFile(await xlsx(mixed('imp')));
    expect(again.body.data).toMatchObject({ created: 0, skipped: 6 });
  });

  it('imports for the company the Cid names', async () => {
    const res = await importFile(await xlsx([HEADER, ['co2.amy', 'Amy', 'amy@example.com', 'Password-123', 'viewer', 1]]), { cid: String(company2) });
    expect(res.body.data.created).toBe(1);
    const list = await call(app, '/admin/list', { page: 1, limit: 10, keyword: 'co2.amy' }, { token: root, cid: String(company2) });
    expect(list.body.data.list[0]).toMatchObject({ username: 'co2.amy', company_ids: [company2] });
    expect((await call(app, '/admin/list', { page: 1, limit: 10, keyword: 'co2.amy' }, { token: root })).body.data.total).toBe(0);
  });
});

describe('csv', () => {
  it('reads Excel’s CSV UTF-8 (BOM, CRLF, quotes), headers in any case and order, without a status column', async () => {
    const rows: Row[] = [
      ['Email', 'USERNAME', 'Name', 'Roles', 'Password'],
      ['wang@example.com', 'csv.wang', '王小明, "小王"', 'viewer', 'Pass-word-9'],
      ['', '', '', '', ''],
      ['lee@example.com', 'csv.lee', 'Lee', 'viewer，notification-less', 'Pass-word-9'],
    ];
    const res = await importFile(csv(rows), { filename: 'admins.csv', lang: 'en' });
    expect(res.body.data).toMatchObject({ created: 1, skipped: 1, total: 2 });
    expect(res.body.data.errors).toEqual([{ row: 4, message: 'roles: These roles do not exist: notification-less' }]);
    const [wang] = (await call(app, '/admin/list', { page: 1, limit: 10, keyword: 'csv.wang' }, { token: root })).body.data.list;
    expect(wang).toMatchObject({ name: '王小明, "小王"', status: 1, roles: ['viewer'] });
  });

  it('reports a control character in a cell under its column (a line break inside quotes)', async () => {
    const res = await importFile(csv([HEADER, ['csv.ctl', 'Two\nlines', 'ctl@example.com', 'Pass-word-9', 'viewer', 1]], { bom: false, eol: '\n' }), {
      dryRun: '1',
      lang: 'zh-TW',
    });
    expect(res.body.data.rows[0].errors).toEqual({ name: [formatDomainMessage('zh-TW', 'account.controlCharacters')] });
  });

  it('is recognised by content whatever the file is called', async () => {
    const res = await importFile(csv([HEADER, ['csv.named', 'Named', 'named@example.com', 'Pass-word-9', 'viewer', 1]]), { filename: 'admins.xlsx', dryRun: '1' });
    expect(res.body.data).toMatchObject({ total: 1, skipped: 0 });
    const book = await importFile(await xlsx([HEADER, ['csv.book', 'Book', 'book@example.com', 'Pass-word-9', 'viewer', 1]]), { filename: 'admins.csv', dryRun: '1' });
    expect(book.body.data).toMatchObject({ total: 1, skipped: 0 });
  });
});

describe('guard rails per row', () => {
  it('a manager imports only roles it may grant: the others are refused on their row', async () => {
    const res = await importFile(
      await xlsx([HEADER, ['mgr.view', 'Viewer', 'v@example.com', 'Password-123', 'viewer', 1], ['mgr.op', 'Op', 'o@example.com', 'Password-123', 'operator', 1]]),
      { token: manager, lang: 'en' },
    );
    expect(res.body.data).toMatchObject({ created: 1, skipped: 1 });
    expect(res.body.data.errors).toEqual([{ row: 3, message: `roles: ${formatDomainMessage('en', 'access.roleNotGrantable', { roles: 'operator' })}` }]);
    expect(await usernamesLike('mgr.')).toEqual(['mgr.view']);
  });
});

describe('files refused (422 on file)', () => {
  const refused = async (bytes: Buffer | null, lang: 'zh-TW' | 'en' = 'en', options: ImportOptions = {}) => {
    const res = await importFile(bytes, { lang, ...options });
    expect(res.status).toBe(422);
    return res.body.data.errors as Record<string, string[]>;
  };

  it('anything but an .xlsx or a UTF-8 .csv, whatever its name', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const big5 = Buffer.from([0xa4, 0xa4, 0xa4, 0xe5, 0x2c, 0x61, 0x0a]);
    for (const bytes of [png, xls, big5, Buffer.from('username,name\u0000\n')]) {
      expect((await refused(bytes, 'en', { filename: 'admins.csv' })).file).toEqual(['Only an Excel workbook (.xlsx) or a UTF-8 CSV file (.csv) can be imported']);
    }
    expect((await refused(png, 'zh-TW')).file).toEqual(['只能匯入 Excel 活頁簿（.xlsx）或 UTF-8 編碼的 CSV 檔（.csv）']);
    // A zip that is not a workbook.
    const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000', 'hex');
    expect((await refused(zip)).file).toEqual(['This workbook cannot be read; save it again as .xlsx in Excel and retry']);
  });

  it('more than 1,000 data rows; exactly 1,000 are read', async () => {
    const rows = (n: number): Row[] => [HEADER, ...Array.from({ length: n }, (_, i) => [`bulk.${i}`, `Bulk ${i}`, `bulk${i}@example.com`, 'Password-123', 'viewer', 1])];
    expect((await refused(csv(rows(1001)))).file).toEqual(['At most 1000 rows can be imported at once; this file has 1001']);
    expect((await refused(await xlsx(rows(1001)), 'zh-TW')).file).toEqual(['一次最多匯入 1000 列，此檔案有 1001 列']);
    const thousand = await importFile(csv(rows(1000)), { dryRun: '1' });
    expect(thousand.body.data).toMatchObject({ total: 1000, skipped: 0, created: 0 });
    expect(await usernamesLike('bulk.')).toEqual([]);
  });

  it('a sheet without the header row or without data rows, no file, a bad dry_run, an unclosed quote', async () => {
    expect((await refused(csv([['user', 'name'], ['a', 'b']]))).file).toEqual(['Row 1 lacks the columns: username, email, password, roles']);
    expect((await refused(csv([HEADER, ['', '', '', '', '', '']]))).file).toEqual(['The file has no data rows (row 1 is the header)']);
    expect((await refused(csv([[...HEADER, 'Username']]))).file).toEqual(['Row 1 names these columns twice: username']);
    expect((await refused(null, 'zh-TW')).file).toEqual(['請選擇要匯入的檔案']);
    expect((await refused(csv([HEADER]), 'en', { field: 'other' })).file).toEqual(['Please choose a file to import']);
    expect(await refused(csv([HEADER, ['a', 'b', 'c', 'd', 'e', '1']]), 'en', { dryRun: 'yes' })).toEqual({ dry_run: ['Must be one of: 0, 1'] });
    expect((await refused(Buffer.from('username,name,email,password,roles\n"open,b,c,d,e\n'))).file).toEqual([
      'A quote opened on line 2 is never closed; please check the CSV file',
    ]);
  });

  it('a file larger than 5 MB', async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    expect((await refused(huge)).file).toEqual(['The file must not be larger than 5 MB']);
  });
});

describe('one transaction', () => {
  it('a failure while creating the rows leaves none of them', async () => {
    // The database refuses the company of the last row: everything before it must be rolled back.
    await app.db.execute(sql`
      create function lt_test_refuse_last() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from admins where id = new.admin_id and username = 'tx.last') then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await app.db.execute(sql`create trigger lt_test_refuse_last before insert on admin_companies for each row execute function lt_test_refuse_last()`);
    try {
      const rows: Row[] = [HEADER, ...['tx.first', 'tx.second', 'tx.last'].map((u) => [u, u, `${u}@example.com`, 'Password-123', 'viewer', 1])];
      const res = await importFile(await xlsx(rows));
      expect(res.status).toBe(500);
      expect(await usernamesLike('tx.')).toEqual([]);
    } finally {
      await app.db.execute(sql`drop trigger lt_test_refuse_last on admin_companies`);
      await app.db.execute(sql`drop function lt_test_refuse_last()`);
    }
    const res = await importFile(await xlsx([HEADER, ['tx.after', 'After', 'after@example.com', 'Password-123', 'viewer', 1]]));
    expect(res.body.data.created).toBe(1);
  });
});

describe('the audit trail', () => {
  it('notes an import with the usernames created and a dry run with its counts, never a password', async () => {
    await importFile(await xlsx([HEADER, ['aud.one', 'One', 'one@example.com', 'Secret-pass-1', 'viewer', 1]]), { dryRun: '1' });
    await importFile(await xlsx([HEADER, ['aud.one', 'One', 'one@example.com', 'Secret-pass-1', 'viewer', 1]]));
    await app.auditTrail.settled();
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, 'adminImport'), eq(auditLog.outcome, 'success')))
      .orderBy(asc(auditLog.id));
    expect(entries.slice(-2).map((e) => [e.targetType, e.summary])).toEqual([
      ['admin', 'dry run: 1 rows, 0 with errors'],
      ['admin', 'imported 1 of 1 rows: aud.one'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Secret-pass-1');
  });
});

describe('template', () => {
  const template = (format: string, lang?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/admin/importTemplate',
      payload: JSON.stringify({ format }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${root}`, ...(lang ? { lang } : {}) },
    });

  it('downloads the header row and one example row as CSV (UTF-8 with BOM) and as a workbook, which import as they are', async () => {
    const text = await template('csv');
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/csv/);
    expect(text.headers['content-disposition']).toContain('admin-import-template.csv');
    expect(text.body).toBe('\uFEFFusername,name,email,password,roles,status\r\nstaff.example,Example Staff,staff@example.com,Example-pass-1,operator,1\r\n');

    const book = await template('xlsx', 'zh-TW');
    expect(book.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(book.headers['content-disposition']).toContain('admin-import-template.xlsx');
    for (const bytes of [book.rawPayload, text.rawPayload]) {
      const res = await importFile(bytes, { dryRun: '1' });
      expect(res.body.data.rows).toEqual([
        { row: 2, username: 'staff.example', name: 'Example Staff', email: 'staff@example.com', roles: ['operator'], status: 1, errors: {} },
      ]);
    }
  });

  it('refuses another format under the field', async () => {
    const res = checkedResult('/admin/importTemplate', await template('pdf'));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors)).toEqual(['format']);
  });
});
