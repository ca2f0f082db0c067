/**
 * The audience pages' translator (src/audience/i18n.ts) over the real texts of the player page: the
 * language detected from the address, placeholders, plural forms in English and Chinese, a text in the
 * other language on request, English for a key Chinese lacks, the key itself for an unknown one, and
 * the page title and `<html lang>` following a switch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentLanguage, initAudienceI18n, setLanguage, translate } from '@/audience/i18n';
import en from '@/play/i18n/en.json';
import zhTW from '@/play/i18n/zh-TW.json';

const page = { documentElement: { lang: '' }, title: '', cookie: '' };

beforeAll(async () => {
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', { location: { search: '?lang=zh-TW' } });
  vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  await initAudienceI18n({ 'zh-TW': zhTW, en: { ...en, onlyInEnglish: 'Only in English' } });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('audience translator', () => {
  it('starts in the language the address asks for, with the title and <html lang> set', () => {
    expect(currentLanguage()).toBe('zh-TW');
    expect(page.documentElement.lang).toBe('zh-TW');
    expect(page.title).toBe(zhTW.pageTitle);
  });

  it('fills placeholders and picks plural forms', async () => {
    await setLanguage('en');
    expect(translate('lobby.welcome', { nickname: 'Ada' })).toBe('Welcome, Ada');
    expect(translate('lobby.players', { count: 1 })).toBe('1 player joined');
    expect(translate('lobby.players', { count: 3 })).toBe('3 players joined');
    expect(translate('header.points', { count: 0 })).toBe('0 points');
    expect(page.title).toBe(en.pageTitle);
    expect(page.cookie).toContain('language=en');
    await setLanguage('zh-TW');
    expect(translate('lobby.players', { count: 1 })).toBe(zhTW.lobby.players_other.replace('{{count}}', '1'));
  });

  it('answers in another language on request, falls back to English, and shows an unknown key as is', () => {
    expect(translate('lobby.welcome', { nickname: 'Ada', lng: 'en' })).toBe('Welcome, Ada');
    expect(translate('onlyInEnglish')).toBe('Only in English');
    expect(translate('no.such.key')).toBe('no.such.key');
    expect(translate('lobby.welcome')).toBe(zhTW.lobby.welcome);
  });
});
