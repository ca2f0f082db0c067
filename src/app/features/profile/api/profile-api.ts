/** The profile page's calls: own name and email, update self, the menus' navigation settings. */
import { api } from '@/app/api/api';

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

export const fetchMe = () => api.post('/me', {});

/** A blank password means "unchanged" and is left out of the request. */
export function updateSelf({ name, email, password }: ProfileValues) {
  return api.post('/admin/updateSelf', { name, email, ...(password ? { password } : {}) });
}

export async function fetchNavSettings(): Promise<NavSetting[]> {
  const { list } = await api.post('/nav', {});
  return list.map((item) => ({ name: item.name, icon: item.icon ?? '', noCache: item.no_cache === 1, affix: item.affix === 1 }));
}

export const saveNoCache = (name: string, noCache: boolean) => api.post('/nav/set/noCache', { list: [{ name, no_cache: noCache ? 1 : 0 }] });
export const saveAffix = (name: string, affix: boolean) => api.post('/nav/set/affix', { list: [{ name, affix: affix ? 1 : 0 }] });
