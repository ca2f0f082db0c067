/** Server messages of the role feature, in both languages (merged into ../../i18n.ts). */
import type { Lang } from '../../i18n.js';

export const roleMessages = {
} satisfies Record<string, Record<Lang, string>>;
