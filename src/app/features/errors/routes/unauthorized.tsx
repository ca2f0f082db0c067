/**
 * 401: no permission for the page. "Back" returns to the previous page, or to the dashboard when the
 * query says `noGoBack` (the previous page would bounce here again) or there is no previous page
 * (the tab was opened on this address).
 */
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HomeButton } from '../components/home-button';
import { LockedIllustration } from '../components/illustrations';
import { StatusPage } from '../components/status-page';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const goBack = () => {
    if (searchParams.has('noGoBack') || window.history.length <= 1) void navigate('/dashboard');
    else void navigate(-1);
  };

  return (
    <StatusPage
      code="401"
      message={t('errorPage.401.message')}
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
