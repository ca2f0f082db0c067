/**
 * The reading thread's entry when the server runs from its TypeScript sources (tsx, the tests): Node 20
 * does not pass tsx's hooks to threads, so the thread registers tsx before loading the task. The
 * compiled server loads build/server/sheet-worker.js instead (index.ts chooses).
 */
import { register } from 'tsx/esm/api';

register();
const { default: readSheetJob } = await import('./worker.ts');
export default readSheetJob;
