/**
 * The SPA's one upload client (src/app/api/upload.ts): a multipart form over XMLHttpRequest, for the
 * progress fetch cannot report, answered as every other call of the API client is. The form goes with
 * the usual headers and in the order it was built; progress comes as bytes sent; `data` of a code-200
 * envelope comes back; an expired token is refreshed once and the same form sent again (also with
 * the real session machine, beside a JSON call waiting for the same refresh); a renewed token goes to
 * the session; and every answer of the error catalogue (422, 201, 202, 430, 500, no answer, not JSON,
 * aborted) becomes the same ApiError with the same UI as every call's. Node has no XMLHttpRequest: a
 * stand-in plays the browser's, answering from a script; the UI is observed on the toaster and dialogs.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '@machines/session/session.machine';
import type { InfoPayload, TokenInput } from '@machines/session/types';
import { type ApiError, dataOf } from '@/app/api/api';
import { API_BASE_URL, client } from '@/app/api/client';
import { connectSession, type SessionBridge, settleRetries } from '@/app/api/session-bridge';
import { createSpeedMeter, upload, type UploadProgress } from '@/app/api/upload';
import { dialogs } from '@/app/components/ui/dialogs';
import { messages, notifications } from '@/app/components/ui/toaster';
import { initI18n, setLanguage } from '@/app/i18n';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
// Node has no page origin to resolve the relative base URL against, so calls name one.
const baseUrl = `http://127.0.0.1${API_BASE_URL}`;
const imported = { created: 2, skipped: 1, errors: [{ row: 3, message: 'Please enter a valid email address' }] };

interface Sent {
  url: string;
  headers: Record<string, string>;
  form: FormData;
}
type Answer = { status?: number; body?: unknown; text?: string; headers?: Record<string, string> } | 'network' | 'hang';

/** Stands in for the browser's XMLHttpRequest: records each request and answers from `script`. */
function network(script: (sent: Sent) => Answer) {
  const sent: Sent[] = [];
  const aborted: Sent[] = [];
  class StandInXhr {
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: Sent = { url: '', headers: {}, form: new FormData() };
    private answerHeaders: Record<string, string> = {};
    private timers: ReturnType<typeof setTimeout>[] = [];

    open(method: string, url: string) {
      expect(method).toBe('POST');
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.answerHeaders[name.toLowerCase()] ?? null;
    }
    getAllResponseHeaders() {
      return Object.entries(this.answerHeaders)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
    }
    send(form: FormData) {
      this.request.form = form;
      sent.push(this.request);
      const answer = script(this.request);
      if (answer === 'hang') return;
      const later = (ms: number, run: () => void) => this.timers.push(setTimeout(run, ms));
      later(1, () => this.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true }));
      later(2, () => this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true }));
      later(3, () => {
        if (answer === 'network') return this.onerror?.();
        this.status = answer.status ?? 200;
        this.answerHeaders = { 'content-type': 'application/json; charset=utf-8', ...answer.headers };
        this.responseText = answer.text ?? JSON.stringify(answer.body);
        this.onload?.();
      });
    }
    abort() {
      for (const timer of this.timers) clearTimeout(timer);
      aborted.push(this.request);
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', StandInXhr);
  return { sent, aborted };
}

const envelope = (code: number, message: string, data: unknown = null) => ({ code, message, data });

function bridge(token: string): SessionBridge & { expired: string[]; renewed: string[]; loggedOut: string[] } {
  const expired: string[] = [];
  const renewed: string[] = [];
  const loggedOut: string[] = [];
  return {
    expired,
    renewed,
    loggedOut,
    token: () => token,
    tokenRenewed: (next) => void renewed.push(next),
    tokenExpired: (requestId) => void expired.push(requestId),
    needLogin: (message) => void loggedOut.push(message),
    sessionReplaced: () => undefined,
  };
}

/** The file store's upload form: `directory` and `replace` first, the file last (the server reads them in order). */
function fileForm(): FormData {
  const form = new FormData();
  form.append('directory', 'docs/2024');
  form.append('replace', '0');
  form.append('file', new File(['a,b\n1,2\n'], 'scores.csv', { type: 'text/csv' }));
  return form;
}

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});
beforeEach(() => {
  vi.stubGlobal('location', new URL('http://127.0.0.1/file/index'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  connectSession(null);
});

describe('upload', () => {
  it('sends the form in its order with the usual headers, reports progress and resolves with data', async () => {
    connectSession(bridge('token-1'));
    const { sent } = network(() => ({ body: envelope(200, 'Uploaded', { path: 'docs/2024/scores.csv' }) }));
    const progress: UploadProgress[] = [];
    await expect(upload('/file/uploadFile', fileForm(), { onProgress: (p) => progress.push(p) })).resolves.toEqual({ path: 'docs/2024/scores.csv' });
    const [request] = sent;
    expect(new URL(request!.url).pathname).toBe('/api/admin/file/uploadFile');
    expect(request!.headers).toMatchObject({ authorization: 'Bearer token-1', lang: 'en', cid: '1' });
    expect([...request!.form.keys()]).toEqual(['directory', 'replace', 'file']);
    expect(progress).toEqual([
      { loaded: 0, total: null },
      { loaded: 40, total: 100 },
      { loaded: 100, total: 100 },
    ]);
  });

  it('shows the success message when asked (the file store says the file was uploaded)', async () => {
    const success = vi.spyOn(messages, 'success');
    network(() => ({ body: envelope(200, 'scores.csv uploaded', { path: 'scores.csv' }) }));
    await upload('/file/uploadFile', fileForm(), { notify: true });
    expect(success).toHaveBeenCalledWith('scores.csv uploaded');
  });

  it('hands a renewed token in the answer to the session', async () => {
    const session = bridge('token-1');
    connectSession(session);
    network(() => ({ body: envelope(200, 'OK', imported), headers: { authorization: 'Bearer fresh-token' } }));
    await upload('/admin/import', fileForm());
    expect(session.renewed).toEqual(['fresh-token']);
  });

  it('replays the same form once with the refreshed token after an HTTP 401, progress starting again', async () => {
    const session = bridge('old');
    connectSession(session);
    const { sent } = network((request) =>
      request.headers.authorization === 'Bearer new' ? { body: envelope(200, 'OK', imported) } : { status: 401, body: envelope(401, 'expired') },
    );
    const progress: number[] = [];
    const call = upload('/admin/import', fileForm(), { onProgress: (p) => progress.push(p.loaded) });
    await vi.waitFor(() => expect(session.expired).toHaveLength(1));
    settleRetries({ ids: [session.expired[0]!], token: 'new' });
    await expect(call).resolves.toEqual(imported);
    expect(sent.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(sent[1]!.form).toBe(sent[0]!.form);
    expect(((sent[1]!.form.get('file') as File).name)).toBe('scores.csv');
    expect(progress).toEqual([0, 40, 100, 0, 40, 100]);
  });

  it('rejects with tokenExpired when the refresh failed, sending nothing more', async () => {
    const session = bridge('old');
    connectSession(session);
    const { sent } = network(() => ({ status: 401, body: envelope(401, 'expired') }));
    const call = upload('/admin/import', fileForm());
    await vi.waitFor(() => expect(session.expired).toHaveLength(1));
    settleRetries({ ids: [session.expired[0]!], error: 'Your login has expired' });
    await expect(call).rejects.toMatchObject({ kind: 'tokenExpired', message: 'Your login has expired' });
    expect(sent).toHaveLength(1);
  });

  it('turns a 422 into field errors and shows nothing itself', async () => {
    connectSession(bridge('token-1'));
    const shown = vi.spyOn(messages, 'error');
    network(() => ({ status: 422, body: envelope(422, 'Invalid', { errors: { file: ['Only .xlsx or .csv sheets'] } }) }));
    const error = (await upload('/admin/import', fileForm()).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'validation', status: 422, fields: { file: ['Only .xlsx or .csv sheets'] } });
    expect(shown).not.toHaveBeenCalled();
  });

  it("shows a code 201 and rejects; with errors: 'caller' leaves it to the caller", async () => {
    const shown = vi.spyOn(messages, 'error');
    network(() => ({ body: envelope(201, 'A file is already being uploaded') }));
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'business', message: 'A file is already being uploaded' });
    expect(shown).toHaveBeenCalledWith('A file is already being uploaded');
    shown.mockClear();
    await expect(upload('/file/uploadFile', fileForm(), { errors: 'caller' })).rejects.toMatchObject({ kind: 'business' });
    expect(shown).not.toHaveBeenCalled();
  });

  it('code 202: closes the messages, shows the message and tells the session to log out', async () => {
    const session = bridge('token-1');
    connectSession(session);
    const closeAll = vi.spyOn(messages, 'closeAll');
    const shown = vi.spyOn(messages, 'error');
    network(() => ({ body: envelope(202, 'Please log in') }));
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'needLogin' });
    expect(closeAll).toHaveBeenCalled();
    expect(shown).toHaveBeenCalledWith('Please log in', { id: 'need-login' });
    expect(session.loggedOut).toEqual(['Please log in']);
  });

  it('HTTP 401 code 430: asks to log in again, as every call does', async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    network(() => ({ status: 401, body: envelope(430, 'Your session has ended') }));
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'sessionReplaced' });
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your session has ended', title: 'Confirm logout' }));
  });

  it('HTTP 500: the notification that stays, with the ErrorNumber', async () => {
    const notify = vi.spyOn(notifications, 'error');
    network(() => ({ status: 500, body: envelope(500, 'Something went wrong on the server', { errorId: 'abc-123' }) }));
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'server', errorId: 'abc-123' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ id: 'server-error:abc-123', persistent: true, lines: expect.arrayContaining(['ErrorNumber: abc-123']) }));
  });

  it('HTTP 413 and other codes: the message as an error', async () => {
    const shown = vi.spyOn(messages, 'error');
    network(() => ({ status: 413, body: envelope(413, 'The request is too large (limit 200 MB)') }));
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'http', status: 413 });
    expect(shown).toHaveBeenCalledWith('The request is too large (limit 200 MB)');
  });

  it('no answer: the network alert only its button closes', async () => {
    const alert = vi.spyOn(dialogs, 'alert').mockResolvedValue();
    network(() => 'network');
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'network' });
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ title: 'Network error', dismissible: false }));
  });

  it('an answer that is not JSON: the bad-response message', async () => {
    const shown = vi.spyOn(messages, 'error');
    network(() => ({ status: 502, text: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } }));
    await expect(upload('/file/uploadFile', fileForm())).rejects.toMatchObject({ kind: 'http' });
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('aborted by its signal: the request is cancelled, rejected as aborted, nothing shown', async () => {
    const alert = vi.spyOn(dialogs, 'alert');
    const shown = vi.spyOn(messages, 'error');
    const { aborted } = network(() => 'hang');
    const controller = new AbortController();
    const call = upload('/file/uploadFile', fileForm(), { signal: controller.signal });
    await flush();
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    expect(aborted).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });
});

describe('an upload and a JSON call against an expired token, with the real session machine', () => {
  it('share one refresh and are both replayed with the new token', async () => {
    let refreshes = 0;
    let expired = 0;
    let releaseRefresh = () => {};
    const bothExpired = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const expire = () => {
      if ((expired += 1) === 2) releaseRefresh();
    };
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          readStoredToken: fromPromise<string | null>(async () => 'old'),
          loadInfo: fromPromise<InfoPayload, TokenInput>(async () => ({ user_info: { roles: ['admin'] }, accessed_routes: [] })),
          refreshToken: fromPromise(async () => {
            refreshes += 1;
            // The refresh answers once both calls got their 401: both wait for this one refresh.
            await bothExpired;
            return { token: 'new' };
          }),
        },
        actions: { notifyRetries: (_, notice) => settleRetries(notice) },
      }),
      { input: { lastUsername: null } },
    ).start();
    await flush();
    connectSession({
      token: () => actor.getSnapshot().context.token,
      tokenRenewed: (token) => actor.send({ type: 'api.tokenRenewed', token }),
      tokenExpired: (requestId, sentToken) => actor.send({ type: 'api.tokenExpired', requestId, sentToken }),
      needLogin: (message) => actor.send({ type: 'api.needLogin', message }),
      sessionReplaced: (message) => actor.send({ type: 'api.sessionReplaced', message }),
    });
    const { sent } = network((request) => {
      if (request.headers.authorization === 'Bearer new') return { body: envelope(200, 'OK', { path: 'scores.csv' }) };
      expire();
      return { status: 401, body: envelope(401, 'expired') };
    });
    const posts: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      posts.push(request.headers.get('Authorization') ?? '');
      if (request.headers.get('Authorization') === 'Bearer new') return Response.json(envelope(200, 'OK', { name: 'Ada', email: '' }));
      expire();
      return Response.json(envelope(401, 'expired'), { status: 401 });
    });

    const [uploaded, me] = await Promise.all([upload('/file/uploadFile', fileForm()), dataOf(client.POST('/me', { baseUrl }))]);

    expect(uploaded).toEqual({ path: 'scores.csv' });
    expect(me).toEqual({ name: 'Ada', email: '' });
    expect(refreshes).toBe(1);
    expect(sent.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(posts).toEqual(['Bearer old', 'Bearer new']);
    actor.stop();
  });
});

describe('createSpeedMeter', () => {
  it('answers bytes per second over a sliding window, null until there is a moment to measure', () => {
    const speed = createSpeedMeter(3000);
    expect(speed(0, 0)).toBeNull();
    expect(speed(100_000, 100)).toBeNull();
    expect(speed(1_000_000, 1000)).toBe(1_000_000);
    expect(speed(2_000_000, 2000)).toBe(1_000_000);
    // The connection slows to 100 kB/s: after the window the first second's burst is forgotten.
    speed(2_100_000, 3000);
    expect(speed(2_200_000, 4000)).toBe(400_000);
    expect(speed(2_300_000, 5000)).toBe(100_000);
    expect(speed(2_400_000, 6000)).toBe(100_000);
  });

  it('starts over when the upload starts over (sent again after a token refresh)', () => {
    const speed = createSpeedMeter();
    speed(0, 0);
    expect(speed(500_000, 1000)).toBe(500_000);
    expect(speed(0, 1100)).toBeNull();
    expect(speed(200_000, 2100)).toBe(200_000);
  });
});
