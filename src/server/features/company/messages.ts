/** Server messages of the company feature, in both languages (merged into ../../i18n.ts). */
import type { Lang } from '../../i18n.js';

export const companyMessages = {
  'company.nameRequired': { 'zh-TW': '請輸入公司名稱', en: 'Please enter a company name' },
  'company.nameTaken': { 'zh-TW': '已有同名的公司', en: 'A company with this name already exists' },
} satisfies Record<string, Record<Lang, string>>;
