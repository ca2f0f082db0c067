/**
 * Rehearse, then go live (docs/venue.md): the game list's Reset and Duplicate actions, and the reset
 * the control screen offers once a game has ended. Reset asks first, naming what it deletes with the
 * counts read from /triviaGame/detail at the click (the list row may be older); the server refuses
 * a running game, a question on screen, and — while a control screen holds control — a reset from
 * anywhere else (the game list, another admin), and the API client shows its message. The control
 * screen's reset sends its screen id. Both need `triviaGame.edit` (the server checks it too) and
 * render nothing without it.
 */
import { Button, IconButton } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuRotateCcw } from 'react-icons/lu';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { dialogs } from '@/app/components/ui/dialogs';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';

type Game = components['schemas']['TriviaGame'];

/** Whether a game has something a reset would clear: players, answers, or an end. */
export const hasRehearsal = (game: Pick<Game, 'player_count' | 'answer_count' | 'ended_at'>): boolean =>
  game.player_count > 0 || game.answer_count > 0 || game.ended_at !== null;

/**
 * Asks, then resets the game; resolves true when it was reset (the server's message shown as a
 * success), false when the admin said no or the server refused (its message shown by the API client).
 */
export function useResetGame(): (gameId: number, screenId?: string) => Promise<boolean> {
  const { t } = useTranslation('trivia');
  return async (gameId, screenId) => {
    let game: Game;
    try {
      game = (await dataOf(client.POST('/triviaGame/detail', { body: { id: gameId } }))).item;
    } catch {
      return false;
    }
    const confirmed = await dialogs.confirm({
      key: `reset:${gameId}`,
      title: t('rehearsal.resetTitle'),
      message: t('rehearsal.resetMessage', {
        title: game.title,
        players: t('rehearsal.players', { count: game.player_count }),
        answers: t('rehearsal.answers', { count: game.answer_count }),
      }),
      confirmLabel: t('rehearsal.resetConfirm'),
      cancelLabel: t('common.cancel'),
    });
    if (!confirmed) return false;
    try {
      await dataOf(client.POST('/triviaGame/reset', { body: screenId ? { id: gameId, screen_id: screenId } : { id: gameId }, ...withOptions({ notify: true }) }));
      return true;
    } catch {
      return false; // shown by the API client (a running game, another screen holding control: the server says so)
    }
  };
}

export function ResetGameButton({ game, onReset }: { game: Game; onReset: () => void }) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.edit');
  const reset = useResetGame();
  if (!allowed || !hasRehearsal(game)) return null;
  const run = () => reset(game.id).then((done) => done && onReset());
  return <RowIconButton label={t('rehearsal.reset')} rowTitle={game.title} testId="reset-game" palette="orange" icon={<LuRotateCcw />} run={run} />;
}

/** A game row's icon button for a call: named after the row, busy until the call settles. */
function RowIconButton(props: { label: string; rowTitle: string; testId: string; palette?: string; icon: ReactNode; run: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <IconButton
      size="xs"
      variant="ghost"
      colorPalette={props.palette}
      aria-label={`${props.label} ${props.rowTitle}`}
      title={props.label}
      data-testid={props.testId}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void props.run().finally(() => setBusy(false));
      }}
    >
      {props.icon}
    </IconButton>
  );
}

/**
 * The control screen's way from an ended rehearsal to the real show: resets the game as this control
 * screen (`screenId`: the server takes it only from the screen holding control); the screen then
 * hears `server.gameReset` and loads the game again (features/live/hooks/use-game-control.ts).
 */
export function ResetForShowButton({ gameId, screenId }: { gameId: number; screenId: string }) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.edit');
  const reset = useResetGame();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="orange"
      flexShrink={0}
      data-testid="reset-for-show"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void reset(gameId, screenId).finally(() => setBusy(false));
      }}
    >
      <LuRotateCcw />
      {t('rehearsal.resetForShow')}
    </Button>
  );
}

export function DuplicateGameButton({ game, onDuplicated }: { game: Game; onDuplicated: (id: number) => void }) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.edit');
  if (!allowed) return null;
  const run = () =>
    dataOf(client.POST('/triviaGame/duplicate', { body: { id: game.id }, ...withOptions({ notify: true }) })).then(
      ({ id }) => onDuplicated(id),
      () => undefined, // shown by the API client
    );
  return <RowIconButton label={t('rehearsal.duplicate')} rowTitle={game.title} testId="duplicate-game" icon={<LuCopy />} run={run} />;
}
