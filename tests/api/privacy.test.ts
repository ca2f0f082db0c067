/** The privacy page: public to read per company, sanitized on write, editable only with the permission. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';

describe('privacy page', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await login(app);
  });
  afterAll(() => app.close());

  it('is empty until written, then public to anyone, sanitized', async () => {
    expect((await call(app, '/website/privacy', {})).body.data.item).toEqual({ content: '', updated_at: null });
    const saved = await call(app, '/website/privacyUpdate', { content: '<h2>Privacy</h2><p onclick="x()">We <a href="javascript:alert(1)">care</a>.</p><img src=x onerror=alert(1)>' }, { token: admin });
    expect(saved.body.data.item.content).toBe('<h2>Privacy</h2><p>We <a target="_blank" rel="noopener noreferrer nofollow">care</a>.</p>');
    const read = await call(app, '/website/privacy', {});
    expect(read.body.data.item.content).toBe(saved.body.data.item.content);
    expect(read.body.data.item.updated_at).not.toBeNull();
    expect((await call(app, '/website/privacyDetail', {}, { token: admin })).body.data.item.content).toBe(saved.body.data.item.content);
  });

  it('is per company, and a malformed or unknown company is refused', async () => {
    const company2 = await createCompany(app, 'Two');
    await call(app, '/website/privacyUpdate', { content: '<p>Second</p>' }, { token: admin, cid: String(company2) });
    expect((await call(app, '/website/privacy', {}, { cid: String(company2) })).body.data.item.content).toBe('<p>Second</p>');
    expect((await call(app, '/website/privacy', {}, { cid: '1' })).body.data.item.content).toContain('Privacy');
    expect((await call(app, '/website/privacy', {}, { cid: 'x' })).status).toBe(403);
    expect((await call(app, '/website/privacy', {}, { cid: '4242' })).status).toBe(403);
  });

  it('cannot be changed without the permission', async () => {
    await createAdmin(app, { username: 'opal', password: 'Opal-password-1', roles: ['operator'] });
    const operator = await login(app, 'opal', 'Opal-password-1');
    expect((await call(app, '/website/privacyUpdate', { content: '<p>hacked</p>' }, { token: operator })).status).toBe(403);
  });
});
