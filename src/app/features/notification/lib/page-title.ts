/**
 * usePageTitle for this feature's own namespace: `usePageTitle` (lib/title) takes keys of the default
 * namespace only, so this one translates in `notification` and formats the title the same way.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPageTitle } from '@/app/lib/title';

type TitleKey = 'title.list' | 'title.send' | 'title.privacyEditor';

export function useNotificationPageTitle(key: TitleKey): void {
  const { t } = useTranslation('notification');
  const title = t(key);
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
