/**
 * The task a reading thread runs for each imported sheet (sheet.ts's pool, piscina, starts the
 * threads and hands them files), so the inflating and XML parsing of a workbook never holds up the
 * server's own thread, where the live games' messages are handled. It answers the rows or why the file
 * is refused (sheet-parse.ts's SheetReply) and never throws for a file. The compiled server has it as
 * build/server/sheet-worker.js (an entry of scripts/build-server.mjs); from the sources the thread
 * loads it through sheet-worker-sources.mjs.
 */
import { parseSheet, replyFor, type SheetJob, type SheetReply } from './parse.js';

export default async function readSheetJob({ bytes, kind }: SheetJob): Promise<SheetReply> {
  try {
    return { rows: await parseSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind) };
  } catch (error) {
    return replyFor(error);
  }
}
