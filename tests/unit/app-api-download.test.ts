/**
 * A download (`fileOf(client.POST(path, { body, ...asFile() }))`), the SPA's way to fetch a file (the results export): the file and the name from
 * Content-Disposition (the UTF-8 one first), a JSON envelope in its place handled like any call's
 * (code 201 shown and rejected), and an expired token refreshed once and the download replayed —
 * a download survives the token refresh. The real openapi-fetch pipeline with a scripted fetch.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { asFile, dispositionFilename, fileOf } from '@/app/api/api';
import { API_BASE_URL, client } from '@/app/api/client';
import { connectSession, type SessionBridge, settleRetries } from '@/app/api/session-bridge';
import { messages } from '@/app/components/ui/toaster';
import { initI18n, setLanguage } from '@/app/i18n';

// Node has no page origin to resolve the relative base URL against, so calls name one.
const baseUrl = `http://127.0.0.1${API_BASE_URL}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function network(script: (request: Request) => Response) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request.clone());
    return script(request);
  });
  return requests;
}

function bridge(token: string): SessionBridge & { expired: string[] } {
  const expired: string[] = [];
  return {
    expired,
    token: () => token,
    tokenRenewed: () => undefined,
    tokenExpired: (requestId) => void expired.push(requestId),
    needLogin: () => undefined,
    sessionReplaced: () => undefined,
  };
}

const file = (name: string) =>
  new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="_-results.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});
beforeEach(() => {
  vi.stubGlobal('location', new URL('http://127.0.0.1/triviaGame/index'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  connectSession(null);
});

describe('api.download', () => {
  it('resolves with the file and its UTF-8 name, sending the JSON body with the usual headers', async () => {
    connectSession(bridge('token-1'));
    const requests = network(() => file('尾牙-成績.xlsx'));
    const result = await fileOf(client.POST('/triviaGame/exportResults', { body: { trivia_game_id: 7, format: 'xlsx' }, ...asFile(), baseUrl }));
    expect(result.filename).toBe('尾牙-成績.xlsx');
    expect(result.blob.size).toBe(4);
    expect(new URL(requests[0]!.url).pathname).toBe('/api/admin/triviaGame/exportResults');
    expect(await requests[0]!.json()).toEqual({ trivia_game_id: 7, format: 'xlsx' });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(requests[0]!.headers.get('Cid')).toBe('1');
  });

  it('replays the download once with the refreshed token after an HTTP 401', async () => {
    const session = bridge('old');
    connectSession(session);
    const requests = network((request) =>
      request.headers.get('Authorization') === 'Bearer new' ? file('a.csv') : json({ code: 401, message: 'expired', data: null }, { status: 401 }),
    );
    const call = fileOf(client.POST('/triviaGame/exportResults', { body: { trivia_game_id: 7, format: 'csv' }, ...asFile(), baseUrl }));
    await flush();
    expect(session.expired).toHaveLength(1);
    settleRetries({ ids: [session.expired[0]!], token: 'new' });
    await expect(call).resolves.toMatchObject({ filename: 'a.csv' });
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('shows and rejects a code-201 envelope sent instead of the file', async () => {
    const error = vi.spyOn(messages, 'error').mockImplementation(() => undefined as never);
    network(() => json({ code: 201, message: 'Nope', data: null }));
    await expect(fileOf(client.POST('/triviaGame/exportResults', { body: { trivia_game_id: 7, format: 'csv' }, ...asFile(), baseUrl }))).rejects.toMatchObject({ kind: 'business', message: 'Nope' });
    expect(error).toHaveBeenCalledWith('Nope');
  });

  it('reads file names from either form of Content-Disposition', () => {
    expect(dispositionFilename(`attachment; filename="x.csv"; filename*=UTF-8''%E6%8E%92%E5%90%8D.csv`, 'f')).toBe('排名.csv');
    expect(dispositionFilename('attachment; filename="plain.csv"', 'f')).toBe('plain.csv');
    expect(dispositionFilename(null, 'fallback')).toBe('fallback');
  });
});
