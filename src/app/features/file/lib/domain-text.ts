/**
 * The shared rules' sentences (src/domain/messages.ts, keys `file.*`) in the interface's language:
 * the file screen shows the same words for a name or an upload it refuses as the server would.
 */
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/app/i18n';
import { type DomainMessageKey, formatDomainMessage } from '@/domain/messages';

export type DomainText = (key: DomainMessageKey, params?: Record<string, string | number>) => string;

/** Re-renders with the language, like `t`. */
export function useDomainText(): DomainText {
  useTranslation();
  const lang = currentLanguage();
  return (key, params) => formatDomainMessage(lang, key, params);
}
