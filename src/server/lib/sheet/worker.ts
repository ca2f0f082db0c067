/**
 * The task a reading thread runs for each uploaded sheet (index.ts's pool, piscina, starts the
 * threads and hands them files), so the decoding, inflating and XML parsing of a sheet never holds up
 * the server's own thread, where the live games' messages are handled. It answers the rows or why the
 * file is refused (parse.ts's SheetReply) and never throws for a file. The compiled server has it as
 * build/server/sheet-worker.js (an entry of scripts/build-server.mjs); from the sources the thread
 * loads it through worker-sources.mjs.
 */
import { parseSheet, replyFor, type SheetJob, type SheetReply } from './parse.js';

export default async function readSheetJob({ bytes, sheet, maxRows }: SheetJob): Promise<SheetReply> {
  try {
    return { rows: await parseSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), sheet, { maxRows }) };
  } catch (error) {
    return replyFor(error);
  }
}
