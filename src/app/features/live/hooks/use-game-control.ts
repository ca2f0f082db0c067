/**
 * The control screen's actor system for `gameId` (lib/game-system.ts): the logic and options the
 * page gives `GameProvider` (lib/game-context.tsx), which creates the game actor (system
 * id `game`) when the page mounts and stops it when it leaves — its question actors, calls and
 * connection with it. The screen has an id of its own (api/control-api.ts): the server gives
 * control of the game to one screen at a time. In dev mode `?inspect` shows the whole system in the
 * Stately inspector.
 */
import { useEffect, useState } from 'react';
import { adminRealtime } from '@/app/realtime/admin-realtime';
import { devInspector } from '@/shared/dev-inspector';
import { testInspector } from '@/shared/test-inspector';
import { screenIdFor } from '../api/control-api';
import { useGameRef } from '../lib/game-context';
import { controlScreenLogic } from '../lib/game-system';

/** Built once per page: the screen's logic, and the game actor's input and system id. */
export function useGameSystem(gameId: number) {
  const [system] = useState(() => {
    // The game's `connection` child holds the tab's one client (src/app/realtime/admin-realtime.ts, the
    // shell's too: one socket per tab), started with its first holder and stopped with its last.
    const client = adminRealtime();
    const screenId = screenIdFor(gameId);
    return {
      logic: controlScreenLogic(gameId, client, screenId),
      options: { input: { gameId, client, screenId }, systemId: 'game', inspect: devInspector ?? testInspector },
    };
  });
  return system;
}

/** The admin's `triviaGame.control`, told to the provided game as `session.rights` whenever it changes. */
export function useSessionRights(canControl: boolean) {
  const game = useGameRef();
  useEffect(() => {
    game.send({ type: 'session.rights', canControl });
  }, [game, canControl]);
}
