/**
 * A thread that reads imported sheets (started by sheet.ts, at most PARSE_THREADS of them), so the
 * inflating and XML parsing of a workbook never holds up the server's own thread, where the live
 * games' messages are handled. It receives a file's bytes and kind, answers the rows or why the
 * file is refused (sheet.ts's SheetReply), and waits for the next file until sheet.ts ends it.
 * The compiled server has it as build/server/sheet-worker.js (an entry of scripts/build-server.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { parseSheet, replyFor, type SheetJob, type SheetReply } from './sheet.js';

const port = parentPort;
if (!port) throw new Error('sheet-worker.ts runs as a worker thread (sheet.ts starts it)');

port.on('message', ({ bytes, kind }: SheetJob) => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  parseSheet(buffer, kind).then(
    (rows) => port.postMessage({ rows } satisfies SheetReply),
    (error: unknown) => port.postMessage(replyFor(error)),
  );
});
