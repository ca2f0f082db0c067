/**
 * /triviaGame/start/:id — the game detail and control screen (docs/product.md): the header with
 * the quiz display button and game over, the live panel (players, answers in, top 10), the question
 * table with each question's action, and the countdown dialog of the question on screen. Driven by
 * the game actor (provided to every component: lib/game-context.tsx, hooks/use-game-control.ts) and
 * the question actors it spawned; a reload resumes from the server's state. The stage bar leads it
 * (the one next step, its keys), with the presenter view and the stage message under it.
 */
import { Alert, Button, Card, Grid, Skeleton, Stack } from '@chakra-ui/react';
import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { selectEndedElsewhere, selectEndedHere, selectError, selectGame, selectIsConfirmingEnd, selectLoadFailed } from '@machines/game/selectors';
import { DEFAULT_CID } from '@/app/api/client';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { GameGuard } from '@/app/features/trivia-game/components/game-guard';
import { ResetForShowButton } from '@/app/features/trivia-game/components/rehearsal-actions';
import { CID_KEY, session } from '@/app/lib/storage';
import { usePageTitle } from '@/app/lib/title';
import { screenIdFor } from '../api/control-api';
import { createDisplayCode } from '../api/live-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ControlBar } from '../components/control-bar';
import { ControlHeader } from '../components/control-header';
import { CountdownDialog } from '../components/countdown-dialog';
import { FlagsCard } from '../components/flags-card';
import { LivePanel } from '../components/live-panel';
import { PreflightPanel } from '../components/preflight-panel';
import { QuestionTable } from '../components/question-table';
import { KeysHelpDialog } from '../components/keys-help-dialog';
import { PresenterView } from '../components/presenter-view';
import { RehearsalBanner, RehearsalPanel } from '../components/rehearsal-panel';
import { StageBar } from '../components/stage-bar';
import { StageMessageCard } from '../components/stage-message-card';
import { VenueWarningDialog } from '../components/venue-warning-dialog';
import { useGameSystem, useSessionRights } from '../hooks/use-game-control';
import { useStageKeys } from '../hooks/use-stage-keys';
import { GameProvider, useGame, useGameRef } from '../lib/game-context';
import { needsVenueWarning } from '../lib/venue';

export function GameControlPage() {
  usePageTitle('menu.triviaGameStart' as ParseKeys);
  // A bad address (not an id, or no such game) shows the game's not-found state: no control, no socket.
  return <GameGuard id={useParams().id}>{(game) => <GameControlRoot key={game.id} gameId={game.id} />}</GameGuard>;
}

function GameControlRoot({ gameId }: { gameId: number }) {
  const { logic, options } = useGameSystem(gameId);
  return (
    <GameProvider logic={logic} options={options}>
      <ControlScreen gameId={gameId} />
    </GameProvider>
  );
}

/** The quiz display's address: the single-use code, the company of this tab and the game. */
export function quizUrl(code: string, companyId: string, gameId: number): string {
  const url = new URL('/quiz', window.location.origin);
  url.searchParams.set('token', code);
  url.searchParams.set('company_id', companyId);
  url.searchParams.set('trivia_game_id', String(gameId));
  return url.toString();
}

function ControlScreen({ gameId }: { gameId: number }) {
  // Running the game needs `triviaGame.control` (the server checks it too); without it the screen only watches.
  useSessionRights(usePermission('triviaGame.control'));
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const navigate = useNavigate();
  const game = useGame(selectGame);
  const loadFailed = useGame(selectLoadFailed);
  const endedHere = useGame(selectEndedHere);
  const endedElsewhere = useGame(selectEndedElsewhere);
  const confirmingEnd = useGame(selectIsConfirmingEnd);
  const gameError = useGame(selectError);
  const [openingQuiz, setOpeningQuiz] = useState(false);
  // No public URL and a loopback page address: warn before the display shows an address phones cannot reach.
  const [venueWarning, setVenueWarning] = useState(false);
  const [keysHelp, setKeysHelp] = useState(false);
  useStageKeys(setKeysHelp);

  // Ending the game (here) goes back to the game list.
  useEffect(() => {
    if (endedHere) void navigate('/triviaGame/index');
  }, [endedHere, navigate]);

  async function openQuiz() {
    if (!game) return;
    // Opened before the call, inside the click, so that popup blockers let it through.
    const tab = window.open('about:blank', '_blank');
    setOpeningQuiz(true);
    try {
      const url = quizUrl(await createDisplayCode(game.id), session.get(CID_KEY) || DEFAULT_CID, game.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch {
      tab?.close(); // the API client showed why
    } finally {
      setOpeningQuiz(false);
    }
  }

  return (
    <Stack gap="4" data-testid="game-control">
      <RehearsalBanner />
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body>
          <ControlHeader game={game} onOpenQuiz={() => (needsVenueWarning(game?.join_url, window.location.hostname) ? setVenueWarning(true) : void openQuiz())} openingQuiz={openingQuiz} />
        </Card.Body>
      </Card.Root>

      <StageBar onHelp={() => setKeysHelp(true)} />
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <PresenterView />
        <StageMessageCard />
      </Grid>

      {loadFailed && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('header.loadFailed')}</Alert.Title>
            {gameError && <Alert.Description>{gameError}</Alert.Description>}
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => gameRef.send({ type: 'host.retry' })}>
            {t('header.retry')}
          </Button>
        </Alert.Root>
      )}
      {endedElsewhere && (
        <Alert.Root status="info" size="sm" data-testid="game-ended">
          <Alert.Indicator />
          <Alert.Title>{t('header.ended')}</Alert.Title>
          <ResetForShowButton gameId={gameId} screenId={screenIdFor(gameId)} />
        </Alert.Root>
      )}

      <PreflightPanel gameId={gameId} />
      <RehearsalPanel />
      <ControlBar />
      <LivePanel />
      <FlagsCard gameId={gameId} />

      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          {game ? (
            <QuestionTable game={game} />
          ) : (
            <Stack gap="2" data-testid="questions-loading">
              <Skeleton h="9" />
              <Skeleton h="12" />
              <Skeleton h="12" />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      <CountdownDialog />
      <KeysHelpDialog open={keysHelp} onClose={() => setKeysHelp(false)} />
      {game && (
        <VenueWarningDialog
          open={venueWarning}
          gameId={game.id}
          onClose={() => setVenueWarning(false)}
          onOpenAnyway={() => {
            setVenueWarning(false);
            void openQuiz();
          }}
        />
      )}
      <ConfirmDialog
        open={confirmingEnd}
        message={t('confirm.endGame')}
        onConfirm={() => gameRef.send({ type: 'host.confirm' })}
        onCancel={() => gameRef.send({ type: 'host.cancel' })}
        testId="confirm-end"
      />
    </Stack>
  );
}
