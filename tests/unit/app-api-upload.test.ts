/**
 * `api.upload`, the SPA's way to send a multipart form (the admin sheet import): the form goes as
 * multipart/form-data with the usual headers, `data` of a code-200 envelope comes back, a 422 becomes
 * field errors, a code 201 is shown and rejected, and an expired token is refreshed once and the same
 * form replayed. The real openapi-fetch pipeline with a scripted fetch.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, type ApiError, settleRetries } from '@/app/api/api';
import { connectSession, type SessionBridge } from '@/app/api/client';
import { messages } from '@/app/components/ui/toaster';
import { initI18n, setLanguage } from '@/app/i18n';

const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const imported = { created: 2, skipped: 1, errors: [{ row: 3, message: 'Please enter a valid email address' }] };

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

function sheetForm(): FormData {
  const form = new FormData();
  form.append('dry_run', '1');
  form.append('file', new File(['username,name\nann,Ann\n'], 'staff.csv', { type: 'text/csv' }));
  return form;
}

beforeAll(async () => {
  await initI18n();
  await setLanguage('en');
});
beforeEach(() => {
  vi.stubGlobal('location', new URL('http://127.0.0.1/admin/index'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  connectSession(null);
});

describe('api.upload', () => {
  it('sends the form as multipart with the usual headers and resolves with data', async () => {
    connectSession(bridge('token-1'));
    const requests = network(() => json({ code: 200, message: 'OK', data: imported }));
    await expect(api.upload('/admin/import', sheetForm())).resolves.toEqual(imported);
    const [request] = requests;
    expect(new URL(request!.url).pathname).toBe('/api/admin/admin/import');
    expect(request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request!.headers.get('Lang')).toBe('en');
    const sent = await request!.formData();
    expect(sent.get('dry_run')).toBe('1');
    expect(await (sent.get('file') as File).text()).toBe('username,name\nann,Ann\n');
  });

  it('turns a 422 into field errors and shows nothing itself', async () => {
    connectSession(bridge('token-1'));
    const shown = vi.spyOn(messages, 'error');
    network(() => json({ code: 422, message: 'Invalid', data: { errors: { file: ['Only .xlsx or .csv sheets'] } } }, { status: 422 }));
    const error = (await api.upload('/admin/import', sheetForm()).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('validation');
    expect(error.fields).toEqual({ file: ['Only .xlsx or .csv sheets'] });
    expect(shown).not.toHaveBeenCalled();
  });

  it('shows a code 201 and rejects', async () => {
    connectSession(bridge('token-1'));
    const shown = vi.spyOn(messages, 'error');
    network(() => json({ code: 201, message: 'The sheet has more than 1,000 rows', data: null }));
    await expect(api.upload('/admin/import', sheetForm())).rejects.toMatchObject({ kind: 'business' });
    expect(shown).toHaveBeenCalledWith('The sheet has more than 1,000 rows');
  });

  it('replays the same form once with the refreshed token after an HTTP 401', async () => {
    const session = bridge('old');
    connectSession(session);
    const requests = network((request) =>
      request.headers.get('Authorization') === 'Bearer new'
        ? json({ code: 200, message: 'OK', data: imported })
        : json({ code: 401, message: 'expired', data: null }, { status: 401 }),
    );
    const call = api.upload('/admin/import', sheetForm());
    await flush();
    expect(session.expired).toHaveLength(1);
    settleRetries({ ids: [session.expired[0]!], token: 'new' });
    await expect(call).resolves.toEqual(imported);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(((await requests[1]!.formData()).get('file') as File).name).toBe('staff.csv');
  });
});
