/**
 * The menu search's pinyin reader, loaded on first use: pinyin-pro carries a dictionary of Chinese
 * characters (about 100 KB gzipped), too much for every page when only a search in Chinese needs it.
 */
import type { PinyinReader } from './menu';

let loading: Promise<PinyinReader> | null = null;

export function loadPinyin(): Promise<PinyinReader> {
  loading ??= import('pinyin-pro').then(
    ({ pinyin }): PinyinReader => ({
      full: (text) => pinyin(text, { toneType: 'none', separator: '', v: true, nonZh: 'consecutive' }),
      initials: (text) => pinyin(text, { pattern: 'first', toneType: 'none', separator: '', nonZh: 'consecutive' }),
    }),
    (error: unknown) => {
      loading = null; // a failed chunk load (network) is tried again on the next search
      throw error;
    },
  );
  return loading;
}
