/** Placeholder until its feature replaces it (see components/unfinished-page.tsx). */
import { useTranslation } from 'react-i18next';
import { UnfinishedPage } from '@/app/components/unfinished-page';

export function GameControlPage() {
  const { i18n } = useTranslation();
  return <UnfinishedPage title={i18n.language.startsWith('zh') ? '遊戲控制台' : 'Game control'} />;
}
