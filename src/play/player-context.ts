/**
 * The player actor for the screens after the first one: narrow `useSelector` reads, `useActorRef().send`
 * to speak. The page provides the actor (./app.tsx, PlayerRefContext) once the machine has loaded.
 */
import { useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { PlayerSnapshot } from '@machines/player/player.machine';
import { PlayerRefContext, type PlayerRef } from './player-ref';

function usePlayerRef(): PlayerRef {
  const actor = useContext(PlayerRefContext);
  if (!actor) throw new Error('A player screen rendered before the player machine started');
  return actor;
}

function usePlayerSelector<T>(selector: (snapshot: PlayerSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(usePlayerRef(), selector, compare);
}

export const PlayerActor = { useActorRef: usePlayerRef, useSelector: usePlayerSelector };
