/**
 * The app's `usePageTitle` takes keys of the default namespace only; the trivia titles live in the
 * `trivia` namespace, which i18next reads from a `trivia:` prefix at run time.
 */
import type { ParseKeys } from 'i18next';
import { usePageTitle } from '@/app/lib/title';

export function useTriviaPageTitle(key: 'game.pageTitle' | 'question.pageTitle'): void {
  usePageTitle(`trivia:${key}` as ParseKeys);
}
