/**
 * The texts of the domain rules' message keys, in both languages. The rules (question-rules.ts,
 * game-rules.ts) return keys, never strings; the SPA shows them with `formatDomainMessage` in the UI
 * language and the server puts them into a 422's `data.errors` in the request's language, so both
 * sides show the same sentence for the same broken rule.
 * The zh-TW texts of the question form are the product's own, word for word (docs/product.md,
 * The question form): change none of them. Pure: imports only the nickname rule's texts.
 */
import { nicknameMessages } from './nickname-messages.js';

export type DomainLang = 'zh-TW' | 'en';

const domainMessages = {
  // The question form (word for word: docs/product.md)
  'question.titleRequired': { 'zh-TW': '請輸入標題', en: 'Please enter a title' },
  'question.levelRequired': { 'zh-TW': '請選擇關卡', en: 'Please choose a level' },
  'question.textOrImageRequired': {
    'zh-TW': '請輸入題目文字或選擇題目圖片',
    en: 'Please enter the question text or choose a question image',
  },
  'question.optionTextRequired': { 'zh-TW': '請輸入答案', en: 'Please enter the answer' },
  'question.optionContentRequired': { 'zh-TW': '請輸入答案或選擇答案圖片', en: 'Please enter the answers or choose answer images' },
  // The product's text says 題目圖片 (question image) although it stands under an option's image.
  'question.optionImageRequired': { 'zh-TW': '請選擇題目圖片', en: 'Please choose an image' },
  'question.answerRequired': { 'zh-TW': '請至少選擇一個答案', en: 'Please choose at least one answer' },
  // Rules of the question form the product gave no text for (worded here)
  'question.levelNotInGame': { 'zh-TW': '所選的關卡不屬於此遊戲', en: 'The chosen level does not belong to this game' },
  'question.singleAnswer': { 'zh-TW': '單選題只能選擇一個答案', en: 'A single-choice question has exactly one answer' },
  'question.answerUnknownOption': { 'zh-TW': '答案只能是現有的選項', en: 'Answers can only name existing options' },
  'question.optionsCount': { 'zh-TW': '選項需有 2 到 4 個', en: 'There must be 2 to 4 options' },
  'question.optionsLettered': { 'zh-TW': '選項需依序標示為 A 到 D', en: 'Options must be lettered A to D in order' },
  'question.answeringTimeRange': { 'zh-TW': '答題秒數需介於 1 到 3600 秒', en: 'Answering seconds must be between 1 and 3600' },
  'question.scoreMin': { 'zh-TW': '分數不可小於 0', en: 'The score cannot be less than 0' },
  // The kinds beyond the first two (question-kinds/): our own words
  'question.trueFalseAnswer': { 'zh-TW': '請選擇「對」或「錯」為答案', en: 'Please choose True or False as the answer' },
  'question.orderAnswer': { 'zh-TW': '排序題的答案需依正確順序列出每個選項各一次', en: 'The answer of an ordering question lists every option once, in the right order' },
  'question.acceptedAnswersCount': { 'zh-TW': '請輸入 1 到 20 個可接受的答案', en: 'Please enter 1 to 20 accepted answers' },
  'question.acceptedAnswerLength': { 'zh-TW': '每個可接受的答案需為 1 到 60 個字', en: 'Each accepted answer has 1 to 60 characters' },
  'question.acceptedAnswerRepeated': { 'zh-TW': '可接受的答案重複了', en: 'An accepted answer is listed twice' },
  'question.sliderRequired': { 'zh-TW': '請設定滑桿的範圍與答案', en: 'Please set the slider\'s range and answer' },
  'question.sliderRange': { 'zh-TW': '最大值需大於最小值', en: 'The maximum must be greater than the minimum' },
  'question.sliderStep': { 'zh-TW': '間距需大於 0，且最小值到最大值需為間距的整數倍', en: 'The step must be above 0 and divide the range from the minimum to the maximum' },
  'question.sliderStepCount': { 'zh-TW': '滑桿最多 10000 格', en: 'A slider has at most 10000 steps' },
  'question.sliderAnswer': { 'zh-TW': '答案需介於最小值與最大值之間，且落在間距上', en: 'The answer must be between the minimum and the maximum, on a step' },
  'question.sliderTolerance': { 'zh-TW': '容許誤差不可小於 0', en: 'The tolerance cannot be less than 0' },
  'question.sliderUnit': { 'zh-TW': '單位最多 20 個字', en: 'The unit has at most 20 characters' },
  // Promotion score per level (the en text is the product's own, word for word)
  'level.promotionScoreRequired': { 'zh-TW': '請輸入第 {n} 關的晉級分數', en: 'please enter the promotion score of level {n}' },
  // Game form (game-rules.ts)
  'game.titleRequired': { 'zh-TW': '請輸入標題', en: 'Please enter a title' },
  'game.openTimeOrder': { 'zh-TW': '結束時間必須晚於開始時間', en: 'The end time must be later than the start time' },
  'game.playerCapRange': { 'zh-TW': '人數上限需介於 1 到 50000 人', en: 'The player cap must be between 1 and 50000' },
  // Admin accounts (account-rules.ts)
  'account.usernameRequired': { 'zh-TW': '請輸入帳號', en: 'Please enter a username' },
  'account.usernameFormat': {
    'zh-TW': '帳號需為 3 到 64 個字元，只能使用英文字母、數字及 . _ @ -',
    en: 'A username has 3 to 64 characters: letters, digits and . _ @ - only',
  },
  'account.usernameTaken': { 'zh-TW': '此帳號已有人使用', en: 'This username is taken' },
  'account.usernameRepeated': { 'zh-TW': '此帳號在檔案中重複出現（第 {row} 列）', en: 'This username appears twice in the sheet (row {row})' },
  'account.nameRequired': { 'zh-TW': '請輸入名稱', en: 'Please enter a name' },
  'account.nameTooLong': { 'zh-TW': '名稱最多 {limit} 個字', en: 'The name must be at most {limit} characters' },
  'account.emailInvalid': { 'zh-TW': '請輸入有效的電子郵件', en: 'Please enter a valid email address' },
  'account.passwordRequired': { 'zh-TW': '請輸入密碼', en: 'Please enter a password' },
  'account.passwordWeak': {
    'zh-TW': '密碼至少 8 個字元，且須同時包含英文字母與數字',
    en: 'The password must have at least 8 characters, with letters and digits',
  },
  'account.passwordIsUsername': { 'zh-TW': '密碼不可與帳號相同', en: 'The password must not be the username' },
  'account.rolesRequired': { 'zh-TW': '請至少選擇一個角色', en: 'Please choose at least one role' },
  'account.unknownRoles': { 'zh-TW': '沒有這些角色：{roles}', en: 'These roles do not exist: {roles}' },
  'account.unknownPermissions': { 'zh-TW': '沒有這些權限：{permissions}', en: 'These permissions do not exist: {permissions}' },
  'account.unknownCompanies': { 'zh-TW': '沒有這些公司：{companies}', en: 'These companies do not exist: {companies}' },
  'account.statusInvalid': { 'zh-TW': '狀態需為 1（啟用）或 0（停用）', en: 'The status must be 1 (enabled) or 0 (disabled)' },
  'account.companiesRequired': { 'zh-TW': '請至少選擇一間公司', en: 'Please choose at least one company' },
  'account.controlCharacters': {
    'zh-TW': '不可包含控制字元（例如換行或 NUL）',
    en: 'Must not contain control characters (such as a line break or NUL)',
  },
  // Guard rails of administering admins and roles (access-rules.ts)
  'access.targetAboveYou': {
    'zh-TW': '此管理員擁有您沒有的權限，您無法變更他',
    en: 'This admin holds permissions you do not have; you cannot change it',
  },
  'access.deleteSelf': { 'zh-TW': '您不能刪除自己的帳號', en: 'You cannot delete your own account' },
  'access.disableSelf': { 'zh-TW': '您不能停用自己的帳號', en: 'You cannot disable your own account' },
  'access.raiseSelf': { 'zh-TW': '您不能為自己增加角色或權限', en: 'You cannot add roles or permissions to yourself' },
  'access.roleNotGrantable': {
    'zh-TW': '您只能指派自己擁有其全部權限的角色：{roles}',
    en: 'You can only grant or remove roles whose permissions you all hold: {roles}',
  },
  'access.permissionNotGrantable': {
    'zh-TW': '您只能指派自己擁有的權限：{permissions}',
    en: 'You can only grant or remove permissions you hold: {permissions}',
  },
  'access.companyNotGrantable': {
    'zh-TW': '您只能指派自己可管理的公司：{companies}',
    en: 'You can only grant or remove companies you may act for: {companies}',
  },
  'access.targetOtherCompanies': {
    'zh-TW': '此管理員也可管理您無權管理的公司（{companies}），您無法變更他',
    en: 'This admin also acts for companies you may not act for ({companies}); you cannot change it',
  },
  'access.lastSuperAdmin': {
    'zh-TW': '這是最後一位啟用中的超級管理員，不能停用、刪除或移除其超級管理員角色',
    en: 'This is the last enabled super admin: it cannot be disabled, deleted or lose its super role',
  },
  'access.superRoleReadOnly': { 'zh-TW': '超級管理員角色不可修改或刪除', en: 'Super roles cannot be changed or deleted' },
  'access.roleHeldInOtherCompanies': {
    'zh-TW': '您無權管理的公司（{companies}）也有管理員擁有此角色，您無法變更或刪除它',
    en: 'Admins of companies you may not act for ({companies}) hold this role; you cannot change or delete it',
  },
  // Venue settings of a company (venue-rules.ts)
  'venue.publicUrlInvalid': {
    'zh-TW': '請輸入以 http:// 或 https:// 開頭的網址（不含帳號密碼、? 或 #），或留空使用伺服器預設值',
    en: 'Enter an address starting with http:// or https:// (no credentials, ? or #), or leave it empty for the server default',
  },
  'venue.timeZoneUnknown': { 'zh-TW': '請選擇有效的時區（例如 Asia/Taipei）', en: 'Please choose a valid time zone (such as Asia/Taipei)' },
  // A player's nickname (nickname.ts): in their own module, for the player page
  ...nicknameMessages,
  // File and directory names and paths (file-names.ts). The product gave these rules no texts (docs/files.md).
  'file.nameRequired': { 'zh-TW': '請輸入名稱', en: 'Please enter a name' },
  'file.directoryNameTooLong': { 'zh-TW': '目錄名稱需為 1 到 {max} 個字', en: 'A directory name has 1 to {max} characters' },
  'file.fileNameTooLong': {
    'zh-TW': '檔案名稱最多 {max} 位元組（UTF-8：英文字母或數字 1 位元組，中文字 3 位元組）',
    en: 'A file name can have at most {max} bytes of UTF-8 (a letter or digit takes 1, a Chinese character 3)',
  },
  'file.pathTooLong': {
    'zh-TW': '完整路徑（目錄加名稱）最多 {max} 位元組（UTF-8）',
    en: 'The full path (directories and name) can have at most {max} bytes of UTF-8',
  },
  'file.emoticon': { 'zh-TW': '目錄名稱不可包含表情符號', en: 'A directory name must not contain emoticons' },
  'file.separators': {
    'zh-TW': '名稱不可以「/」開頭或結尾，也不可連續出現「//」',
    en: 'A name must not start or end with / or have two / in a row',
  },
  'file.slashInFileName': { 'zh-TW': '檔案名稱不可包含「/」', en: 'A file name must not contain /' },
  'file.absolutePath': {
    'zh-TW': '路徑需從檔案根目錄算起，不可以「/」開頭',
    en: 'A path starts at the root of the files: it must not start with /',
  },
  'file.driveLetter': { 'zh-TW': '名稱不可以磁碟代號（例如 C:）開頭', en: 'A name must not start with a drive letter (such as C:)' },
  'file.dotSegment': { 'zh-TW': '名稱或路徑的任何一段都不可為「.」或「..」', en: 'No part of a name or path can be . or ..' },
  'file.trailingDotOrSpace': { 'zh-TW': '名稱的每一段都不可以「.」或空白結尾', en: 'No part of a name can end with a dot or a space' },
  'file.reservedName': {
    'zh-TW': '不可使用 Windows 保留的裝置名稱（例如 CON、NUL、COM1），加上副檔名也不行',
    en: 'Windows device names (such as CON, NUL or COM1) cannot be used, not even with an extension',
  },
  'file.controlCharacters': {
    'zh-TW': '名稱不可包含控制字元（例如換行或 NUL）',
    en: 'A name must not contain control characters (such as a line break or NUL)',
  },
  'file.bidiControl': {
    'zh-TW': '名稱不可包含改變文字方向的控制字元（例如 U+202E）',
    en: 'A name must not contain characters that change the text direction (such as U+202E)',
  },
  'file.backslash': { 'zh-TW': '名稱不可包含反斜線「\\」', en: 'A name must not contain a backslash (\\)' },
  'file.encodedPath': {
    'zh-TW': '名稱不可包含解碼後會變成路徑符號的 % 編碼（例如 %2e%2e 或 %2f）',
    en: 'A name must not contain %-encoding that decodes to a path element (such as %2e%2e or %2f)',
  },
  'file.invalidCharacters': {
    'zh-TW': '名稱包含無效的字元（不成對的 UTF-16 代理字元）',
    en: 'A name contains invalid characters (unpaired UTF-16 surrogates)',
  },
  // The file store's uploads and operations (file-types.ts, features/file on the server).
  'file.typeNotAllowed': {
    'zh-TW': '只能上傳 Word（doc、docx）、PDF、文字檔（txt）、CSV、Excel（xls、xlsx）或影片（mp4）',
    en: 'Only Word (doc, docx), PDF, text (txt), CSV, Excel (xls, xlsx) or video (mp4) files can be uploaded',
  },
  'file.contentMismatch': {
    'zh-TW': '檔案內容不是 {type} 檔案（依內容判斷，不看檔名）',
    en: 'The file\'s content is not a {type} file (checked by its content, not its name)',
  },
  'file.tooLarge': { 'zh-TW': '檔案不可超過 {limit}', en: 'A file can be at most {limit}' },
  'file.empty': { 'zh-TW': '檔案是空的', en: 'The file is empty' },
  'file.fileRequired': { 'zh-TW': '請選擇檔案', en: 'Please choose a file' },
  'file.alreadyExists': {
    'zh-TW': '此目錄已有名為「{name}」的檔案或目錄',
    en: 'This directory already holds a file or directory named "{name}"',
  },
  'file.alreadyUploading': {
    'zh-TW': '已有檔案正在上傳，一次只能上傳一個檔案，請等它完成',
    en: 'A file is already being uploaded: one file at a time, please wait for it to finish',
  },
  'file.oneFilePerUpload': {
    'zh-TW': '一次只能上傳一個檔案',
    en: 'One file at a time: an upload carries a single file',
  },
  'file.fieldRepeated': {
    'zh-TW': '表單的「{field}」欄位只能有一個',
    en: 'The form\'s "{field}" field can be sent only once',
  },
  'file.notFound': { 'zh-TW': '找不到檔案「{path}」', en: 'File "{path}" not found' },
  'file.directoryNotFound': { 'zh-TW': '找不到目錄「{path}」', en: 'Directory "{path}" not found' },
  'file.rootNotDeletable': { 'zh-TW': '不可刪除根目錄', en: 'The root directory cannot be deleted' },
} satisfies Record<string, Record<DomainLang, string>>;

export type DomainMessageKey = keyof typeof domainMessages;

/** A message key with the values of its `{name}` placeholders (a rule's answer when it needs them). */
export interface DomainMessage {
  key: DomainMessageKey;
  params?: Record<string, string | number>;
}

export const domainMessageKeys = Object.keys(domainMessages) as DomainMessageKey[];

/** The sentence for `key` in `lang`, with `{name}` placeholders filled from `params`. */
export function formatDomainMessage(lang: DomainLang, key: DomainMessageKey, params: Record<string, string | number> = {}): string {
  const template = domainMessages[key][lang];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
