/**
 * The control screen's actor system for `gameId` (lib/game-system.ts): the game actor (system id
 * `game`) created when the page mounts and stopped when it leaves — its question actors, calls and
 * connection with it. Views read it with `useSelector(game, selectX)` (machines/game/selectors.ts,
 * machines/question/selectors.ts) and send it events; the admin's `triviaGame.control` goes in as
 * `session.rights`. In dev mode `?inspect` shows the whole system in the Stately inspector.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { GameActorRef } from '@machines/game/game.machine';
import { devInspector } from '@/shared/dev-inspector';
import { controlScreenLogic } from '../lib/game-system';
import { createAdminClient } from '../lib/operator-connection';

export function useGameActor(gameId: number, canControl: boolean): GameActorRef {
  const [{ logic, client }] = useState(() => {
    const created = createAdminClient();
    return { logic: controlScreenLogic(gameId, created), client: created };
  });
  // The game's `connection` child holds the client (started with its first holder, stopped with its last).
  const game = useActorRef(logic, { input: { gameId, client }, systemId: 'game', inspect: devInspector });
  useEffect(() => {
    game.send({ type: 'session.rights', canControl });
  }, [game, canControl]);
  return game;
}
