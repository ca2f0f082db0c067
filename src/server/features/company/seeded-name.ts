/**
 * The company the first start creates is stored as "Default company" (db/seed-data.ts; databases made
 * before keep that row as it is) and shown in the request's language — 預設公司 or Default company —
 * until an admin renames it: then its name is the admin's own, shown as typed. The role titles of the
 * seed are shown the same way (role/service.ts).
 */
import { defaultCompany } from '../../db/seed-data.js';
import { translate, type Lang } from '../../i18n.js';

/** The name to show for a company: the seeded one in `lang`, any other as stored. */
export function companyNameIn(lang: Lang, company: { id: number; name: string }): string {
  return company.id === defaultCompany.id && company.name === defaultCompany.name ? translate(lang, 'company.defaultName') : company.name;
}

/** Whether a search text is part of the seeded company's name in either language (any case). */
export function seededNameMatches(keyword: string): boolean {
  const needle = keyword.toLowerCase();
  return (['zh-TW', 'en'] as const).some((lang) => translate(lang, 'company.defaultName').toLowerCase().includes(needle));
}
