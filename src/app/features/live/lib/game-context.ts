/**
 * The control screen's game actor, provided once to every component below the page
 * (`GameActorContext.Provider`, given the screen's logic and options by hooks/use-game-control.ts).
 * Components read it with narrow selectors (`useGame(selectX)`, machines/game/selectors.ts) and send
 * through `useGameRef().send`; nothing passes the actor down as a prop.
 */
import { createActorContext } from '@xstate/react';
import { gameMachine } from '@machines/game/game.machine';

export const GameActorContext = createActorContext(gameMachine);

/** One narrow read of the game's snapshot (re-renders only when the selected value changes). */
export const useGame = GameActorContext.useSelector;
/** The game actor itself: for sending events, and for the actors it spawned. */
export const useGameRef = GameActorContext.useActorRef;
