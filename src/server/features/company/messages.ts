/** Server messages of the company feature, in both languages (merged into ../../i18n.ts). */
import type { Lang } from '../../i18n.js';

export const companyMessages = {
  'company.nameRequired': { 'zh-TW': '請輸入公司名稱', en: 'Please enter a company name' },
  'company.nameTaken': { 'zh-TW': '已有同名的公司', en: 'A company with this name already exists' },
  // The seeded company's name as shown until it is renamed (seeded-name.ts)
  'company.defaultName': { 'zh-TW': '預設公司', en: 'Default company' },
} satisfies Record<string, Record<Lang, string>>;
