/** 503: the service is down or under maintenance. */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/lib/title';
import { ErrorPage } from '../components/error-page';
import { HomeButton } from '../components/home-button';
import { MaintenanceIllustration } from '../components/illustrations';

export function ServiceUnavailablePage() {
  const { t } = useTranslation();
  usePageTitle('route.page503');
  return (
    <ErrorPage
      code="503"
      headline={t('errorPage.503.headline')}
      message={t('errorPage.webmaster')}
      hint={t('errorPage.503.hint')}
      illustration={<MaintenanceIllustration />}
      actions={<HomeButton />}
    />
  );
}
