/**
 * The player actor as the page's first screen sees it, with no statechart code: its type, the context
 * the screens read it from (./player-context.ts), and a hook reading one value of its snapshot through
 * React's own useSyncExternalStore. The player machine itself loads after the first paint (./live.tsx,
 * issue 18's budget): until then there is no actor, and each value is its fallback.
 */
import { createContext, useCallback, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PlayerSnapshot, playerMachine } from '@machines/player/player.machine';

export type PlayerRef = ActorRefFrom<typeof playerMachine>;

/** The page's player actor; null until the machine has loaded. */
export const PlayerRefContext = createContext<PlayerRef | null>(null);

/** `select` over the actor's snapshot, re-rendering when it changes; `fallback` while there is no actor. */
export function usePlayerValue<T>(actor: PlayerRef | null, select: (snapshot: PlayerSnapshot) => T, fallback: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => (actor ? select(actor.getSnapshot()) : fallback));
}
