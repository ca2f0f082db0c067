/**
 * The words of issue 16 point 7, in both languages, through real i18next instances over the bundles'
 * own files: counts take their plural form ("1 player joined", not "1 players joined"), the bonus
 * question has one name on the admin, the control screen, the phone and the display (加倍題 /
 * Double points: it doubles the score), and a confirmation dialog's confirm button has one word.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources as appResources } from '@/app/i18n/resources';
import playEn from '@/play/i18n/en.json';
import playZh from '@/play/i18n/zh-TW.json';
import quizEn from '@/quiz/i18n/en.json';
import quizZh from '@/quiz/i18n/zh-TW.json';

const LANGS = ['en', 'zh-TW'] as const;
const instances: Record<string, I18n> = {};

beforeAll(async () => {
  for (const lng of LANGS) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      resources: {
        [lng]: { ...appResources[lng], play: lng === 'en' ? playEn : playZh, quiz: lng === 'en' ? quizEn : quizZh },
      },
    });
    instances[lng] = instance;
  }
});

// Keys are strings here (several bundles in one instance), not the back office's typed keys.
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const t = (lng: (typeof LANGS)[number], key: string, options?: Record<string, unknown>) => (instances[lng]!.t as unknown as LooseT)(key, options);

describe('counts', () => {
  it.each([
    ['play:lobby.players', 1, '1 player joined', '目前 1 位玩家'],
    ['play:lobby.players', 3, '3 players joined', '目前 3 位玩家'],
    ['play:revealed.points', 1, '+1 point', '+1 分'],
    ['play:revealed.points', 750, '+750 points', '+750 分'],
    ['play:ranked.ofTotal', 1, 'of 1 player', '共 1 位玩家'],
    ['play:ranked.ofTotal', 12, 'of 12 players', '共 12 位玩家'],
    ['quiz:join.players', 1, '1 player joined', '1 位玩家已加入'],
    ['quiz:ranking.total', 1, '1 player', '共 1 位玩家'],
    ['quiz:ranking.total', 2, '2 players', '共 2 位玩家'],
    ['quiz:ranking.points', 1, '1 pt', '1 分'],
    ['quiz:ranking.points', 990, '990 pts', '990 分'],
    ['api.timeout', 1, 'The server did not answer within 1 second. Please try again later.', '伺服器在 1 秒內沒有回應，請稍後再試。'],
    ['api.timeout', 60, 'The server did not answer within 60 seconds. Please try again later.', '伺服器在 60 秒內沒有回應，請稍後再試。'],
  ])('%s with %i', (key, count, en, zh) => {
    expect(t('en', key, { count })).toBe(en);
    expect(t('zh-TW', key, { count })).toBe(zh);
  });
});

describe('the bonus question', () => {
  it.each([
    ['en', 'Double points'],
    ['zh-TW', '加倍題'],
  ] as const)('is called the same on every screen in %s', (lng, term) => {
    const names = {
      questionFormSwitch: t(lng, 'trivia:question.isBonus'),
      questionListColumn: t(lng, 'trivia:question.bonus'),
      controlScreenColumn: t(lng, 'live:table.bonus'),
      phone: t(lng, 'play:question.bonus'),
      display: t(lng, 'quiz:question.bonus'),
    };
    expect(Object.values(names)).toEqual(Object.values(names).map(() => term));
  });
});

describe('confirmation dialogs', () => {
  it.each([
    ['en', 'Confirm'],
    ['zh-TW', '確定'],
  ] as const)('confirm with one word in %s', (lng, word) => {
    expect([t(lng, 'trivia:common.confirm'), t(lng, 'live:confirm.confirm')]).toEqual([word, word]);
  });
});
