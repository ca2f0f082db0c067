/** Server messages of the admin feature, in both languages (merged into ../../i18n.ts). */
import type { Lang } from '../../i18n.js';

export const adminMessages = {
} satisfies Record<string, Record<Lang, string>>;
