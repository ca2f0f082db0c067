/**
 * The pre-flight check's rules (src/domain/preflight-rules.ts) and its address guard
 * (src/server/features/preflight/probe.ts): which findings a game gets and in which order, which
 * addresses the server may request, and that a probe follows a redirect only to an allowed address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultQuestionDraft, type QuestionDraft } from '@/domain/question-rules';
import { preflightFindings, sortFindings, type PreflightCode, type PreflightGame } from '@/domain/preflight-rules';
import { isPublicAddress, probeUrl } from '@/server/features/preflight/probe';

const valid = (over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...defaultQuestionDraft(),
  title: 'Q',
  question_text: 'Which?',
  options: [
    { title: 'A', text: 'a', img: '' },
    { title: 'B', text: 'b', img: '' },
  ],
  answer: ['A'],
  answering_time: 10,
  ...over,
});
const speed: PreflightGame = { type: 1, endMs: null, playerCap: 100, levels: [] };
const facts = { nowMs: 1_000, expectedAudience: null, displayOpen: true };

describe('preflightFindings', () => {
  it('finds nothing in a sound game with a display open', () => {
    expect(preflightFindings(speed, [{ id: 1, draft: valid() }], facts)).toEqual([]);
  });

  it('says a missing time limit once (not also as a broken rule) and names the first broken rule', () => {
    const found = preflightFindings(speed, [{ id: 7, draft: valid({ have_answering_time: 0, answering_time: 0 }) }, { id: 8, draft: valid({ answer: [] }) }], facts);
    expect(found.map((f) => [f.code, f.questionId, f.field, f.ruleKey])).toEqual([
      ['no_time_limit', 7, 'answering_time', undefined],
      ['question_invalid', 8, 'answer', 'question.answerRequired'],
    ]);
  });

  it('checks a level game: open time over, empty level, promotion out of reach (reachable exactly is fine)', () => {
    const game: PreflightGame = {
      type: 2,
      endMs: 999,
      playerCap: 100,
      levels: [
        { id: 11, level: 1, promotionScore: 20 },
        { id: 12, level: 2, promotionScore: 21 },
        { id: 13, level: 3, promotionScore: null },
        { id: 14, level: 4, promotionScore: null },
      ],
    };
    const q = (id: number, level_id: number, score: number) => ({ id, draft: valid({ level_id, score, have_answering_time: 0 }) });
    const found = preflightFindings(game, [q(1, 11, 10), q(2, 11, 10), q(3, 12, 20), q(4, 13, 0)], facts);
    expect(found.map((f) => [f.code, f.level, f.params])).toEqual([
      ['open_time_over', null, {}],
      ['promotion_unreachable', 2, { level: 2, needed: 21, reachable: 20 }],
      ['level_empty', 4, { level: 4 }],
    ]);
    // Before its end the open time is no problem.
    expect(preflightFindings(game, [q(1, 11, 20), q(3, 12, 30), q(4, 13, 0), q(5, 14, 0)], { ...facts, nowMs: 999 })).toEqual([]);
  });

  it('compares the cap with the expected audience only when given, and wants a display', () => {
    const one = [{ id: 1, draft: valid() }];
    expect(preflightFindings(speed, one, { ...facts, expectedAudience: 100 })).toEqual([]);
    expect(preflightFindings(speed, one, { ...facts, expectedAudience: 101 }).map((f) => f.code)).toEqual(['player_cap_below_audience']);
    expect(preflightFindings(speed, [], { ...facts, displayOpen: false }).map((f) => f.code)).toEqual(['no_questions', 'no_display']);
  });

  it('sorts blocking first, then game-wide, then by question number', () => {
    const f = (code: PreflightCode, n?: number) => ({ code, params: (n === undefined ? {} : { n }) as Record<string, number> });
    const sorted = sortFindings([f('video_unreachable', 1), f('no_display'), f('image_unreachable', 3), f('question_invalid', 2), f('player_cap_below_audience')]);
    expect(sorted.map((x) => [x.code, x.params.n])).toEqual([
      ['player_cap_below_audience', undefined],
      ['question_invalid', 2],
      ['image_unreachable', 3],
      ['no_display', undefined],
      ['video_unreachable', 1],
    ]);
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local, multicast and IPv4 inside IPv6', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::6810:85e5', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('probeUrl', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      if (req.url === '/ok') return res.end();
      if (req.url === '/head-refused' && req.method === 'HEAD') return void res.writeHead(405).end();
      if (req.url === '/head-refused') return res.end('body');
      if (req.url === '/to-ok') return void res.writeHead(302, { location: '/ok' }).end();
      if (req.url === '/to-inner') return void res.writeHead(302, { location: 'http://inner.test/secret' }).end();
      return void res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // This test's server is on loopback: allowed here by name, while inner.test stands for an inner host.
  const lookup = async (host: string) => [{ address: host === 'inner.test' ? '10.0.0.9' : '127.0.0.1', family: 4 }];
  const allowLoopback = (address: string) => address === '127.0.0.1';

  it('answers ok for 2xx, after a HEAD refused by GET, and after a redirect to an allowed address', async () => {
    expect(await probeUrl(`${base}/ok`, { addressAllowed: allowLoopback, lookup })).toEqual({ ok: true, status: 200 });
    expect(await probeUrl(`${base}/head-refused`, { addressAllowed: allowLoopback, lookup })).toEqual({ ok: true, status: 200 });
    expect(await probeUrl(`${base}/to-ok`, { addressAllowed: allowLoopback, lookup })).toEqual({ ok: true, status: 200 });
    expect(await probeUrl(`${base}/missing`, { addressAllowed: allowLoopback, lookup })).toEqual({ ok: false, reason: 'status', status: 404 });
  });

  it('does not follow a redirect to an inner address, and refuses loopback by default without a request', async () => {
    hits.length = 0;
    expect(await probeUrl(`${base}/to-inner`, { addressAllowed: allowLoopback, lookup })).toEqual({ ok: false, reason: 'privateAddress' });
    expect(hits).toEqual(['HEAD /to-inner']);
    expect(await probeUrl(`${base}/ok`)).toEqual({ ok: false, reason: 'privateAddress' });
    expect(await probeUrl('ftp://example.com/x')).toEqual({ ok: false, reason: 'notHttp' });
    expect(hits).toEqual(['HEAD /to-inner']);
  });
});
