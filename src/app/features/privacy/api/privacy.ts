/** The privacy page calls: the public read (no login) and the editor's read and update. */
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import type { components } from '@openapi/admin-api';

export type PrivacyItem = components['schemas']['Privacy'];

export const privacyApi = {
  /** Public: no token needed; the company comes from the Cid header (default 1). */
  read: () => dataOf(client.POST('/website/privacy', { body: {} })).then((data) => data.item),
  detail: () => dataOf(client.POST('/website/privacyDetail', { body: {} })).then((data) => data.item),
  update: (content: string) => dataOf(client.POST('/website/privacyUpdate', { body: { content } })).then((data) => data.item),
};
