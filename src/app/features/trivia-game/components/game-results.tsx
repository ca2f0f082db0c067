/**
 * The results of a game (issue 21): a button in the game list's actions that opens a large dialog
 * with the winners, the fair-play flags and disqualifications, and the per-question statistics
 * (game-results-body.tsx, loaded on first open so the list's own page stays small). Shown to admins
 * who may read games (`triviaGame.list`, as the server checks).
 */
import { Button, Dialog, Portal, Spinner } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChartBar } from 'react-icons/lu';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';

const Body = lazy(() => import('./game-results-body').then((m) => ({ default: m.GameResultsBody })));

export function GameResults({ gameId, title, size = 'xs' }: { gameId: number; title: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.list');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button size={size} variant="ghost" onClick={() => setOpen(true)} data-testid="game-results" aria-label={`${t('results.button')} ${title}`}>
        <LuChartBar />
        {t('results.button')}
      </Button>
      <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => setOpen(isOpen)} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="results-dialog">
              <Dialog.Header py="4">
                <Dialog.Title textStyle="lg">{t('results.title', { title })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
              <Dialog.Body pb="6">
                {open ? (
                  <Suspense fallback={<Spinner />}>
                    <Body gameId={gameId} />
                  </Suspense>
                ) : null}
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
