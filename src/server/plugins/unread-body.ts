/**
 * A request answered before its body arrived — an upload over a limit, a form refused half way, a
 * 401 or 403 before a multipart body was read, a JSON body over BODY_LIMIT — leaves the rest of that
 * body on the connection. Node neither reads it (the parser that stopped was its reader) nor closes
 * the connection, so a keep-alive client waited for its answer to be followed by nothing until the
 * server's timeouts (72 s was measured), and the next request on that connection was read as the tail
 * of the last one's body.
 *
 * Such an answer says `Connection: close` and the connection is closed after it, gently: the server
 * ends its side once the answer is written, then keeps reading — and dropping — what the client still
 * sends for up to LINGER_MS before it lets go. Closing a socket with unread bytes would make the
 * kernel reset it, and a reset can throw away the answer before the client read it (the reason nginx
 * lingers the same way). Never applied to a body read to its end: that connection stays reusable.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long a closing connection still reads (and drops) what its client sends after the answer. */
export const LINGER_MS = 2_000;

/** Ends `socket` once its answer is written, reading and dropping the rest of its request for a while. */
function closeGently(socket: Socket, drain: () => void): void {
  // Node calls destroySoon() when an answer with `Connection: close` is finished; destroying at once
  // with bytes unread would reset the connection.
  socket.destroySoon = () => {
    socket.end();
    drain();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

async function unreadBodyPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // `complete`: the whole request has arrived. Injected requests (tests) have no connection.
    if (raw.complete !== false || !raw.socket || typeof raw.socket.destroySoon !== 'function') return payload;
    reply.header('connection', 'close');
    closeGently(raw.socket, () => raw.resume());
    return payload;
  });
}

export default fp(unreadBodyPlugin, { name: 'unread-body' });
