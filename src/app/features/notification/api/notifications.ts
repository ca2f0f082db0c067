/** The notification calls, typed by the contract. Screens call these, never the client directly. */
import { dataOf, type SuccessData } from '@/app/api/api';
import { client } from '@/app/api/client';
import type { components } from '@openapi/admin-api';

export type Notification = components['schemas']['Notification'];
export type NotificationListRequest = components['schemas']['NotificationListRequest'];
export type Recipient = SuccessData<'/notification/admins'>['admins'][number];

export const notificationApi = {
  list: (query: NotificationListRequest) => dataOf(client.POST('/notification/list', { body: query })),
  detail: (id: number) => dataOf(client.POST('/notification/detail', { body: { id } })).then((data) => data.item),
  markRead: (ids: number[]) => dataOf(client.POST('/notification/read', { body: { id: ids } })),
  markAllRead: () => dataOf(client.POST('/notification/allRead', { body: {} })),
  recipients: () => dataOf(client.POST('/notification/admins', { body: {} })).then((data) => data.admins),
  /** `admins: []` sends to every admin of the company. The API shows 422 errors to no one: the form does. */
  send: (admins: number[], message: string) => dataOf(client.POST('/notification/send', { body: { admins, message } })),
};
