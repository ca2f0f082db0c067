/**
 * The router's error page: shown when a page throws while rendering or its code fails to load
 * (for example after a deployment replaced the hashed files). Reloading fetches the new build.
 */
import { Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/lib/title';
import { ErrorPage } from '../components/error-page';
import { HomeButton } from '../components/home-button';
import { MaintenanceIllustration } from '../components/illustrations';

export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  usePageTitle('route.error');
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <ErrorPage
      headline={t('errorPage.unexpected.headline')}
      message={t('errorPage.unexpected.hint')}
      illustration={<MaintenanceIllustration />}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
            {t('errorPage.reload')}
          </Button>
          <HomeButton />
        </>
      }
    />
  );
}
