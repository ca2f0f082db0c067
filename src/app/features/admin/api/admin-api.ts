/**
 * The calls of the admin and role screens, typed by the contract and made through the app's one API
 * client (`client.POST` with `dataOf`, `fileOf` for the template, `upload` for the sheet), which shows failures (the error catalogue); callers
 * only catch to show 422 field errors or to stop a spinner.
 */
import type { components } from '@openapi/admin-api';
import { asFile, dataOf, fileOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { upload } from '@/app/api/upload';

export type Admin = components['schemas']['Admin'];
export type AdminListRequest = components['schemas']['AdminListRequest'];
export type AdminCreateRequest = components['schemas']['AdminCreateRequest'];
export type AdminUpdateRequest = components['schemas']['AdminUpdateRequest'];
export type AdminImportData = components['schemas']['AdminImportData'];
export type ImportPreviewRow = components['schemas']['ImportPreviewRow'];
export type Role = components['schemas']['Role'];
export type RoleCreateRequest = components['schemas']['RoleCreateRequest'];
export type RoleUpdateRequest = components['schemas']['RoleUpdateRequest'];
export type TemplateFormat = components['schemas']['AdminImportTemplateRequest']['format'];

/** Roles are few and agency-wide: one page of the contract's largest size holds them all. */
const ALL_ROLES = { page: 1, limit: 100 } as const;

export const adminApi = {
  list: (body: AdminListRequest) => dataOf(client.POST('/admin/list', { body })),
  create: (body: AdminCreateRequest) => dataOf(client.POST('/admin/create', { body })),
  update: (body: AdminUpdateRequest) => dataOf(client.POST('/admin/update', { body })),
  remove: (id: number) => dataOf(client.POST('/admin/delete', { body: { id } })),
  /** The sheet template of the import, as the server names it. */
  template: (format: TemplateFormat) => fileOf(client.POST('/admin/importTemplate', { body: { format }, ...asFile() })),
  /** `dryRun`: only check the sheet and answer its rows (the preview); nothing is created. */
  importSheet: (file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('dry_run', dryRun ? '1' : '0');
    form.append('file', file, file.name);
    return upload('/admin/import', form);
  },
};

export const roleApi = {
  list: async (): Promise<Role[]> => (await dataOf(client.POST('/role/list', { body: ALL_ROLES }))).list,
  create: (body: RoleCreateRequest) => dataOf(client.POST('/role/create', { body })),
  update: (body: RoleUpdateRequest) => dataOf(client.POST('/role/update', { body })),
  remove: (id: number) => dataOf(client.POST('/role/delete', { body: { id } })),
  permissionTree: async () => (await dataOf(client.POST('/permission/tree', { body: {} }))).list,
};
