/** Narrow reads of the session actor for components: `useSession(selectIsLoggedIn)`. */
import { useSelector } from '@xstate/react';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { sessionActor } from '../session';

export function useSession<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(sessionActor, selector, compare);
}
