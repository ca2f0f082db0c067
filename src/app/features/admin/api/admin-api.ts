/**
 * The calls of the admin and role screens, typed by the contract and made through the app's one API
 * client (`api.post`, `api.download`, and `upload` for the sheet), which shows failures (the error catalogue); callers
 * only catch to show 422 field errors or to stop a spinner.
 */
import type { components } from '@openapi/admin-api';
import { api } from '@/app/api/api';
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
  list: (body: AdminListRequest) => api.post('/admin/list', body),
  create: (body: AdminCreateRequest) => api.post('/admin/create', body),
  update: (body: AdminUpdateRequest) => api.post('/admin/update', body),
  remove: (id: number) => api.post('/admin/delete', { id }),
  /** The sheet template of the import, as the server names it. */
  template: (format: TemplateFormat) => api.download('/admin/importTemplate', { format }),
  /** `dryRun`: only check the sheet and answer its rows (the preview); nothing is created. */
  importSheet: (file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('dry_run', dryRun ? '1' : '0');
    form.append('file', file, file.name);
    return upload('/admin/import', form);
  },
};

export const roleApi = {
  list: async (): Promise<Role[]> => (await api.post('/role/list', ALL_ROLES)).list,
  create: (body: RoleCreateRequest) => api.post('/role/create', body),
  update: (body: RoleUpdateRequest) => api.post('/role/update', body),
  remove: (id: number) => api.post('/role/delete', { id }),
  permissionTree: async () => (await api.post('/permission/tree', {})).list,
};
