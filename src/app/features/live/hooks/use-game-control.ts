/**
 * The control screen's actor system for `gameId` (lib/game-system.ts): the game actor (system id
 * `game`) created when the page mounts and stopped when it leaves — its question actors, calls and
 * connection with it. Views read it with `useSelector(game, selectX)` (machines/game/selectors.ts,
 * machines/question/selectors.ts) and send it events; the admin's `triviaGame.control` goes in as
 * `session.rights`. The screen has an id of its own (api/control-api.ts): the server gives control
 * of the game to one screen at a time. In dev mode `?inspect` shows the whole system in the Stately inspector.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { GameActorRef } from '@machines/game/game.machine';
import { adminRealtime } from '@/app/realtime/admin-realtime';
import { devInspector } from '@/shared/dev-inspector';
import { testInspector } from '@/shared/test-inspector';
import { screenIdFor } from '../api/control-api';
import { controlScreenLogic } from '../lib/game-system';

export function useGameActor(gameId: number, canControl: boolean): GameActorRef {
  const [{ logic, client, screenId }] = useState(() => {
    const tabClient = adminRealtime();
    const screenId = screenIdFor(gameId);
    return { logic: controlScreenLogic(gameId, tabClient, screenId), client: tabClient, screenId };
  });
  // The game's `connection` child holds the tab's one client (src/app/realtime/admin-realtime.ts, the
  // shell's too: one socket per tab), started with its first holder and stopped with its last.
  const game = useActorRef(logic, { input: { gameId, client, screenId }, systemId: 'game', inspect: devInspector ?? testInspector });
  useEffect(() => {
    game.send({ type: 'session.rights', canControl });
  }, [game, canControl]);
  return game;
}
