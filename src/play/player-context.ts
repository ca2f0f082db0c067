/** The player actor for the page's components: narrow `useSelector` reads, `useActorRef().send` to speak. */
import { createActorContext } from '@xstate/react';
import { playerMachine } from '@machines/player/player.machine';

export const PlayerActor = createActorContext(playerMachine);
