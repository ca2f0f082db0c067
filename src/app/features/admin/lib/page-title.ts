/**
 * The app's `usePageTitle` takes keys of the default namespace only; the admin screens' titles live in
 * the `admin` namespace, which i18next reads from an `admin:` prefix at run time.
 */
import type { ParseKeys } from 'i18next';
import { usePageTitle } from '@/app/lib/title';

export function useAdminPageTitle(key: 'admins.pageTitle' | 'roles.pageTitle'): void {
  usePageTitle(`admin:${key}` as ParseKeys);
}
