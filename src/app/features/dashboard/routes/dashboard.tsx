/**
 * The landing page after login. Empty for now. Reached with `?cid=…&name=…` it remembers the
 * company the admin acts for (the `Cid` header of every later call) and its name, in session storage.
 * A "quick note" kept in component state only: it survives switching tags (the page stays mounted,
 * see routing/shell-routes) and is cleared by refreshing the tag.
 */
import { Card, Field, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { companiesChanged } from '@/app/features/auth/session';
import { currentCompany, rememberCompany } from '@/app/lib/company';
import { usePageTitle } from '@/app/lib/title';
import { HeadingBlock } from '@/app/components/heading-block';

export function DashboardPage() {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const [note, setNote] = useState('');
  usePageTitle('route.dashboard');
  const [searchParams] = useSearchParams();
  const cid = searchParams.get('cid');
  const name = searchParams.get('name');
  useEffect(() => {
    if (!cid && !name) return;
    const moved = Boolean(cid) && cid !== currentCompany().id;
    rememberCompany(cid || currentCompany().id, name);
    // The info's unread count (and the navbar's company) belong to the company: read them again.
    if (moved) companiesChanged();
  }, [cid, name]);

  return (
    <Stack gap="4" maxW="5xl">
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body>
          <HeadingBlock as="h1" title={t('dashboard.heading')} lead={t('dashboard.intro')} gap="2" />
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body>
          <Field.Root>
            <Field.Label>{tShell('quickNote.label')}</Field.Label>
            <Textarea
              name="quick-note"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              placeholder={tShell('quickNote.placeholder')}
              rows={3}
              autoresize
            />
            <Field.HelperText>{tShell('quickNote.hint')}</Field.HelperText>
          </Field.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
