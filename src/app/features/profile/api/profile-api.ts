/** The profile page's calls: own name and email, update self, the menus' navigation settings. */
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';

export interface ProfileValues {
  name: string;
  email: string;
  password: string;
}

export interface NavSetting {
  name: string;
  icon: string;
  noCache: boolean;
  affix: boolean;
}

export const fetchMe = () => dataOf(client.POST('/me', { body: {} }));

/** A blank password means "unchanged" and is left out of the request. */
export function updateSelf({ name, email, password }: ProfileValues) {
  return dataOf(client.POST('/admin/updateSelf', { body: { name, email, ...(password ? { password } : {}) } }));
}

export async function fetchNavSettings(): Promise<NavSetting[]> {
  const { list } = await dataOf(client.POST('/nav', { body: {} }));
  return list.map((item) => ({ name: item.name, icon: item.icon ?? '', noCache: item.no_cache === 1, affix: item.affix === 1 }));
}

export const saveNoCache = (name: string, noCache: boolean) => dataOf(client.POST('/nav/set/noCache', { body: { list: [{ name, no_cache: noCache ? 1 : 0 }] } }));
export const saveAffix = (name: string, affix: boolean) => dataOf(client.POST('/nav/set/affix', { body: { list: [{ name, affix: affix ? 1 : 0 }] } }));
