/**
 * Document titles: `<page title> - 活動互動管理後台`. The suffix is the product's Chinese title in
 * every language.
 */
import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const TITLE_SUFFIX = '活動互動管理後台';

export function formatPageTitle(pageTitle: string): string {
  return pageTitle ? `${pageTitle} - ${TITLE_SUFFIX}` : TITLE_SUFFIX;
}

/** Sets the document title from a translation key and follows language changes. */
export function usePageTitle(key: ParseKeys): void {
  const { t } = useTranslation();
  const title = t(key);
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
