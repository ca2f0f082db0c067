/**
 * Server messages in the request's language. `Lang: zh-TW` gets Traditional Chinese; anything else
 * gets English. Every message a client may show goes through `translate`, never a literal in a handler.
 * Imports no feature: each feature registers its own messages (registerMessages, MessageCatalog).
 */

export type Lang = 'zh-TW' | 'en';

/** A message in both languages. */
export type Message = Record<Lang, string>;

/** The catalogue's type entry for a group of messages (what a feature adds to MessageCatalog). */
export type MessagesOf<T> = { [K in keyof T]: Message };

/** The messages the server itself and the smaller features use; a feature with many registers its own. */
const coreMessages = {
  ok: { 'zh-TW': '成功', en: 'OK' },
  'error.badJson': { 'zh-TW': '請求內容不是有效的 JSON：{detail}', en: 'The request body is not valid JSON: {detail}' },
  'error.unsupportedMediaType': { 'zh-TW': '不支援的內容類型：{type}', en: 'Unsupported content type: {type}' },
  'error.badForm': { 'zh-TW': '表單（multipart/form-data）格式錯誤或不完整：{detail}', en: 'The form (multipart/form-data) is malformed or incomplete: {detail}' },
  'error.missingMediaType': { 'zh-TW': '請求缺少內容類型；此功能需要 {types}', en: 'The request has no content type; this call takes {types}' },
  'error.notFound': { 'zh-TW': '找不到 {method} {url}', en: 'Not found: {method} {url}' },
  'error.recordNotFound': { 'zh-TW': '資料不存在', en: 'The record does not exist' },
  'error.payloadTooLarge': { 'zh-TW': '請求內容過大（上限 {limit}）', en: 'The request is too large (limit {limit})' },
  'error.validation': { 'zh-TW': '輸入的資料有誤，請檢查標示的欄位', en: 'Some fields are invalid; please check the marked fields' },
  'error.tooManyRequests': { 'zh-TW': '請求過於頻繁，請 {after}後再試', en: 'Too many requests; please try again in {after}' },
  'error.internal': { 'zh-TW': '伺服器發生錯誤', en: 'Something went wrong on the server' },
  'error.restarting': { 'zh-TW': '伺服器正在重新啟動，請稍後再送出', en: 'The server is restarting; please send it again in a moment' },
  'error.notImplemented': {
    'zh-TW': '此功能（{operation}）尚未實作',
    en: 'This operation ({operation}) is not implemented yet',
  },
  'error.forbidden': { 'zh-TW': '您沒有權限執行此操作', en: 'You do not have permission to do this' },
  'error.companyForbidden': { 'zh-TW': '您無權存取此公司的資料', en: 'You may not act for this company' },
  'error.needLogin': { 'zh-TW': '請先登入', en: 'Please log in' },
  'error.tokenExpired': { 'zh-TW': '登入憑證已過期', en: 'Your access token has expired' },
  'error.sessionReplaced': {
    'zh-TW': '您的登入已失效（可能在其他地方被登出或密碼已變更），請重新登入',
    en: 'Your session has ended (logged out elsewhere or the password changed); please log in again',
  },
  'error.accountDeleted': { 'zh-TW': '此帳號已被刪除，請聯絡管理員', en: 'This account has been deleted; please contact an administrator' },
  'error.passwordResetByAdmin': {
    'zh-TW': '管理員已變更您的密碼，請以新密碼重新登入',
    en: 'An administrator changed your password; please log in with the new one',
  },
  'login.wrongCredentials': { 'zh-TW': '帳號或密碼錯誤', en: 'Wrong username or password' },
  'login.disabled': { 'zh-TW': '此帳號已停用，請聯絡管理員', en: 'This account is disabled; please contact an administrator' },
  'nav.unknownMenu': { 'zh-TW': '沒有這個選單：{name}', en: 'There is no such menu: {name}' },
  'time.seconds': { 'zh-TW': '{count} 秒', en: '{count} s' },
  // Trivia games and questions
  'trivia.gameHasQuestionOnScreen': {
    'zh-TW': '此遊戲有題目正在顯示中，無法刪除',
    en: 'A question of this game is on screen; the game cannot be deleted now',
  },
  'trivia.questionLocked': {
    'zh-TW': '此題目已出題或已公佈答案，無法修改',
    en: 'This question has already been shown to the players; it can no longer be changed',
  },
  'trivia.imageNotOwn': {
    'zh-TW': '圖片需為本公司上傳的圖片（請用上傳按鈕選擇圖片）',
    en: "The image must be one uploaded for this company (choose it with the upload button)",
  },
  'trivia.questionOnScreen': { 'zh-TW': '此題目正在顯示中，無法刪除', en: 'This question is on screen; it cannot be deleted now' },
  'trivia.levelHasQuestions': {
    'zh-TW': '第 {n} 關仍有題目，請先刪除這些題目或改到其他關卡',
    en: 'Level {n} still has questions; delete them or move them to another level first',
  },
  'trivia.levelsOnlyForLevelGames': { 'zh-TW': '只有闖關賽（類型 2）可以設定關卡', en: 'Only level games (type 2) have levels' },
  'trivia.levelsRequired': { 'zh-TW': '至少需要一個關卡', en: 'At least one level is needed' },
  'trivia.levelNumbering': {
    'zh-TW': '關卡需從 1 開始連續編號，不可重複',
    en: 'Levels must be numbered 1, 2, 3 … without gaps or repeats',
  },
  'trivia.typeChangeWithQuestions': {
    'zh-TW': '此遊戲已有題目，無法變更遊戲類型',
    en: 'This game already has questions; its type cannot be changed',
  },
  'trivia.pinUnavailable': { 'zh-TW': '暫時無法產生遊戲 PIN 碼，請再試一次', en: 'Could not assign a game PIN; please try again' },
  // The live game (features/live): game-flow steps, joining, answering, the display
  'live.flow.shown': { 'zh-TW': '出題成功', en: 'The question is on screen' },
  'live.flow.answerPublished': { 'zh-TW': '公佈答案成功', en: 'The answer is published' },
  'live.flow.rankingPublished': { 'zh-TW': '公佈排名成功', en: 'The ranking is published' },
  'live.flow.gameEnded': { 'zh-TW': '遊戲結束成功', en: 'The game has ended' },
  'live.flow.alreadyShown': { 'zh-TW': '此題目已在顯示中', en: 'This question is already on screen' },
  'live.flow.alreadyPublished': { 'zh-TW': '此題答案已公佈', en: 'The answer to this question is already published' },
  'live.flow.rankingJustPublished': { 'zh-TW': '此題排名剛剛已公佈', en: 'This ranking was just published' },
  'live.flow.alreadyEnded': { 'zh-TW': '遊戲已經結束', en: 'The game has already ended' },
  'live.step.gameEnded': { 'zh-TW': '遊戲已結束，無法再進行此操作', en: 'The game has ended; this step is no longer possible' },
  'live.step.questionRequired': { 'zh-TW': '請指定要操作的題目', en: 'Please name the question for this step' },
  'live.step.anotherQuestionLive': {
    'zh-TW': '目前有其他題目正在進行中，請先公佈該題答案',
    en: 'Another question is on screen; publish its answer first',
  },
  'live.step.questionAlreadyPlayed': { 'zh-TW': '此題目已經出過題，無法再次出題', en: 'This question has already been played; it cannot be shown again' },
  'live.step.questionNotShown': { 'zh-TW': '此題目尚未出題', en: 'This question has not been shown yet' },
  'live.step.answerNotPublished': { 'zh-TW': '請先公佈答案，再公佈排名', en: 'Publish the answer before the ranking' },
  'live.control.notHolder': {
    'zh-TW': '此遊戲目前由 {name} 的控制畫面掌控，請先要求控制權',
    en: "{name}'s control screen holds control of this game; request control first",
  },
  'live.control.screenUnknown': {
    'zh-TW': '此控制畫面未連線到遊戲，請重新整理頁面',
    en: 'This control screen is not connected to the game; reload the page',
  },
  'live.control.notHolding': { 'zh-TW': '此控制畫面沒有控制權', en: 'This control screen does not hold control' },
  'live.control.noRequest': { 'zh-TW': '目前沒有人要求控制權', en: 'Nobody is asking for control' },
  'live.control.requestPending': {
    'zh-TW': '{name} 已在要求控制權，請稍後再試',
    en: '{name} is already asking for control; try again later',
  },
  'live.control.alreadyHolding': { 'zh-TW': '此控制畫面已取得控制權', en: 'This control screen already holds control' },
  'live.control.granted': { 'zh-TW': '已取得控制權', en: 'You hold control' },
  'live.control.requested': { 'zh-TW': '已送出控制權要求，等待對方回應', en: 'Control requested; waiting for an answer' },
  'live.control.accepted': { 'zh-TW': '已移交控制權', en: 'Control handed over' },
  'live.control.declined': { 'zh-TW': '已婉拒控制權要求', en: 'Control request declined' },
  'live.control.released': { 'zh-TW': '已釋出控制權', en: 'Control released' },
  'live.join.unknownPin': { 'zh-TW': '找不到這個遊戲，請確認 PIN 碼', en: 'No game has this PIN; please check it' },
  'live.join.gameEnded': { 'zh-TW': '本場遊戲已結束。', en: 'This game has ended.' },
  'live.join.notOpen': { 'zh-TW': '此遊戲尚未開放加入', en: 'This game is not open to players' },
  'live.join.full': { 'zh-TW': '此遊戲人數已滿（上限 {cap} 人）', en: 'This game is full ({cap, plural, one {# player} other {# players}})' },
  'live.join.nicknameTaken': { 'zh-TW': '此暱稱已有人使用，請換一個', en: 'This nickname is taken; please choose another one' },
  'live.player.unknownToken': { 'zh-TW': '請重新加入遊戲', en: 'Please join the game again' },
  'live.display.codeInvalid': {
    'zh-TW': '此連結已失效，請從控制畫面重新開啟',
    en: 'This link is no longer valid; open the display again from the control screen',
  },
  'live.answer.accepted': { 'zh-TW': '作答成功', en: 'Your answer is in' },
  'live.answer.unknownQuestion': { 'zh-TW': '此題目不在您的遊戲中', en: 'This question is not part of your game' },
  'live.answer.gameEnded': { 'zh-TW': '遊戲已結束，無法作答', en: 'The game has ended; answers are closed' },
  'live.answer.notShown': { 'zh-TW': '此題目尚未開放作答', en: 'This question is not open for answers yet' },
  'live.answer.closed': { 'zh-TW': '此題已公佈答案，無法再作答', en: 'The answer has been published; answering is closed' },
  'live.answer.late': { 'zh-TW': '已超過作答時間', en: 'Too late: the answering time is over' },
  'live.answer.answered': { 'zh-TW': '您已作答過此題', en: 'You have already answered this question' },
  'live.answer.outsideOpenTime': { 'zh-TW': '目前不在遊戲開放時間內', en: 'The game is not open for answers at this time' },
  'live.answer.levelNotReached': {
    'zh-TW': '您尚未晉級到此關卡，無法作答',
    en: 'You have not reached this level; you cannot answer its questions',
  },
  'live.answer.empty': { 'zh-TW': '請選擇答案', en: 'Please choose an answer' },
  'live.answer.unknownOption': { 'zh-TW': '所選的選項不存在', en: 'One of the chosen options does not exist' },
  'live.answer.repeated': { 'zh-TW': '同一個選項不可重複選擇', en: 'An option was chosen more than once' },
  'live.answer.singleChoice': { 'zh-TW': '單選題只能選擇一個答案', en: 'A single-choice question takes exactly one answer' },
  'live.fairPlay.reasonEmpty': { 'zh-TW': '請填寫取消資格的原因', en: 'Please give the reason for the disqualification' },
  'live.fairPlay.alreadyDisqualified': { 'zh-TW': '此玩家已被取消資格', en: 'This player is already disqualified' },
  'live.fairPlay.notDisqualified': { 'zh-TW': '此玩家沒有被取消資格', en: 'This player is not disqualified' },
  'live.fairPlay.disqualified': { 'zh-TW': '已取消 {nickname} 的資格，排名已更新', en: '{nickname} is disqualified; the ranking is updated' },
  'live.fairPlay.requalified': { 'zh-TW': '已恢復 {nickname} 的資格，排名已更新', en: '{nickname} is ranked again; the ranking is updated' },
  'live.fairPlay.winnersShown': { 'zh-TW': '得獎者已顯示在大螢幕上', en: 'The winners are on the display' },
  // Uploads
  'upload.fileUploaded': { 'zh-TW': '上傳成功', en: 'Uploaded' },
  'upload.imageRequired': { 'zh-TW': '請選擇圖片', en: 'Please choose an image' },
  'upload.notAnImage': {
    'zh-TW': '只能上傳圖片（PNG、JPEG、GIF 或 WebP）',
    en: 'Only images can be uploaded (PNG, JPEG, GIF or WebP)',
  },
  'upload.imageTooLarge': { 'zh-TW': '圖片不可超過 {limit}', en: 'The image must not be larger than {limit}' },
  'upload.fieldTooLong': { 'zh-TW': '此欄位的內容過長（上限 {limit}）', en: 'This field is too long (limit {limit})' },
  'upload.partTooLarge': { 'zh-TW': '上傳的檔案超過此表單的大小上限', en: 'The uploaded file is over the size limit of this form' },
  // Field validation (Ajv keywords)
  'field.required': { 'zh-TW': '此欄位必填', en: 'This field is required' },
  'field.type': { 'zh-TW': '格式錯誤，應為{type}', en: 'Must be {type}' },
  'field.minLength': { 'zh-TW': '至少需要 {limit} 個字', en: 'Must be at least {limit, plural, one {# character} other {# characters}}' },
  'field.maxLength': { 'zh-TW': '最多 {limit} 個字', en: 'Must be at most {limit, plural, one {# character} other {# characters}}' },
  'field.minimum': { 'zh-TW': '不可小於 {limit}', en: 'Must be at least {limit}' },
  'field.maximum': { 'zh-TW': '不可大於 {limit}', en: 'Must be at most {limit}' },
  'field.exclusiveMinimum': { 'zh-TW': '必須大於 {limit}', en: 'Must be greater than {limit}' },
  'field.exclusiveMaximum': { 'zh-TW': '必須小於 {limit}', en: 'Must be less than {limit}' },
  'field.minItems': { 'zh-TW': '至少需要 {limit} 項', en: 'Must have at least {limit, plural, one {# item} other {# items}}' },
  'field.maxItems': { 'zh-TW': '最多 {limit} 項', en: 'Must have at most {limit, plural, one {# item} other {# items}}' },
  'field.uniqueItems': { 'zh-TW': '不可重複', en: 'Must not contain duplicates' },
  'field.enum': { 'zh-TW': '必須是下列之一：{values}', en: 'Must be one of: {values}' },
  'field.const': { 'zh-TW': '必須是 {value}', en: 'Must be {value}' },
  'field.format': { 'zh-TW': '格式錯誤（{format}）', en: 'Must be a valid {format}' },
  'field.pattern': { 'zh-TW': '格式錯誤', en: 'Has an invalid format' },
  'field.controlCharacters': { 'zh-TW': '不可包含控制字元（例如換行或 NUL）', en: 'Must not contain control characters (such as a line break or NUL)' },
  'field.controlCharactersMultiline': {
    'zh-TW': '不可包含控制字元（例如 NUL；換行與 Tab 可以）',
    en: 'Must not contain control characters such as NUL (line breaks and tabs are fine)',
  },
  'field.invalidCharacters': { 'zh-TW': '包含無效的字元（不成對的 UTF-16 代理字元）', en: 'Contains invalid characters (unpaired UTF-16 surrogates)' },
  'field.invalid': { 'zh-TW': '內容不正確', en: 'Is invalid' },
  'type.string': { 'zh-TW': '文字', en: 'a string' },
  'type.integer': { 'zh-TW': '整數', en: 'an integer' },
  'type.number': { 'zh-TW': '數字', en: 'a number' },
  'type.boolean': { 'zh-TW': '是或否', en: 'true or false' },
  'type.array': { 'zh-TW': '清單', en: 'a list' },
  'type.object': { 'zh-TW': '物件', en: 'an object' },
  'type.null': { 'zh-TW': '空值', en: 'null' },
} satisfies Record<string, Message>;

/**
 * Every message key, for `translate`: the core messages, and those each feature adds with
 * `registerMessages` in its `messages.ts`, where it also augments this interface
 * (`declare module '../../i18n.js' { interface MessageCatalog extends MessagesOf<typeof xMessages> {} }`),
 * so a key nobody registered is a type error.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- features augment it
export interface MessageCatalog extends MessagesOf<typeof coreMessages> {}

export type MessageKey = keyof MessageCatalog & string;

const messages = new Map<string, Message>(Object.entries(coreMessages));

/**
 * Adds a feature's messages to the catalogue (at its module's load: features/index.ts loads every
 * feature's). A key registered twice with other words is a mistake that would make one of the two
 * features say the other's text: it fails at the start.
 */
export function registerMessages<T extends Record<string, Message>>(group: T): T {
  for (const [key, message] of Object.entries(group)) {
    const known = messages.get(key);
    if (known && (known['zh-TW'] !== message['zh-TW'] || known.en !== message.en)) throw new Error(`i18n: the message ${key} is registered twice with other words`);
    messages.set(key, message);
  }
  return group;
}

export function resolveLang(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase() === 'zh-tw' ? 'zh-TW' : 'en';
}

const pluralRules: Record<Lang, Intl.PluralRules> = { 'zh-TW': new Intl.PluralRules('zh-TW'), en: new Intl.PluralRules('en') };

/**
 * A message with its parameters. A count is worded by the language's plural rules with ICU's
 * `{name, plural, one {# admin} other {# admins}}` (`#` is the number): "1 admin", never "1 admin(s)".
 */
export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const message = messages.get(key);
  // A key the type knows but nobody registered: its feature's messages.ts was not loaded.
  if (!message) throw new Error(`i18n: no message ${key} (its feature's messages were not registered)`);
  return formatMessage(lang, message[lang], params);
}

export function formatMessage(lang: Lang, template: string, params: Record<string, string | number> = {}): string {
  return template
    .replace(/\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g, (match, name: string, one: string, other: string) => {
      if (!(name in params)) return match;
      const count = Number(params[name]);
      return (pluralRules[lang].select(count) === 'one' ? one : other).replace(/#/g, String(params[name]));
    })
    .replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function hasMessage(key: string): key is MessageKey {
  return messages.has(key);
}
