/**
 * The texts of the nickname rule's message keys (nickname.ts), in both languages: part of the domain's
 * message table (messages.ts spreads them into it), kept in their own module so the player page carries
 * these six sentences instead of every rule's texts in both languages. Pure: imports nothing.
 */
export const nicknameMessages = {
  // A player's nickname (nickname.ts): the phone's join form and POST /api/play/join
  'nickname.required': { 'zh-TW': '請輸入暱稱', en: 'Please enter a nickname' },
  'nickname.tooLong': {
    'zh-TW': '暱稱最多 {max} 個字（一個表情符號或國旗算一個字）',
    en: 'A nickname can have at most {max} characters (an emoji or a flag counts as one)',
  },
  'nickname.controlCharacters': { 'zh-TW': '暱稱不可包含控制字元（例如換行）', en: 'A nickname must not contain control characters (such as a line break)' },
  'nickname.invalidCharacters': {
    'zh-TW': '暱稱包含無效的字元（不成對的 UTF-16 代理字元）',
    en: 'A nickname contains invalid characters (unpaired UTF-16 surrogates)',
  },
  'nickname.bidiControl': {
    'zh-TW': '暱稱不可包含改變文字方向的控制字元（例如 U+202E）',
    en: 'A nickname must not contain characters that change the text direction (such as U+202E)',
  },
  'nickname.invisibleCharacters': {
    'zh-TW': '暱稱不可包含看不見的字元（例如零寬度空格；表情符號可以）',
    en: 'A nickname must not contain invisible characters (such as a zero-width space; emoji are fine)',
  },
} satisfies Record<string, Record<'zh-TW' | 'en', string>>;

export type NicknameMessageKey = keyof typeof nicknameMessages;

/** The sentence for a nickname rule's `key` in `lang`, `{name}` placeholders filled (as formatDomainMessage does). */
export function formatNicknameMessage(lang: 'zh-TW' | 'en', key: NicknameMessageKey, params: Record<string, string | number> = {}): string {
  return nicknameMessages[key][lang].replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
