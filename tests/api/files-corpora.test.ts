/**
 * The file operations under the two corpora, on local disk and on S3 (s3rver):
 * - the traversal corpus (tests/fixtures/traversal-corpus.ts: encoded and doubled dots, mixed
 *   separators, overlong UTF-8, device names…) as a directory to list, a path to download, a
 *   directory name to make and an uploaded file's name: each answer is the domain rule's verdict
 *   (a 422, or the exact path it is stored under), and afterwards every byte the store holds is under
 *   the company's own server-made keys — nothing was written anywhere a name pointed to;
 * - the type corpus (tests/fixtures/file-type-corpus.ts: real documents and impostors) uploaded: a
 *   file is accepted exactly when its content is the type its name announces.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDirectoryName, checkDirectoryPath, checkFileName, checkFilePath } from '@/domain/file-names';
import { formatDomainMessage } from '@/domain/messages';
import { call, checkedResult, login, type ApiResult } from '../support/api';
import { createTestApp } from '../support/app';
import { multipartBody, type FormPart } from '../support/multipart';
import { testFileStore, type TestFileStore } from '../support/s3rver';
import { traversalCorpus } from '../fixtures/traversal-corpus';
import { fileTypeCorpus } from '../fixtures/file-type-corpus';

const text = Buffer.from('一行文字\n', 'utf8');

/** Every file below `root`, as `/`-separated paths relative to it. */
function filesBelow(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe.each(['local', 's3'] as const)('the corpora against the file operations on %s', (storeKind) => {
  let app: FastifyInstance;
  let token: string;
  let store: TestFileStore | null = null;

  beforeAll(async () => {
    store = await testFileStore(storeKind);
    app = await createTestApp({ fileStore: store.config, logger: { level: 'error' } });
    token = await login(app);
  });
  afterAll(async () => {
    await app?.close();
    await store?.stop();
  });

  const api = (op: string, body: unknown) => call(app, op, body, { token, lang: 'en' });
  function upload(parts: FormPart[]): Promise<ApiResult> {
    const { body, contentType } = multipartBody(parts);
    return app
      .inject({ method: 'POST', url: '/api/admin/file/uploadFile', payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${token}`, lang: 'en' } })
      .then((res) => checkedResult('/file/uploadFile', res));
  }
  const message = (key: Parameters<typeof formatDomainMessage>[1], params: Record<string, string | number>) => formatDomainMessage('en', key, params);

  it('answers every traversal path with the verdict of the rule, and stores nothing outside the keys of the company', async () => {
    for (const { path: sent, expected } of traversalCorpus) {
      const label = JSON.stringify(sent);
      const asPath = checkFilePath(sent);
      expect(asPath.ok, label).toBe(expected.ok);
      // As a directory, '' is the root; every other text gets the path's verdict.
      const asDirectoryPath = checkDirectoryPath(sent);

      const listed = await api('/file/list', { directory: sent });
      const downloaded = await app.inject({
        method: 'POST',
        url: '/api/admin/file/download',
        payload: JSON.stringify({ path: sent }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, lang: 'en' },
      });
      if (!asDirectoryPath.ok) {
        expect(listed.status, label).toBe(422);
        expect(listed.body.data.errors.directory, label).toEqual([message(asDirectoryPath.key, asDirectoryPath.params)]);
      } else if (asDirectoryPath.path === '') {
        expect(listed.body, label).toMatchObject({ code: 200 });
      } else {
        // Nothing of that name exists yet: not found, never another directory's or company's entries.
        expect(listed.body, label).toMatchObject({ code: 201 });
      }
      if (!asPath.ok) {
        expect(downloaded.statusCode, label).toBe(422);
        expect(downloaded.json().data.errors.path, label).toEqual([message(asPath.key, asPath.params)]);
      } else {
        expect(downloaded.json(), label).toMatchObject({ code: 201, message: `File "${asPath.path}" not found` });
      }

      const asDirectory = checkDirectoryName(sent);
      const made = await api('/file/makeDirectory', { directory: '', name: sent });
      if (asDirectory.ok) {
        // Some accepted names repeat another's stored form (NFC): the second is "already there".
        if (made.status === 422) expect(made.body.data.errors.name, label).toEqual([message('file.alreadyExists', { name: asDirectory.name })]);
        else expect(made.body, label).toMatchObject({ code: 200, data: { path: asDirectory.name } });
      } else {
        expect(made.status, label).toBe(422);
        expect(made.body.data.errors.name, label).toEqual([message(asDirectory.key, asDirectory.params)]);
      }

      // As an uploaded file's name (a browser sends `"`, CR and LF %-encoded; those are other names).
      if (/["\r\n]/.test(sent)) continue;
      // The form carries UTF-8: an unpaired surrogate arrives as U+FFFD, an ordinary character.
      const asName = checkFileName(Buffer.from(`${sent}.txt`, 'utf8').toString('utf8'));
      const uploaded = await upload([{ name: 'directory', value: 'uploads' }, { name: 'file', filename: `${sent}.txt`, bytes: text }]);
      if (asName.ok) {
        if (uploaded.status === 422) expect(uploaded.body.data.errors.file, label).toEqual([message('file.alreadyExists', { name: asName.name })]);
        else expect(uploaded.body, label).toMatchObject({ code: 200, data: { path: `uploads/${asName.name}` } });
      } else {
        expect(uploaded.status, label).toBe(422);
        expect(uploaded.body.data.errors.file, label).toEqual([message(asName.key, asName.params)]);
      }
    }

    // Every byte stored is under the company's server-made keys (s3rver keeps object `k` as the file
    // `k._S3rver_object` beside its metadata).
    const prefix = storeKind === 'local' ? '' : 'trivia/';
    const keys = (
      storeKind === 'local'
        ? filesBelow(path.join(app.config.dataDir, 'files'))
        : filesBelow(path.join(store!.s3!.directory, store!.s3!.config.bucket)).flatMap((file) => (file.endsWith('._S3rver_object') ? [file.slice(0, -'._S3rver_object'.length)] : []))
    ).filter((key) => !key.startsWith(`${prefix}images/`)); // the demo questions' images
    const uploads = (await api('/file/list', { directory: 'uploads' })).body.data.list as unknown[];
    expect(uploads.length).toBeGreaterThan(20);
    expect(keys.length).toBe(uploads.length);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${prefix}companies/1/\\d{4}-\\d{2}/[0-9a-f-]{36}$`));
  });

  it('accepts an upload exactly when its content is the type its name announces', async () => {
    await api('/file/makeDirectory', { directory: '', name: 'types' });
    for (const sample of fileTypeCorpus) {
      const res = await upload([{ name: 'directory', value: 'types' }, { name: 'file', filename: sample.name, bytes: sample.bytes }]);
      const label = `${sample.name}: ${sample.what}`;
      if (sample.verdict === 'ok') {
        expect(res.body, label).toMatchObject({ code: 200, data: { path: `types/${sample.name}` } });
        const back = await app.inject({
          method: 'POST',
          url: '/api/admin/file/download',
          payload: JSON.stringify({ path: `types/${sample.name}` }),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        });
        expect(back.rawPayload.equals(sample.bytes), label).toBe(true);
      } else {
        expect(res.status, label).toBe(422);
        const sentence = res.body.data.errors.file[0] as string;
        const expected = {
          'file.typeNotAllowed': /^Only Word/,
          'file.empty': /^The file is empty$/,
          'file.contentMismatch': /^The file's content is not a .+ file/,
        }[sample.verdict];
        expect(sentence, label).toMatch(expected);
      }
    }
  });
});
