/**
 * 404: also rendered for any unknown path (the address stays as typed), and — embedded in the app
 * layout — for a granted menu route whose page does not exist yet (`MissingPage`).
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/lib/title';
import { ErrorPage } from '../components/error-page';
import { HomeButton } from '../components/home-button';
import { LostIllustration } from '../components/illustrations';

export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  usePageTitle('route.page404');
  return (
    <ErrorPage
      code="404"
      headline={t('errorPage.404.headline')}
      message={t('errorPage.webmaster')}
      hint={t('errorPage.404.hint')}
      illustration={<LostIllustration />}
      actions={<HomeButton />}
      embedded={embedded}
    />
  );
}

export function MissingPage() {
  return <NotFoundPage embedded />;
}
