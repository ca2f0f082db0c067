/**
 * The role screen refusing a change that would reach another company's staff (issue 33), in real
 * Chromium against the real server: an admin holding every permission but acting only for company 2
 * edits the Viewer role, which a viewer of company 1 holds; saving shows the server's sentence and the
 * role stays as it was. tests/api/role-company.test.ts walks every write operation; this is what the
 * person at the screen reads.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenPermissions } from '@/server/db/seed-data';
import { createAdmin, createRole } from '../support/fixtures';
import { launchBrowser, openPage } from './support/browser';
import { type OperatorApi, operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

let server: RunningServer;
let browser: Browser;
let superAdmin: OperatorApi;
const OUTSIDER = { username: 'oscar.other', password: 'Oscar-pass-123' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  superAdmin = await operatorApi(server);
  const { id: company2 } = await superAdmin.call('/company/create', { name: 'Second Company Events' });
  await createRole(server.app, 'all-rights', flattenPermissions().map((p) => p.identifier));
  await createAdmin(server.app, { ...OUTSIDER, name: 'Oscar Other', roles: ['all-rights'], companyIds: [company2] });
  await createAdmin(server.app, { username: 'vera.viewer', name: 'Vera Viewer', roles: ['viewer'], companyIds: [1] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const viewerPermissions = async () =>
  ((await superAdmin.call('/role/list', { page: 1, limit: 100 })).list as Array<{ identifier: string; permissions: string[] }>).find((r) => r.identifier === 'viewer')!
    .permissions;

describe('the role screen', () => {
  it("tells an admin of another company that it cannot change a role company 1's staff hold, and changes nothing", async () => {
    const before = await viewerPermissions();
    const page: Page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server, OUTSIDER.username, OUTSIDER.password);
    await page.goto(`${server.url}/admin/role`);
    await page.getByRole('button', { name: 'Edit Viewer' }).click();
    const dialog = page.getByTestId('role-dialog');
    await dialog.locator('[data-testid="permission-node"][data-identifier="admin.edit"]').click();
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page
      .getByTestId('message')
      .getByText('Admins of companies you may not act for (1) hold this role; you cannot change or delete it')
      .waitFor();
    expect(await dialog.isVisible(), 'the dialog stays open with what was typed').toBe(true);
    expect(await viewerPermissions()).toEqual(before);
  });
});
