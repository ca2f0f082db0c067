/**
 * The floor of the live-game benchmark: a bare `ws` server that does nothing but broadcast one frame
 * to every connected client, serialised once and sent in a loop — what the app's hub does for an
 * event, minus everything else. Run as a child process of bench/live-game.ts; speaks IPC:
 *   parent → {type: 'broadcast', seq, bytes}   child → {type: 'sent', seq, clients, ms}
 *   child → {type: 'listening', port}
 */
import { WebSocketServer, WebSocket } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, backlog: 4096 });

wss.on('listening', () => {
  const address = wss.address();
  process.send?.({ type: 'listening', port: address && typeof address === 'object' ? address.port : 0 });
});

process.on('message', (message: { type: string; seq: number; bytes: number }) => {
  if (message.type !== 'broadcast') return;
  const started = Date.now();
  const base = { type: 'server.questionShown', topic: 'game:1:public', data: { seq: message.seq, pad: '' }, server_time: started };
  // The same size as the app's frame: pad up to `bytes`.
  const bare = JSON.stringify(base).length;
  base.data.pad = 'x'.repeat(Math.max(0, message.bytes - bare));
  // Encoded once, sent as a text frame to every client (as the app's hub does).
  const frame = Buffer.from(JSON.stringify(base));
  let clients = 0;
  for (const client of wss.clients) {
    if (client.readyState !== WebSocket.OPEN) continue;
    client.send(frame, { binary: false });
    clients += 1;
  }
  process.send?.({ type: 'sent', seq: message.seq, clients, ms: Date.now() - started });
});

process.on('disconnect', () => process.exit(0));
// A clean exit on the parent's kill, so that --cpu-prof (BENCH_WORKER_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
