/**
 * s3rver in a process of its own for bench/files.ts (so the S3 server, the app server and the bench's
 * client each have an event loop): sends its S3 configuration over IPC once listening, stops and
 * removes its directory on the message 'stop' (or when the parent goes away).
 */
import { startS3rver } from '../../tests/support/s3rver.js';

const s3 = await startS3rver({ bucket: 'trivia-bench' });
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await s3.stop();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.send!({ config: s3.config, directory: s3.directory });
