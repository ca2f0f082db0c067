/** Server messages of the company feature, in both languages (merged into ../../i18n.ts). */
import type { Lang } from '../../i18n.js';

export const companyMessages = {
} satisfies Record<string, Record<Lang, string>>;
