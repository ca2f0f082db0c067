/**
 * The audience pages' translator (src/audience/i18n.ts) over the real texts of the player page: the
 * language detected from the address, placeholders, plural forms in English and Chinese, a text in the
 * other language on request, English for a key Chinese lacks, the key itself for an unknown one, and
 * the page title and `<html lang>` following a switch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentLanguage, initAudienceI18n, loadAllTexts, setLanguage, translate } from '@/audience/i18n';
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

describe('audience translator with texts loaded per language (the player page)', () => {
  it('loads only the current language before the first render, the other one on the switch, and drops a switch overtaken by another', async () => {
    const loads: string[] = [];
    let releaseEnglish = () => {};
    const englishArrives = new Promise<void>((resolve) => (releaseEnglish = resolve));
    page.cookie = 'language=zh-TW';
    vi.stubGlobal('window', { location: { search: '' } });
    await initAudienceI18n({
      'zh-TW': async () => {
        loads.push('zh-TW');
        return zhTW;
      },
      en: async () => {
        loads.push('en');
        await englishArrives;
        return en;
      },
    });
    expect(loads).toEqual(['zh-TW']);
    expect(currentLanguage()).toBe('zh-TW');
    expect(translate('lobby.welcome', { nickname: 'Ada' })).toBe(zhTW.lobby.welcome.replace('{{nickname}}', 'Ada'));

    // English is asked for, then Chinese again before the English file has arrived: Chinese stays.
    const toEnglish = setLanguage('en');
    expect(currentLanguage()).toBe('zh-TW');
    await setLanguage('zh-TW');
    releaseEnglish();
    await toEnglish;
    expect(currentLanguage()).toBe('zh-TW');
    expect(page.title).toBe(zhTW.pageTitle);
    expect(page.cookie).toContain('language=zh-TW');

    // Loaded once: the next switch to English is immediate.
    await setLanguage('en');
    expect(loads).toEqual(['zh-TW', 'en']);
    await loadAllTexts();
    expect(loads, 'nothing loaded twice').toEqual(['zh-TW', 'en']);
    expect(currentLanguage()).toBe('en');
    expect(translate('lobby.welcome', { nickname: 'Ada' })).toBe('Welcome, Ada');
    expect(page.cookie).toContain('language=en');
  });

  it('loads the other language once the page asks (after its first paint), and stays put when a file cannot be fetched', async () => {
    const loads: string[] = [];
    let englishFails = true;
    page.cookie = 'language=zh-TW';
    await initAudienceI18n({
      'zh-TW': async () => {
        loads.push('zh-TW');
        return zhTW;
      },
      en: async () => {
        loads.push('en');
        if (englishFails) throw new TypeError('Failed to fetch');
        return en;
      },
    });
    await loadAllTexts();
    expect(loads).toEqual(['zh-TW', 'en']);
    // The failed file: the switch tries again, and the page stays in Chinese while it cannot.
    await setLanguage('en');
    expect(currentLanguage()).toBe('zh-TW');
    englishFails = false;
    await setLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(loads).toEqual(['zh-TW', 'en', 'en', 'en']);
  });
});
