/**
 * The control screen's game actor, provided once to every component below the page (`GameProvider`,
 * given the screen's logic and options by hooks/use-game-control.ts): the shape of @xstate/react's
 * `createActorContext` (a Provider that creates the actor, narrow `useSelector` reads, `useActorRef`
 * to send), written here on its `useActorRef` and `useSelector` because the library's own function
 * lands in the xstate chunk every back-office page loads (229 bytes gzipped: the file manager's page
 * over its budget), while this module loads with the control screen only. Components read with
 * `useGame(selectX)` (machines/game/selectors.ts) and send through `useGameRef().send`; nothing
 * passes the actor down as a prop.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, ActorOptions, SnapshotFrom } from 'xstate';
import type { GameInput, GameMachine } from '@machines/game/game.machine';

const GameActorContext = createContext<Actor<GameMachine> | null>(null);

/** Creates the game actor when it mounts (started, and stopped when it unmounts) and provides it. */
export function GameProvider({ logic, options, children }: { logic: GameMachine; options: ActorOptions<GameMachine> & { input: GameInput }; children: ReactNode }) {
  const game = useActorRef(logic, options);
  return <GameActorContext.Provider value={game}>{children}</GameActorContext.Provider>;
}

/** The game actor itself: for sending events, and for the actors it spawned. */
export function useGameRef(): Actor<GameMachine> {
  const game = useContext(GameActorContext);
  if (!game) throw new Error('useGameRef: used outside the GameProvider of the control screen');
  return game;
}

/** One narrow read of the game's snapshot (re-renders only when the selected value changes). */
export function useGame<T>(selector: (snapshot: SnapshotFrom<GameMachine>) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useGameRef(), selector, compare);
}
