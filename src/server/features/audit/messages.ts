/** Server messages of the audit feature, in both languages (merged into ../../i18n.ts). */
import type { Lang } from '../../i18n.js';

export const auditMessages = {
} satisfies Record<string, Record<Lang, string>>;
