/** The language switch of the audience's pages: two buttons, the current one pressed. */
import { currentLanguage, LANGUAGES, setLanguage, useT } from './i18n';

const LABELS = { 'zh-TW': '中文', en: 'English' } as const;

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = currentLanguage();
  return (
    <div className={className ?? 'lang-switch'} role="group" aria-label={t('language')} data-lang={current}>
      {LANGUAGES.map((language) => (
        <button key={language} type="button" lang={language} aria-pressed={current === language} onClick={() => void setLanguage(language)}>
          {LABELS[language]}
        </button>
      ))}
    </div>
  );
}
