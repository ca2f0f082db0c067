/**
 * The layout settings (docs/product.md, Layout): theme colour, tags view, fixed header, sidebar
 * logo and pinyin menu search — all on by default, #409EFF by default — plus the sidebar's open state.
 * Each is kept in a cookie (settings 365 days; the sidebar state a session cookie, as it is a place
 * in the work, not a preference). The theme colour is applied by writing the generated brand palette
 * over Chakra's `--chakra-colors-brand-*` variables on <html>.
 */
import { readCookie, SETTING_COOKIE_DAYS, writeCookie } from '@/app/lib/cookies';
import { BRAND_SHADES, brandPalette, parseHexColor, THEME_COLOR } from '@/app/theme';
import { createStore, useStore } from './lib/store';

export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  pinyinSearch: boolean;
}

type BooleanSetting = Exclude<keyof LayoutSettings, 'theme'>;

export const DEFAULT_SETTINGS: LayoutSettings = { theme: THEME_COLOR, tagsView: true, fixedHeader: true, sidebarLogo: true, pinyinSearch: true };

/** Cookie names (kebab-free, as the original back office named them). */
const COOKIE: Record<keyof LayoutSettings, string> = {
  theme: 'theme',
  tagsView: 'tagsView',
  fixedHeader: 'fixedHeader',
  sidebarLogo: 'sidebarLogo',
  pinyinSearch: 'supportPinyinSearch',
};
const SIDEBAR_COOKIE = 'sidebarStatus';
const cookieBase = { path: '/', sameSite: 'lax' } as const;

function readSettings(): LayoutSettings {
  const flag = (key: BooleanSetting) => {
    const value = readCookie(COOKIE[key]);
    return value === undefined ? DEFAULT_SETTINGS[key] : value === 'true';
  };
  const theme = readCookie(COOKIE.theme);
  return {
    theme: theme && parseHexColor(theme) ? theme : DEFAULT_SETTINGS.theme,
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
    pinyinSearch: flag('pinyinSearch'),
  };
}

const settingsStore = createStore<LayoutSettings>(readSettings());

export function useSetting<K extends keyof LayoutSettings>(key: K): LayoutSettings[K] {
  return useStore(settingsStore, (state) => state[key]);
}

export function changeSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void {
  writeCookie(COOKIE[key], String(value), { ...cookieBase, expires: SETTING_COOKIE_DAYS });
  settingsStore.set((state) => ({ ...state, [key]: value }));
  if (key === 'theme') applyThemeColor(String(value));
}

/** Writes the palette of `color` over the brand variables (the default palette clears the override). */
export function applyThemeColor(color: string): void {
  if (typeof document === 'undefined') return;
  const palette = brandPalette(color);
  const style = document.documentElement.style;
  for (const shade of BRAND_SHADES) {
    if (color.toLowerCase() === THEME_COLOR.toLowerCase()) style.removeProperty(`--chakra-colors-brand-${shade}`);
    else style.setProperty(`--chakra-colors-brand-${shade}`, palette[shade]);
  }
}

/** Applies the stored theme colour once, before the first render (see main.tsx's providers). */
export function applyStoredTheme(): void {
  applyThemeColor(settingsStore.get().theme);
}

// ---------------------------------------------------------------------------------------------
// The sidebar: open or collapsed (desktop), drawer shown or not (mobile).

const sidebarStore = createStore<boolean>(readCookie(SIDEBAR_COOKIE) !== '0');

export function useSidebarOpen(): boolean {
  return useStore(sidebarStore, (open) => open);
}

/** `remember` is false when the layout closes it for a small screen: the user's choice stays. */
export function setSidebarOpen(open: boolean, remember = true): void {
  if (remember) writeCookie(SIDEBAR_COOKIE, open ? '1' : '0', cookieBase);
  sidebarStore.set(open);
}
