/**
 * The spinner shown while something the page needs arrives: a lazily loaded page (inside the layout),
 * or — `fullPage` — the session being checked before any page may show.
 */
import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center minH={fullPage ? '100dvh' : '60vh'} role="status" data-testid={fullPage ? 'full-page-spinner' : 'page-spinner'}>
      <Spinner size={fullPage ? 'lg' : 'md'} color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
