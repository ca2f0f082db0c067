/** What screens read of the connection actor (machines/connection/connection.machine.ts). */
import type { ConnectionSnapshot, ConnectionStatus } from './connection.machine.js';

/** The status the screens show: 'reconnecting' is the banner, 'closed' the "offline" page. */
export function selectConnectionStatus(snapshot: ConnectionSnapshot): ConnectionStatus {
  if (snapshot.matches('open')) return 'open';
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  if (snapshot.matches('closed')) return 'closed';
  return 'connecting';
}

export const selectIsReconnecting = (snapshot: ConnectionSnapshot): boolean => snapshot.matches('reconnecting');
export const selectIsOpen = (snapshot: ConnectionSnapshot): boolean => snapshot.hasTag('online');
export const selectWasRejected = (snapshot: ConnectionSnapshot): boolean => snapshot.context.rejected;
export const selectReconnects = (snapshot: ConnectionSnapshot): number => snapshot.context.reconnects;
