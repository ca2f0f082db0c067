/**
 * The socket under the realtime client (./client.ts) and where it opens. The browser's WebSocket and
 * the `ws` package's (the simulated players on Node) both fit `RealtimeSocket`: the client adds
 * listeners and never assigns `on…`, whose event types differ between the two.
 */

export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code?: number }) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
}

/** `ws(s)://<this origin><path>?ticket=…` */
export function wsUrl(path: string, ticket: string, location: { protocol: string; host: string }): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${path}?ticket=${encodeURIComponent(ticket)}`;
}
