/**
 * The SPA's API client: the headers every call carries (docs/api-conventions.md), the renewed token
 * handed to the session, and `client.POST` meeting every answer of the error catalogue (docs/api-conventions.md) —
 * including three calls against an expired token making exactly one refresh through the real session
 * machine. Requests go through the real openapi-fetch pipeline with a scripted fetch instead of the
 * network; the UI it would show is observed on the toaster and dialog modules.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '@machines/session/session.machine';
import type { InfoPayload, TokenInput } from '@machines/session/types';
import { ApiError, dataOf, withOptions } from '@/app/api/api';
import { API_BASE_URL, client } from '@/app/api/client';
import { connectSession, type SessionBridge, settleRetries, waitingCount } from '@/app/api/session-bridge';
import { dialogs } from '@/app/components/ui/dialogs';
import { messages, notifications } from '@/app/components/ui/toaster';
import { detectLanguage, initI18n, setLanguage } from '@/app/i18n';

// Node has no page origin to resolve the relative base URL against, so calls name one.
const baseUrl = `http://127.0.0.1${API_BASE_URL}`;

type Script = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);
const ok = (data: unknown = {}, message = 'OK') => json({ code: 200, message, data });

/** Stands in for the network: answers with `script` and records every request. */
function network(script: Script = () => ok()) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request.clone());
    return script(request);
  });
  return requests;
}

type BridgeCalls = { [K in Exclude<keyof SessionBridge, 'token'>]: Parameters<SessionBridge[K]>[] };

function fakeBridge(token: string | null = 'token-1'): SessionBridge & { calls: BridgeCalls } {
  const calls: BridgeCalls = { tokenRenewed: [], tokenExpired: [], needLogin: [], sessionReplaced: [] };
  return {
    calls,
    token: () => token,
    tokenRenewed: (...args) => void calls.tokenRenewed.push(args),
    tokenExpired: (...args) => void calls.tokenExpired.push(args),
    needLogin: (...args) => void calls.needLogin.push(args),
    sessionReplaced: (...args) => void calls.sessionReplaced.push(args),
  };
}

async function headersOfOneCall() {
  const requests = network();
  await client.POST('/me', { baseUrl });
  const request = requests[0];
  if (!request) throw new Error('no request was sent');
  return request.headers;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});

beforeEach(() => {
  vi.stubGlobal('location', new URL('http://127.0.0.1/dashboard'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  connectSession(null);
});

describe('request headers', () => {
  it('posts to /api/admin with Lang, Cid 1 by default and no Authorization without a session', async () => {
    const requests = network();
    await client.POST('/me', { baseUrl });
    expect(new URL(requests[0]!.url).pathname).toBe('/api/admin/me');
    const headers = requests[0]!.headers;
    expect(headers.get('Lang')).toBe('en');
    expect(headers.get('Cid')).toBe('1');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends Lang zh-TW while the interface is in Chinese', async () => {
    await setLanguage('zh-TW');
    expect((await headersOfOneCall()).get('Lang')).toBe('zh-TW');
    await setLanguage('en');
    expect((await headersOfOneCall()).get('Lang')).toBe('en');
  });

  it('sends the company from session storage', async () => {
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => (key === 'cid' ? '7' : null) });
    expect((await headersOfOneCall()).get('Cid')).toBe('7');
  });

  it("sends the session's bearer token, read at each call", async () => {
    let token: string | null = 'first';
    connectSession({ ...fakeBridge(), token: () => token });
    expect((await headersOfOneCall()).get('Authorization')).toBe('Bearer first');
    token = 'second';
    expect((await headersOfOneCall()).get('Authorization')).toBe('Bearer second');
  });

  it('lets a call name its own token (the refresh sends the expired one)', async () => {
    connectSession(fakeBridge('current'));
    const requests = network(() => ok({ access_token: 'next' }));
    await dataOf(client.POST('/refresh', { baseUrl, body: {}, headers: { Authorization: 'Bearer expired' } }));
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer expired');
  });
});

describe('renewed token', () => {
  it('hands a token from the response authorization header to the session', async () => {
    const bridge = fakeBridge();
    connectSession(bridge);
    network(() => new Response('{"code":200,"message":"OK","data":{}}', { headers: { authorization: 'Bearer fresh-token' } }));
    await dataOf(client.POST('/me', { baseUrl }));
    expect(bridge.calls.tokenRenewed).toEqual([['fresh-token']]);

    network();
    await dataOf(client.POST('/me', { baseUrl }));
    expect(bridge.calls.tokenRenewed).toHaveLength(1);
  });

  it('hands it over from an answer the catalogue rejects (code 201) and from a replayed answer', async () => {
    const bridge = fakeBridge('old');
    connectSession(bridge);
    const renewing = { authorization: 'Bearer renewed' };
    network(() => json({ code: 201, message: 'Nope', data: null }, { headers: renewing }));
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'business' });
    expect(bridge.calls.tokenRenewed).toEqual([['renewed']]);

    network((request) =>
      request.headers.get('Authorization') === 'Bearer new'
        ? new Response('{"code":200,"message":"OK","data":{}}', { headers: { authorization: 'Bearer after-replay' } })
        : json({ code: 401, message: 'expired', data: null }, { status: 401 }),
    );
    const call = dataOf(client.POST('/me', { baseUrl }));
    await flush();
    settleRetries({ ids: [bridge.calls.tokenExpired[0]![0]], token: 'new' });
    await expect(call).resolves.toEqual({});
    expect(bridge.calls.tokenRenewed).toEqual([['renewed'], ['after-replay']]);
  });
});

describe('client.POST and the error catalogue', () => {
  it('returns data of a code-200 envelope; shows the message only when asked', async () => {
    const success = vi.spyOn(messages, 'success');
    network(() => ok({ name: 'Ada', email: 'ada@example.com' }, '儲存成功'));
    await expect(dataOf(client.POST('/me', { baseUrl }))).resolves.toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(success).not.toHaveBeenCalled();
    await dataOf(client.POST('/me', { baseUrl, body: {}, ...withOptions({ notify: true }) }));
    expect(success).toHaveBeenCalledWith('儲存成功');
  });

  it('code 201: shows the message as an error and rejects with it', async () => {
    const error = vi.spyOn(messages, 'error');
    network(() => json({ code: 201, message: 'Wrong username or password', data: null }));
    const failure = await dataOf(client.POST('/login', { baseUrl, body: { username: 'a', password: 'b' } })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'business', code: 201, message: 'Wrong username or password' });
    expect(error).toHaveBeenCalledWith('Wrong username or password');
  });

  it("code 201 with errors: 'caller' leaves the message to the caller", async () => {
    const error = vi.spyOn(messages, 'error');
    network(() => json({ code: 201, message: 'Nope', data: null }));
    await expect(dataOf(client.POST('/login', { baseUrl, body: { username: 'a', password: 'b' }, ...withOptions({ errors: 'caller' }) }))).rejects.toMatchObject({ kind: 'business' });
    expect(error).not.toHaveBeenCalled();
  });

  it('code 202: closes the messages, shows the message and tells the session to log out', async () => {
    const bridge = fakeBridge();
    connectSession(bridge);
    const closeAll = vi.spyOn(messages, 'closeAll');
    const error = vi.spyOn(messages, 'error');
    network(() => json({ code: 202, message: 'Please log in', data: null }));
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'needLogin', message: 'Please log in' });
    expect(closeAll).toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Please log in', { id: 'need-login' });
    expect(bridge.calls.needLogin).toEqual([['Please log in']]);
  });

  it('HTTP 401 code 430: asks for confirmation with the message; declining keeps the session', async () => {
    const bridge = fakeBridge();
    connectSession(bridge);
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    network(() => json({ code: 430, message: 'Your session has ended', data: null }, { status: 401 }));
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'sessionReplaced' });
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your session has ended', title: 'Confirm logout' }));
    await flush();
    expect(bridge.calls.sessionReplaced).toEqual([]);
  });

  it('HTTP 422: rejects with the field errors and shows nothing', async () => {
    const error = vi.spyOn(messages, 'error');
    network(() => json({ code: 422, message: 'Check the fields', data: { errors: { email: ['Not an email'] } } }, { status: 422 }));
    const failure = (await dataOf(client.POST('/me', { baseUrl })).catch((e: unknown) => e)) as ApiError;
    expect(failure.kind).toBe('validation');
    expect(failure.fields).toEqual({ email: ['Not an email'] });
    expect(error).not.toHaveBeenCalled();
  });

  it('HTTP 500: a notification that stays, with the message, the ErrorNumber and the promise', async () => {
    const notify = vi.spyOn(notifications, 'error');
    network(() => json({ code: 500, message: 'Something went wrong on the server', data: { errorId: 'abc-123' } }, { status: 500 }));
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'server', errorId: 'abc-123' });
    expect(notify).toHaveBeenCalledWith({
      id: 'server-error:abc-123',
      title: 'Something went wrong on the server',
      lines: ['ErrorNumber: abc-123', "We'll deal with it as soon as possible"],
      persistent: true,
    });
  });

  it('other codes: the message as an error (5 s)', async () => {
    const error = vi.spyOn(messages, 'error');
    network(() => json({ code: 403, message: 'You do not have permission to do this', data: null }, { status: 403 }));
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'http', status: 403 });
    expect(error).toHaveBeenCalledWith('You do not have permission to do this');
  });

  it('no answer: an alert that a click outside or Escape does not close', async () => {
    const alert = vi.spyOn(dialogs, 'alert').mockResolvedValue();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'network' });
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ title: 'Network error', dismissible: false }));
  });

  it('no answer within the timeout: a timeout alert', async () => {
    const alert = vi.spyOn(dialogs, 'alert').mockResolvedValue();
    vi.stubGlobal(
      'fetch',
      (request: Request) =>
        new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    await expect(dataOf(client.POST('/me', { baseUrl, body: {}, ...withOptions({ timeout: 30 }) }))).rejects.toMatchObject({ kind: 'timeout' });
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ dismissible: false, message: expect.stringContaining('did not answer') }));
  });

  it('HTTP 401 without a session: rejected, nothing replayed', async () => {
    const requests = network(() => json({ code: 401, message: 'expired', data: null }, { status: 401 }));
    await expect(dataOf(client.POST('/me', { baseUrl }))).rejects.toMatchObject({ kind: 'tokenExpired' });
    expect(requests).toHaveLength(1);
  });

  it('HTTP 401: waits for the session, then replays once with the token it names', async () => {
    const bridge = fakeBridge('old');
    connectSession(bridge);
    const requests = network((request) =>
      request.headers.get('Authorization') === 'Bearer new'
        ? ok({ name: 'Ada', email: '' })
        : json({ code: 401, message: 'expired', data: null }, { status: 401 }),
    );
    const call = dataOf(client.POST('/me', { baseUrl }));
    await flush();
    expect(bridge.calls.tokenExpired).toEqual([[expect.stringMatching(/^request-/), 'old']]);
    expect(waitingCount()).toBe(1);
    const [requestId] = bridge.calls.tokenExpired[0]!;
    settleRetries({ ids: [requestId], token: 'new' });
    await expect(call).resolves.toEqual({ name: 'Ada', email: '' });
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(waitingCount()).toBe(0);
  });

  it('HTTP 401: rejected when the session says so (refresh failed)', async () => {
    const bridge = fakeBridge('old');
    connectSession(bridge);
    network(() => json({ code: 401, message: 'expired', data: null }, { status: 401 }));
    const call = dataOf(client.POST('/me', { baseUrl }));
    await flush();
    const [requestId] = bridge.calls.tokenExpired[0]!;
    settleRetries({ ids: [requestId], error: 'Refresh failed' });
    await expect(call).rejects.toMatchObject({ kind: 'tokenExpired', message: 'Refresh failed' });
  });
});

describe('three calls against an expired token, with the real session machine', () => {
  it('make exactly one refresh, and all three are replayed with the new token and succeed', async () => {
    let refreshes = 0;
    let expired = 0;
    let releaseRefresh = () => {};
    const allExpired = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          readStoredToken: fromPromise<string | null>(async () => 'old'),
          loadInfo: fromPromise<InfoPayload, TokenInput>(async () => ({ user_info: { roles: ['admin'] }, accessed_routes: [] })),
          refreshToken: fromPromise(async ({ input }) => {
            refreshes += 1;
            expect(input.token).toBe('old');
            // The refresh answers once all three calls got their 401: they all wait for this one refresh.
            await allExpired;
            return { token: 'new' };
          }),
        },
        actions: { notifyRetries: (_, notice) => settleRetries(notice) },
      }),
      { input: { lastUsername: null } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ active: { token: 'valid', info: 'current' } });
    connectSession({
      token: () => actor.getSnapshot().context.token,
      tokenRenewed: (token) => actor.send({ type: 'api.tokenRenewed', token }),
      tokenExpired: (requestId, sentToken) => actor.send({ type: 'api.tokenExpired', requestId, sentToken }),
      needLogin: (message) => actor.send({ type: 'api.needLogin', message }),
      sessionReplaced: (message) => actor.send({ type: 'api.sessionReplaced', message }),
    });
    const requests = network((request) => {
      if (request.headers.get('Authorization') === 'Bearer new') return ok({ name: 'Ada', email: '' });
      if ((expired += 1) === 3) releaseRefresh();
      return json({ code: 401, message: 'expired', data: null }, { status: 401 });
    });

    const results = await Promise.all([dataOf(client.POST('/me', { baseUrl })), dataOf(client.POST('/me', { baseUrl })), dataOf(client.POST('/me', { baseUrl }))]);

    expect(results).toEqual(Array(3).fill({ name: 'Ada', email: '' }));
    expect(refreshes).toBe(1);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer old',
      'Bearer old',
      'Bearer old',
      'Bearer new',
      'Bearer new',
      'Bearer new',
    ]);
    expect(actor.getSnapshot().context.token).toBe('new');
    actor.stop();
  });
});

describe('language detection', () => {
  it('lets a valid language cookie win', () => {
    expect(detectLanguage('zh-TW', ['en-US'])).toBe('zh-TW');
    expect(detectLanguage('en', ['zh-TW'])).toBe('en');
  });

  it('ignores an invalid cookie and follows the browser languages in order', () => {
    expect(detectLanguage('fr', ['zh-HK'])).toBe('zh-TW');
    expect(detectLanguage(undefined, ['fr-FR', 'zh-CN', 'en'])).toBe('zh-TW');
    expect(detectLanguage(undefined, ['de', 'en-GB', 'zh-TW'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'ja'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
});
