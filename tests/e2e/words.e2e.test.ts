/**
 * Words and fields a user notices (issue 16, points 7 and 8), in both languages, in real Chromium:
 * the question list names the bonus question 加倍題 / Double points; the answering-seconds input keeps
 * 0 and 3601 as typed and shows the range message under the field (no silent clamp), its +/- buttons
 * are named in the UI language; at 360 px the notification list's message header stays on one line.
 * Then a live game per language, as the room sees it: counts in their plural form as players join
 * (the display's and the phone's "1 player joined", then "2 players joined"; the control screen shows
 * the bare number under its "Players joined" heading), the bonus question named 加倍題 / Double points
 * on the control screen (table and, at 360 px, cards), the phone and the display (never 加分題 or
 * Bonus), and the control screen's confirmation dialogs answered with 確定 / Confirm (never OK). The
 * same words over the bundles' files are unit tests: tests/unit/i18n-words.test.ts.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle } from './support/browser';
import { type OperatorApi, operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;
let gameId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  operator = await operatorApi(server);
  gameId = (await operator.createGame({ title: 'E2E words', type: 1 })).id;
  await addBonusQuestion(gameId, 'en');
});

/** A bonus (is_bonus) single-choice question with a minute to answer, through the admin API. */
async function addBonusQuestion(id: number, language: 'zh-TW' | 'en'): Promise<void> {
  await operator.call('/question/create', {
    trivia_game_id: id,
    title: 'Mountain',
    question_text: language === 'en' ? 'Which is the highest mountain in Taiwan?' : '台灣最高的山是哪一座？',
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: 60,
    score: 0,
    question_type: 1,
    is_bonus: 1,
    options: ['Yushan', 'Xueshan'].map((text, i) => ({ title: 'AB'[i], text, img: '' })),
    answer: ['A'],
  });
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const WORDS = {
  'zh-TW': {
    create: '新增題目',
    seconds: '答題秒數',
    increase: '增加答題秒數',
    decrease: '減少答題秒數',
    range: '答題秒數需介於 1 到 3600 秒',
    message: '訊息',
    pin: 'PIN 碼',
    nickname: '暱稱',
    join: '加入',
    joinedDisplay: (n: number) => `${n} 位玩家已加入`,
    joinedPhone: (n: number) => `目前 ${n} 位玩家`,
    playersHeading: '已加入玩家',
    bonus: '加倍題',
    publishNow: '立即公佈答案',
    published: '已公佈答案',
    confirm: '確定',
    cancel: '取消',
  },
  en: {
    create: 'New question',
    seconds: 'Answering seconds',
    increase: 'Increase answering seconds',
    decrease: 'Decrease answering seconds',
    range: 'Answering seconds must be between 1 and 3600',
    message: 'Message',
    pin: 'Game PIN',
    nickname: 'Nickname',
    join: 'Join',
    joinedDisplay: (n: number) => `${n} ${n === 1 ? 'player' : 'players'} joined`,
    joinedPhone: (n: number) => `${n} ${n === 1 ? 'player' : 'players'} joined`,
    playersHeading: 'Players joined',
    bonus: 'Double points',
    publishNow: 'Publish answer now',
    published: 'Answer published',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
} as const;

/** The words issue 16 replaced: the admin's 加分題 and Bonus for the bonus question, "1 players". */
const OLD_WORDS = /加分題|\bBonus\b|\b1 players\b/;

/** Waits until the element reads exactly `text` (what the user reads, trimmed). */
async function reads(locator: Locator, text: string): Promise<void> {
  await expect.poll(async () => (await locator.innerText()).trim(), { timeout: 8_000 }).toBe(text);
}

async function withoutOldWords(page: Page, where: string): Promise<void> {
  expect(await page.locator('body').innerText(), where).not.toMatch(OLD_WORDS);
}

/** The buttons of a confirmation dialog, as read, in order. */
async function buttonsOf(dialog: Locator): Promise<string[]> {
  return (await dialog.getByRole('button').allInnerTexts()).map((text) => text.trim());
}

/** How many lines a header's text takes (one rect per line box). */
function linesOf(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

for (const [language, locale] of [['zh-TW', 'zh-TW'], ['en', 'en-US']] as const) {
  describe(`words in ${language}`, () => {
    it('question list: the bonus question is 加倍題 / Double points; answering seconds out of range stays as typed with the range message; +/- named in the language', async () => {
      const words = WORDS[language];
      const page = await openPage(browser, { locale });
      await loginByApi(page, server);
      await page.goto(`${server.url}/triviaGame/update/${gameId}`);
      // The list's bonus column (the tick boxes of the bulk actions, then order, title, kind, text,
      // image, seconds, bonus, actions) and its badge.
      const bonusRow = page.getByTestId('question-row').filter({ hasText: 'Mountain' });
      await reads(bonusRow.locator('td').nth(7), words.bonus);
      await reads(page.getByTestId('question-table').locator('thead th').nth(7), words.bonus);
      await withoutOldWords(page, 'admin question list');
      await settle(page);
      await saveScreenshot(page, `question-list-bonus-${language}`);
      await page.getByRole('button', { name: words.create }).click();
      const dialog = page.getByRole('dialog');
      const seconds = dialog.getByRole('spinbutton', { name: words.seconds, exact: true });
      await dialog.getByRole('button', { name: words.increase }).waitFor();
      await dialog.getByRole('button', { name: words.decrease }).waitFor();

      for (const typed of ['0', '3601']) {
        await seconds.fill(typed);
        await seconds.press('Tab');
        await dialog.getByText(words.range).waitFor();
        expect(await seconds.inputValue(), typed).toBe(typed);
      }
      await settle(page);
      await saveScreenshot(page, `answering-seconds-out-of-range-${language}`);
      await seconds.fill('30');
      await seconds.press('Tab');
      await expect.poll(() => dialog.getByText(words.range).count()).toBe(0);
      expect(await seconds.inputValue()).toBe('30');
    });

    it('notification list at 360 px: the message header on one line', async () => {
      const words = WORDS[language];
      const page = await openPage(browser, { locale, viewport: { width: 360, height: 740 } });
      await loginByApi(page, server);
      await page.goto(`${server.url}/notification`);
      await page.getByTestId('column-message').getByText(words.message, { exact: true }).waitFor();
      await settle(page);
      expect(await linesOf(page, 'column-message')).toBe(1);
      await saveScreenshot(page, `notification-list-360-${language}`);
    });

    it('live game: plural counts as players join, the bonus term on every face, Confirm in the confirmations', async () => {
      const words = WORDS[language];
      const title = `E2E words ${language}`;
      const game = await operator.createGame({ title, type: 1 });
      await addBonusQuestion(game.id, language);
      const { code } = await operator.call('/triviaGame/displayCode', { trivia_game_id: game.id });
      const [control, display, phone] = await Promise.all([
        openPage(browser, { locale }),
        openPage(browser, { locale, viewport: { width: 1280, height: 720 } }),
        openPage(browser, { locale, viewport: { width: 360, height: 740 } }),
      ]);
      await loginByApi(control, server);

      // Nobody has joined yet: the display says so in the plural (0 takes "other" in English).
      await Promise.all([
        control.goto(`${server.url}/triviaGame/start/${game.id}`),
        display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`),
        phone.goto(`${server.url}/play?pin=${game.pin}`),
      ]);
      await reads(display.getByTestId('player-count'), words.joinedDisplay(0));
      const playersCard = control.getByTestId('players-card');
      await reads(playersCard.getByRole('heading'), words.playersHeading);
      await reads(playersCard.getByTestId('player-count'), '0');

      // One player, on the phone: "1 player joined" on the display and the phone; 1 on the control screen.
      expect(await phone.getByLabel(words.pin).inputValue()).toBe(game.pin);
      await phone.getByLabel(words.nickname).fill('Ann');
      await phone.getByRole('button', { name: words.join, exact: true }).click();
      await reads(display.getByTestId('player-count'), words.joinedDisplay(1));
      await reads(phone.locator('.pill'), words.joinedPhone(1));
      await reads(playersCard.getByTestId('player-count'), '1');
      for (const [page, where] of [[display, 'display'], [phone, 'phone'], [control, 'control screen']] as const) await withoutOldWords(page, `${where} with 1 player`);
      await settle(display);
      await saveScreenshot(display, `words-display-1-player-${language}`);
      await saveScreenshot(phone, `words-phone-1-player-${language}`);

      // A second player through the play API: "2 players joined", live, on every face.
      const joined = await fetch(`${server.url}/api/play/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: game.pin, nickname: 'Ben' }) });
      expect(((await joined.json()) as { code: number }).code).toBe(200);
      await reads(display.getByTestId('player-count'), words.joinedDisplay(2));
      await reads(phone.locator('.pill'), words.joinedPhone(2));
      await reads(playersCard.getByTestId('player-count'), '2');

      // The control screen's table names the bonus question the same way, and shows it.
      const controlRow = control.getByTestId('question-row').filter({ hasText: 'Mountain' });
      await controlRow.getByText(words.bonus, { exact: true }).waitFor();
      await withoutOldWords(control, 'control screen');
      await controlRow.getByTestId('question-action').click();
      const countdown = control.getByTestId('countdown-dialog');
      await countdown.waitFor();

      // The phone and the display tag it 加倍題 / Double points while it is on screen.
      await reads(phone.locator('.tag.bonus'), words.bonus);
      await reads(display.locator('.tag.bonus'), words.bonus);
      await withoutOldWords(phone, 'phone with the question');
      await withoutOldWords(display, 'display with the question');
      await settle(phone);
      await saveScreenshot(phone, `words-phone-bonus-${language}`);
      await settle(display);
      await saveScreenshot(display, `words-display-bonus-${language}`);

      // Publishing before zero asks first: Cancel and Confirm, no OK.
      await countdown.getByRole('button', { name: words.publishNow }).click();
      const confirmPublish = control.getByTestId('confirm-publish');
      await confirmPublish.waitFor();
      expect(await buttonsOf(confirmPublish)).toEqual([words.cancel, words.confirm]);
      await settle(control);
      await saveScreenshot(control, `words-confirm-publish-${language}`);
      await confirmPublish.getByRole('button', { name: words.confirm, exact: true }).click();
      await countdown.waitFor({ state: 'hidden' });
      await controlRow.getByText(words.published).waitFor();

      // At 360 px the questions are cards: the bonus badge says the same.
      await control.setViewportSize({ width: 360, height: 740 });
      await control.getByTestId('question-card').getByText(words.bonus, { exact: true }).waitFor();
      await settle(control);
      await saveScreenshot(control, `words-control-360-${language}`);

      // Ending the game asks too (here at 360 px): Cancel and Confirm; Confirm ends it.
      await control.getByTestId('end-game').click();
      const confirmEnd = control.getByTestId('confirm-end');
      await confirmEnd.waitFor();
      expect(await buttonsOf(confirmEnd)).toEqual([words.cancel, words.confirm]);
      await settle(control);
      await saveScreenshot(control, `words-confirm-end-360-${language}`);
      await confirmEnd.getByRole('button', { name: words.confirm, exact: true }).click();
      await control.waitForURL(/\/triviaGame\/index$/);
    });
  });
}

/**
 * Issue 33: what a newcomer read on the back office's forms and Chinese pages. Each field of a new
 * admin says what it needs in its own sentence (none of the contract's generic "至少需要 1 個字"), the
 * control screen's optional expected-audience field is not painted invalid while empty, and a Chinese
 * page carries no English: the close button's name, a player's entry in the audit trail, the seeded
 * company, the product's name (the sidebar's the login page's), the time zones by their current names.
 */
const BACK_OFFICE = {
  'zh-TW': {
    product: '活動互動管理後台',
    audience: '預計觀眾人數',
    save: '儲存',
    close: '關閉',
    company: '預設公司',
    player: (id: number) => `玩家 #${id}`,
    messages: { username: '請輸入帳號', name: '請輸入名稱', password: '請輸入密碼', roles: '請至少選擇一個角色' },
  },
  en: {
    product: 'Live Trivia Back Office',
    audience: 'Expected audience',
    save: 'Save',
    close: 'Close',
    company: 'Default company',
    player: (id: number) => `Player #${id}`,
    messages: { username: 'Please enter a username', name: 'Please enter a name', password: 'Please enter a password', roles: 'Please choose at least one role' },
  },
} as const;

/** The contract's generic field messages (server/i18n.ts `field.*`), never what a form shows. */
const GENERIC = /至少需要 \d+ (個字|項)|格式錯誤|Must be at least \d|Must have at least|Must be a valid/;

/** English words a Chinese page must not show. */
const ENGLISH_ON_CHINESE = /\bClose\b|\bplayer #\d|Default company|Live Trivia|Asia\/Calcutta|Europe\/Kiev/i;

async function noEnglishOnChinese(page: Page, where: string): Promise<void> {
  expect(await page.locator('body').innerText(), where).not.toMatch(ENGLISH_ON_CHINESE);
  const labels = await page.locator('[aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  expect(labels.filter((label) => ENGLISH_ON_CHINESE.test(label)), `${where}: aria-labels`).toEqual([]);
}

/** The messages under a field of the admin dialog (its Field root holds the input named `name`). */
const errorOf = (dialog: Locator, name: string) =>
  dialog.locator('[data-scope="field"][data-part="root"]', { has: dialog.page().locator(`input[name="${name}"]`) }).locator('[data-part="error-text"]');

describe('issue 33: the back office in its own words', () => {
  let playerId: number;
  beforeAll(async () => {
    // A disqualified player: the audit trail's entry names a player as its target.
    const game = await operator.createGame({ title: 'E2E audit player', type: 1 });
    const joined = await fetch(`${server.url}/api/play/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: game.pin, nickname: 'Dora' }) });
    playerId = ((await joined.json()) as { data: { player: { id: number } } }).data.player.id;
    await operator.call('/triviaGame/disqualify', { trivia_game_id: game.id, player_id: playerId, reason: 'E2E' });
  });

  for (const [language, locale] of [['zh-TW', 'zh-TW'], ['en', 'en-US']] as const) {
    const words = BACK_OFFICE[language];
    for (const [device, viewport] of [['desktop', DESKTOP], ['phone', MOBILE]] as const) {
      it(`${language}, ${device}: an empty new admin names each field in its own sentence; the dialog's close button and the seeded company in the language`, async () => {
        const page = await openPage(browser, { locale, viewport });
        await loginByApi(page, server);
        await page.goto(`${server.url}/admin/index`);
        await page.getByTestId('create-admin').click();
        const dialog = page.getByTestId('admin-dialog');
        await dialog.getByTestId('company-choices').getByText(words.company, { exact: true }).waitFor();
        await dialog.getByRole('button', { name: words.save, exact: true }).click();
        await reads(errorOf(dialog, 'username'), words.messages.username);
        await reads(errorOf(dialog, 'name'), words.messages.name);
        await reads(errorOf(dialog, 'password'), words.messages.password);
        await reads(dialog.locator('fieldset', { has: page.getByTestId('role-choices') }).locator('[data-part="error-text"]').first(), words.messages.roles);
        // The email is optional: no message under it.
        expect(await errorOf(dialog, 'email').count()).toBe(0);
        expect(await dialog.innerText()).not.toMatch(GENERIC);
        expect(await dialog.getByRole('button', { name: words.close, exact: true }).count()).toBe(1);
        if (language === 'zh-TW') await noEnglishOnChinese(page, 'new admin dialog');
        await settle(page);
        await saveScreenshot(page, `admin-form-empty-${language}-${device}`);
      });
    }

    it(`${language}: the control screen's empty expected-audience field is not invalid on load`, async () => {
      const page = await openPage(browser, { locale });
      await loginByApi(page, server);
      await page.goto(`${server.url}/triviaGame/start/${gameId}`);
      const audience = page.getByTestId('preflight-panel').getByRole('spinbutton', { name: words.audience, exact: true });
      await audience.waitFor();
      await page.getByTestId('preflight-panel').waitFor();
      expect(await audience.inputValue()).toBe('');
      expect(await audience.getAttribute('aria-invalid')).toBeNull();
      expect(await audience.getAttribute('data-invalid')).toBeNull();
      await settle(page);
      await saveScreenshot(page, `control-audience-empty-${language}`);
      // Out of its range it is invalid; emptied again, not.
      await audience.fill('0');
      await audience.press('Tab');
      await expect.poll(() => audience.getAttribute('aria-invalid')).toBe('true');
      await audience.fill('');
      await audience.press('Tab');
      await expect.poll(() => audience.getAttribute('aria-invalid')).toBeNull();
      if (language === 'zh-TW') await noEnglishOnChinese(page, 'control screen');
    });

    it(`${language}: one product name on the login page and in the sidebar; a player in the audit trail; time zones by their current names`, async () => {
      const page = await openPage(browser, { locale });
      await page.goto(`${server.url}/login`);
      await page.getByText(words.product, { exact: true }).waitFor();
      if (language === 'zh-TW') await noEnglishOnChinese(page, 'login page');
      await saveScreenshot(page, `login-product-${language}`);

      await loginByApi(page, server);
      await page.goto(`${server.url}/admin/audit`);
      // The sidebar's logo link says the product's name the login page says.
      await page.locator('a[href="/dashboard"]').filter({ hasText: words.product }).first().waitFor();
      // The disqualification's entry (written after its answer), found by the operation filter.
      await page.locator('select[name="operation"]').selectOption('triviaGameDisqualify');
      const entry = page.getByTestId('audit-row').filter({ hasText: words.player(playerId) });
      await expect
        .poll(async () => {
          if ((await entry.count()) > 0) return true;
          await page.getByTestId('audit-table').waitFor();
          await page.locator('select[name="operation"]').selectOption('');
          await page.locator('select[name="operation"]').selectOption('triviaGameDisqualify');
          return (await entry.count()) > 0;
        })
        .toBe(true);
      if (language === 'zh-TW') await noEnglishOnChinese(page, 'audit trail');
      await settle(page);
      await saveScreenshot(page, `audit-player-${language}`);

      await page.goto(`${server.url}/admin/company`);
      const row = page.getByTestId('company-row').filter({ has: page.getByTestId('company-name').getByText(words.company, { exact: true }) });
      await row.waitFor();
      await row.getByRole('button').last().click();
      const zones = await page.locator('select[name="time_zone"] option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Taipei']));
      expect(zones.filter((zone) => ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon'].includes(zone))).toEqual([]);
      if (language === 'zh-TW') await noEnglishOnChinese(page, 'company dialog');
      await settle(page);
      await saveScreenshot(page, `company-dialog-${language}`);
    });
  }
});
