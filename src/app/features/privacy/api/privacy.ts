/** The privacy page calls: the public read (no login) and the editor's read and update. */
import { api } from '@/app/api/api';
import type { components } from '@openapi/admin-api';

export type PrivacyItem = components['schemas']['Privacy'];

export const privacyApi = {
  /** Public: no token needed; the company comes from the Cid header (default 1). */
  read: () => api.post('/website/privacy', {}).then((data) => data.item),
  detail: () => api.post('/website/privacyDetail', {}).then((data) => data.item),
  update: (content: string) => api.post('/website/privacyUpdate', { content }).then((data) => data.item),
};
