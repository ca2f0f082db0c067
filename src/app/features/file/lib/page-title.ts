/**
 * usePageTitle for this feature's own namespace: `usePageTitle` (lib/title) takes keys of the default
 * namespace only, so this one translates in `file` and formats the title the same way.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPageTitle } from '@/app/lib/title';

export function useFilePageTitle(): void {
  const { t } = useTranslation('file');
  const title = t('title');
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
