/**
 * POST /triviaGame/preflight (docs/preflight.md): the check a control screen runs before a game's
 * first question. The rules that need no network are the domain's (src/domain/preflight-rules.ts);
 * here: reading the game, whether a display is open, and whether each image and pre-question video
 * loads — an image in our own store (`/files/images/…`, also as an absolute address on our public
 * base) is looked up in the store, any other address is asked from the server through probe.ts
 * (public http(s) addresses only, short timeout), each distinct address once, a few at a time.
 * Reads only: not audited.
 */
import type { FastifyInstance } from 'fastify';
import type { components } from '@openapi/admin-api';
import { formatDomainMessage } from '../../../domain/messages.js';
import {
  PREFLIGHT_SEVERITY,
  preflightFindings,
  sortFindings,
  type PreflightFinding,
  type PreflightQuestion,
} from '../../../domain/preflight-rules.js';
import type { GameType, QuestionDraft } from '../../../domain/question-rules.js';
import { translate, type Lang } from '../../i18n.js';
import { recordNotFound } from '../../lib/envelope.js';
import { companyTimeZone } from '../company/time-zone.js';
import { IMAGE_URL_PREFIX, storedImageKey } from '../file/images.js';
import { gameTopic } from '../live/views.js';
import { findGame, listLevels } from '../trivia/queries.js';
import { draftOf } from '../trivia/service.js';
import { publicBaseOf } from '../venue/join-url.js';
import { probeableUrl, probeUrl } from './probe.js';
import { displaySeenSince, questionsInOrder } from './queries.js';

type Schemas = components['schemas'];
type Problem = Schemas['PreflightProblem'];

/** A display that made a call this recently counts as open (a display on another server instance). */
export const DISPLAY_SEEN_MS = 2 * 60_000;
/** Addresses asked at the same time. */
const PROBE_CONCURRENCY = 6;

interface Address {
  url: string;
  kind: 'image' | 'video';
  questionId: number;
  n: number;
  title: string;
  field: string;
}

/** Every image and video address of the questions, with where it is used. */
function addressesOf(questions: readonly PreflightQuestion[]): Address[] {
  const found: Address[] = [];
  questions.forEach(({ id, draft }, index) => {
    const at = { questionId: id, n: index + 1, title: draft.title };
    const image = draft.question_img.trim();
    if (image) found.push({ ...at, url: image, kind: 'image', field: 'question_img' });
    draft.options.forEach((option, i) => {
      const img = option.img.trim();
      if (img) found.push({ ...at, url: img, kind: 'image', field: `options.${i}.img` });
    });
    const video = draft.pre_video_url.trim();
    if (video) found.push({ ...at, url: video, kind: 'video', field: 'pre_video_url' });
  });
  return found;
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Whether an address loads: our own store for our images, the probe for anything else. */
async function loads(app: FastifyInstance, raw: string, ownOrigin: string | null): Promise<boolean> {
  let path: string | null = raw.startsWith('/') && !raw.startsWith('//') ? raw : null;
  const url = path === null ? probeableUrl(raw) : null;
  if (url && ownOrigin && url.origin === ownOrigin) path = url.pathname;
  if (path !== null) {
    if (!path.startsWith(`${IMAGE_URL_PREFIX}/`)) return false;
    const stored = storedImageKey(path.slice(IMAGE_URL_PREFIX.length + 1));
    return stored !== null && (await app.fileStore.head(stored.key)) !== null;
  }
  if (!url) return false;
  return (await probeUrl(raw)).ok;
}

/** Whether a display of the game listens on this instance, or one made a call lately. */
async function displayOpen(app: FastifyInstance, gameId: number, now: Date): Promise<boolean> {
  const topic = gameTopic(gameId, 'public');
  for (const client of app.hub.clients) if (client.subject.kind === 'display' && client.topics.has(topic)) return true;
  return displaySeenSince(app.db, gameId, new Date(now.getTime() - DISPLAY_SEEN_MS));
}

function messageOf(lang: Lang, finding: PreflightFinding & { url?: string }, endText: string): string {
  const params = { ...finding.params };
  switch (finding.code) {
    case 'question_invalid':
      return translate(lang, 'preflight.question_invalid', { ...params, rule: finding.ruleKey ? formatDomainMessage(lang, finding.ruleKey) : '' });
    case 'image_unreachable': {
      const option = /^options\.(\d)\.img$/.exec(finding.field ?? '');
      const what = option ? translate(lang, 'preflight.what.option_img', { option: String.fromCharCode(65 + Number(option[1])) }) : translate(lang, 'preflight.what.question_img');
      return translate(lang, 'preflight.image_unreachable', { ...params, what, url: finding.url ?? '' });
    }
    case 'video_unreachable':
      return translate(lang, 'preflight.video_unreachable', { ...params, url: finding.url ?? '' });
    case 'open_time_over':
      return translate(lang, 'preflight.open_time_over', { end: endText });
    default:
      return translate(lang, `preflight.${finding.code}`, params);
  }
}

export async function runPreflight(
  app: FastifyInstance,
  lang: Lang,
  companyId: number,
  input: Schemas['TriviaGamePreflightRequest'],
  now: Date,
): Promise<Schemas['PreflightData']> {
  const { db } = app;
  const game = await findGame(db, companyId, input.trivia_game_id);
  if (!game) throw recordNotFound();
  const [levels, rows, display, base] = await Promise.all([
    listLevels(db, game.id),
    questionsInOrder(db, game.id),
    displayOpen(app, game.id, now),
    publicBaseOf(db, game.companyId, app.config.publicUrl),
  ]);
  const questions = rows.map((row) => ({ id: row.id, draft: draftOf(row) as QuestionDraft }));
  const findings: Array<PreflightFinding & { url?: string }> = preflightFindings(
    {
      type: game.type as GameType,
      endMs: game.endTime ? game.endTime.getTime() : null,
      playerCap: game.playerCap,
      levels: levels.map((l) => ({ id: l.id, level: l.level, promotionScore: l.promotionScore })),
    },
    questions,
    { nowMs: now.getTime(), expectedAudience: input.expected_audience ?? null, displayOpen: display },
  );

  // Each distinct address once, whatever number of questions use it.
  const addresses = addressesOf(questions);
  const verdicts = new Map<string, boolean>();
  const ownOrigin = base.base ? new URL(base.base).origin : null;
  await eachLimited([...new Set(addresses.map((a) => a.url))], PROBE_CONCURRENCY, async (url) => {
    verdicts.set(url, await loads(app, url, ownOrigin));
  });
  for (const address of addresses) {
    if (verdicts.get(address.url)) continue;
    findings.push({
      code: address.kind === 'image' ? 'image_unreachable' : 'video_unreachable',
      questionId: address.questionId,
      level: null,
      field: address.field,
      params: { n: address.n, title: address.title },
      url: address.url,
    });
  }

  const endText = game.endTime
    ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: await companyTimeZone(db, game.companyId) }).format(game.endTime)
    : '';
  const problems: Problem[] = sortFindings(findings).map((finding) => ({
    code: finding.code,
    severity: PREFLIGHT_SEVERITY[finding.code],
    question_id: finding.questionId,
    level: finding.level,
    field: finding.field,
    url: finding.url ?? null,
    message: messageOf(lang, finding, endText),
  }));
  return {
    problems,
    blocking: problems.filter((p) => p.severity === 'blocking').length,
    warnings: problems.filter((p) => p.severity === 'warning').length,
    checked_at: now.toISOString(),
  };
}
