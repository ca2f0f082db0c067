/**
 * React.lazy for a module's named export (pages are named exports, split into their own chunks). The
 * namespaces of texts the page renders load beside its code (without them the page would suspend
 * once more, after its code arrived, to fetch them: see src/app/i18n).
 */
import { type ComponentType, lazy } from 'react';
import { loadTexts, type Namespace } from '@/app/i18n';

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, texts: readonly Namespace[] = []) {
  return lazy(async () => {
    const [page] = await Promise.all([load(), texts.length > 0 ? loadTexts(texts) : undefined]);
    return { default: page[name] };
  });
}
