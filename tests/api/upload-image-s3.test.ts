/**
 * The whole server on the S3 store (S3_BUCKET set; here s3rver, with S3_PREFIX=trivia/): an image
 * uploaded through POST /file/uploadImage lands in the bucket under `trivia/images/<cid>/`, not on
 * the server's disk, and GET /files/images/... serves it back from there with its type; a name of the
 * right shape that was never stored is still a 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { solidPng } from '@/server/lib/png';
import { createTestApp } from '../support/app';
import { checkedResult, login } from '../support/api';
import { startS3rver, type RunningS3rver } from '../support/s3rver';

let s3: RunningS3rver;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  s3 = await startS3rver({ prefix: 'trivia/' });
  app = await createTestApp({ fileStore: s3.config });
  token = await login(app);
});
afterAll(async () => {
  await app?.close();
  await s3?.stop();
});

function uploadImage(filename: string, bytes: Buffer) {
  const boundary = '----lt-upload-s3-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app
    .inject({
      method: 'POST',
      url: '/api/admin/file/uploadImage',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    })
    .then((res) => checkedResult('/file/uploadImage', res));
}

async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({ ...s3.config, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  try {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    return (answer.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

describe('images on the S3 store', () => {
  it('stores an uploaded image in the bucket and serves it back from there', async () => {
    expect(app.fileStore.kind).toBe('s3');
    const png = solidPng(24, 12, [0x12, 0x80, 0x40]);
    const res = await uploadImage('team photo.png', png);
    expect(res.body.code).toBe(200);
    const url = res.body.data.path as string;
    // Kept per company: /files/images/<cid>/<yyyy-mm>/<name>.
    expect(url).toMatch(/^\/files\/images\/1\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(png.length));
    expect(served.rawPayload.equals(png)).toBe(true);

    // In the bucket under the prefix, and nothing on the server's own disk.
    expect(await bucketKeys()).toContain(`trivia/${url.slice('/files/'.length)}`);
    expect(fs.existsSync(path.join(app.config.dataDir, 'files'))).toBe(false);
  });

  it('answers 404 for an image name of the right shape that is not in the bucket', async () => {
    const res = await app.inject({ method: 'GET', url: `/files/images/1/2026-11/${'0'.repeat(32)}.png` });
    expect(res.statusCode).toBe(404);
  });
});
