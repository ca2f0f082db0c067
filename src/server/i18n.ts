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
  'time.seconds': { 'zh-TW': '{count} 秒', en: '{count} s' },
  // Forms and uploads (the multipart plumbing)
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
