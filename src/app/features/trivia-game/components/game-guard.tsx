/**
 * The game pages' gate (`/triviaGame/update/:id`, `/triviaGame/start/:id`): the shared RecordGuard
 * with the game's detail as the record and the game's not-found words, back to the game list.
 * The page mounts only for a game the server knows (no realtime connection for one that does not exist).
 */
import type { components } from '@openapi/admin-api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { RecordGuard } from '@/app/components/record-guard';

type Game = components['schemas']['TriviaGame'];

export function GameGuard({ id, children }: { id: string | undefined; children: (game: Game, id: number) => ReactNode }) {
  const { t } = useTranslation('trivia');
  return (
    <RecordGuard
      id={id}
      load={(gameId, signal) => dataOf(client.POST('/triviaGame/detail', { body: { id: gameId }, signal, ...withOptions({ errors: 'caller' }) })).then((data) => data.item)}
      notFound={{ title: t('gameNotFound.title'), description: t('gameNotFound.description'), backTo: '/triviaGame/index', backLabel: t('common.back') }}
    >
      {children}
    </RecordGuard>
  );
}
