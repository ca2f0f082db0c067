/** The notification calls, typed by the contract. Screens call these, never api.post directly. */
import { api, type SuccessData } from '@/app/api/api';
import type { components } from '@openapi/admin-api';

export type Notification = components['schemas']['Notification'];
export type NotificationListRequest = components['schemas']['NotificationListRequest'];
export type Recipient = SuccessData<'/notification/admins'>['admins'][number];

export const notificationApi = {
  list: (query: NotificationListRequest) => api.post('/notification/list', query),
  detail: (id: number) => api.post('/notification/detail', { id }).then((data) => data.item),
  markRead: (ids: number[]) => api.post('/notification/read', { id: ids }),
  markAllRead: () => api.post('/notification/allRead', {}),
  recipients: () => api.post('/notification/admins', {}).then((data) => data.admins),
  /** `admins: []` sends to every admin of the company. The API shows 422 errors to no one: the form does. */
  send: (admins: number[], message: string) => api.post('/notification/send', { admins, message }),
};
