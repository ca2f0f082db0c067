/** A compact language picker; switching goes through `setLanguage` so the cookie and `<html lang>` follow. */
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '@/app/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation(); // re-renders on language change
  const value = currentLanguage();
  return (
    <NativeSelect.Root size="xs" width="auto">
      <NativeSelect.Field
        aria-label={t('language.label')}
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
