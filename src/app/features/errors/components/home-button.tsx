/** The primary action of every error page: back to the dashboard. */
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function HomeButton() {
  const { t } = useTranslation();
  return (
    <Button asChild size="sm" colorPalette="brand">
      <Link to="/dashboard">{t('errorPage.backHome')}</Link>
    </Button>
  );
}
