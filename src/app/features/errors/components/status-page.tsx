/**
 * The page of one status (401, 404, 503): its tab title, headline and hint are that status's own texts
 * (`route.page<code>`, `errorPage.<code>.headline`, `errorPage.<code>.hint`), the message by default the
 * one that says to tell the webmaster, and the action by default the way home.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/lib/title';
import { ErrorPage } from './error-page';
import { HomeButton } from './home-button';

interface StatusPageProps {
  code: '401' | '404' | '503';
  illustration: ReactNode;
  /** Instead of the webmaster line. */
  message?: string;
  actions?: ReactNode;
  embedded?: boolean;
}

export function StatusPage({ code, illustration, message, actions = <HomeButton />, embedded }: StatusPageProps) {
  const { t } = useTranslation();
  usePageTitle(`route.page${code}`);
  return (
    <ErrorPage
      code={code}
      headline={t(`errorPage.${code}.headline`)}
      message={message ?? t('errorPage.webmaster')}
      hint={t(`errorPage.${code}.hint`)}
      illustration={illustration}
      actions={actions}
      embedded={embedded}
    />
  );
}
