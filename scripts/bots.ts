/**
 * `npm run bots -- --url http://localhost:8080 --pin 123456 --players 50`: simulated players for a
 * rehearsal. They join with distinct nicknames, listen on the WebSocket and answer every question
 * shown with random choices after random delays within the countdown, printing a live summary.
 * Bounded: at most 2,000 players unless --force, at most --duration seconds (default 1,800), and they
 * leave when the game ends or on Ctrl-C. A URL other than this machine is used only when given with
 * --url (never from the environment). The logic lives in src/server/features/rehearsal/bot-swarm.ts
 * (its rules in bot-rules.ts): the control screen's rehearsal runs the same bots inside the server;
 * tests and the benchmark use it too. The same bound of 2,000 holds there (MAX_REHEARSAL_PLAYERS).
 */
import { parseArgs } from 'node:util';
import { isLoopback, loopbackAddresses, summaryLine } from '../src/server/features/rehearsal/bot-rules.js';
import { BotSwarm, MAX_REHEARSAL_PLAYERS } from '../src/server/features/rehearsal/bot-swarm.js';

const MAX_PLAYERS = MAX_REHEARSAL_PLAYERS;
const DEFAULT_DURATION_S = 1_800;

const usage = `Usage: npm run bots -- --pin <PIN> [--url http://localhost:8080] [--players 20]
       [--duration ${DEFAULT_DURATION_S}] [--prefix "Bot "] [--concurrency 32] [--force]

  --url          the server (default BOTS_URL if it is this machine, else http://localhost:8080)
  --pin          the game's six-digit join PIN (required)
  --players      how many bots (1..${MAX_PLAYERS}; more only with --force)
  --duration     stop after this many seconds even if the game goes on
  --prefix       nickname prefix: bots are "<prefix>1", "<prefix>2", ... (at most 20 characters)
  --concurrency  joins and WebSocket openings at once
  --force        allow more than ${MAX_PLAYERS} players`;

function fail(message: string): never {
  console.error(`bots: ${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pin: { type: 'string' },
    players: { type: 'string', default: '20' },
    duration: { type: 'string', default: String(DEFAULT_DURATION_S) },
    prefix: { type: 'string', default: 'Bot ' },
    concurrency: { type: 'string', default: '32' },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const url = values.url ?? process.env.BOTS_URL ?? 'http://localhost:8080';
try {
  new URL(url);
} catch {
  fail(`not a URL: ${url}`);
}
if (!/^https?:$/.test(new URL(url).protocol)) fail(`only http(s) URLs: ${url}`);
if (!isLoopback(url) && values.url === undefined) fail(`${url} is not this machine; name it explicitly with --url to use it`);
const pin = values.pin ?? fail('--pin is required');
if (!/^\d{6}$/.test(pin)) fail(`a PIN has six digits: ${pin}`);
const players = Number(values.players);
if (!Number.isInteger(players) || players < 1) fail(`--players must be a positive whole number`);
if (players > MAX_PLAYERS && !values.force) fail(`${players} players is above ${MAX_PLAYERS}; add --force if you mean it`);
const durationS = Number(values.duration);
if (!(durationS > 0)) fail('--duration must be a positive number of seconds');
const concurrency = Math.max(1, Math.min(256, Number(values.concurrency) || 32));
if ([...`${values.prefix}${players}`].length > 20) fail('the prefix is too long: nicknames have at most 20 characters');

console.log(`bots: target ${url}${isLoopback(url) ? '' : '  (NOT this machine: given with --url)'} · PIN ${pin} · ${players} players · at most ${durationS} s`);

// On this machine the bots join from 127.0.1.x, as phones come from many addresses: the server
// throttles joins per address (300 a minute). Another host sees this machine's one address.
const spread = isLoopback(url) && process.platform === 'linux' && players > 200;
const swarm = new BotSwarm({ url, pin, players, nicknamePrefix: values.prefix, concurrency, ...(spread ? { localAddresses: loopbackAddresses(1) } : {}) });
let lastLine = '';
const print = () => {
  const line = summaryLine(swarm.stats);
  if (line !== lastLine) console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
  lastLine = line;
};
const ticker = setInterval(print, 1_000);

async function finish(reason: string, code: number): Promise<never> {
  clearInterval(ticker);
  await swarm.settle(3_000);
  await swarm.stop();
  print();
  if (swarm.stats.lastError) console.log(`last error: ${swarm.stats.lastError}`);
  console.log(`bots: ${reason}`);
  process.exit(code);
}

process.once('SIGINT', () => void finish('interrupted', 130));
process.once('SIGTERM', () => void finish('terminated', 143));
setTimeout(() => void finish(`duration of ${durationS} s reached`, 0), durationS * 1_000).unref();

await swarm.join();
print();
if (swarm.stats.joined === 0) await finish('no bot could join', 1);
await swarm.connect();
print();
await swarm.ended();
await finish('the game ended', 0);
