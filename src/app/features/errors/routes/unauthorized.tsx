/**
 * 401: no permission for the page. "Back" returns to the previous page, or to the dashboard when the
 * query says `noGoBack` (the previous page would bounce here again) or there is no previous page
 * (the tab was opened on this address).
 */
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/app/lib/title';
import { ErrorPage } from '../components/error-page';
import { HomeButton } from '../components/home-button';
import { LockedIllustration } from '../components/illustrations';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  usePageTitle('route.page401');

  const goBack = () => {
    if (searchParams.has('noGoBack') || window.history.length <= 1) void navigate('/dashboard');
    else void navigate(-1);
  };

  return (
    <ErrorPage
      code="401"
      headline={t('errorPage.401.headline')}
      message={t('errorPage.401.message')}
      hint={t('errorPage.401.hint')}
      illustration={<LockedIllustration />}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={goBack}>
            {t('errorPage.back')}
          </Button>
          <HomeButton />
        </>
      }
    />
  );
}
