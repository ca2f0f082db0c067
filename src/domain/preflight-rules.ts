/**
 * The pre-flight check's rules (docs/preflight.md): what can be known about a game before its first
 * question is shown without reaching the network — each question against the question form's rules,
 * a level game's open time, its levels' questions and promotion scores, a speed game's time limits,
 * the display, the player cap against the audience the operator expects, and what a kind's question
 * may give away (an order as listed, a slider's answer at an end). The server adds what needs
 * I/O (images and videos that do not load) and writes each finding in the request's language.
 * Each finding has a severity: `blocking` ones are what would visibly break the show (the operator
 * must acknowledge them to start anyway), `warning` ones are worth a look.
 * Pure: no I/O, no clock (the time is passed in).
 */
import type { DomainMessageKey } from './messages.js';
import { kindOf } from './question-kinds/index.js';
import { validateQuestion, type GameType, type QuestionDraft } from './question-rules.js';

export const PREFLIGHT_CODES = [
  'no_questions',
  'question_invalid',
  'image_unreachable',
  'video_unreachable',
  'open_time_over',
  'level_empty',
  'promotion_unreachable',
  'no_time_limit',
  'player_cap_below_audience',
  'no_display',
  'order_as_listed',
  'slider_answer_at_end',
] as const;
export type PreflightCode = (typeof PREFLIGHT_CODES)[number];
export type PreflightSeverity = 'blocking' | 'warning';

/**
 * Blocking: the audience would see it (a broken image, a question that cannot be answered or
 * scored, phones turned away). Warnings: a video address may refuse a server's request and still
 * play in a browser, and a show may run without a big screen.
 */
export const PREFLIGHT_SEVERITY: Record<PreflightCode, PreflightSeverity> = {
  no_questions: 'blocking',
  question_invalid: 'blocking',
  image_unreachable: 'blocking',
  video_unreachable: 'warning',
  open_time_over: 'blocking',
  level_empty: 'blocking',
  promotion_unreachable: 'blocking',
  no_time_limit: 'blocking',
  player_cap_below_audience: 'blocking',
  no_display: 'warning',
  order_as_listed: 'warning',
  slider_answer_at_end: 'warning',
};

export interface PreflightLevel {
  id: number;
  level: number;
  /** null for the last level. */
  promotionScore: number | null;
}

export interface PreflightGame {
  type: GameType;
  /** The end of a level game's open time (ms), null when none. */
  endMs: number | null;
  playerCap: number;
  levels: readonly PreflightLevel[];
}

export interface PreflightQuestion {
  id: number;
  draft: QuestionDraft;
}

export interface PreflightFacts {
  nowMs: number;
  /** The audience the operator expects; null when not given. */
  expectedAudience: number | null;
  /** Whether a display of the game is open (connected, or seen lately). */
  displayOpen: boolean;
}

export interface PreflightFinding {
  code: PreflightCode;
  questionId: number | null;
  /** The level it is about (level games), else null. */
  level: number | null;
  /** The question's field (`question_img`, `options.1.img`, `pre_video_url`, `answer` ...), else null. */
  field: string | null;
  /** question_invalid: the first broken rule of the question form. */
  ruleKey?: DomainMessageKey;
  params: Record<string, string | number>;
}

const finding = (code: PreflightCode, rest: Partial<Omit<PreflightFinding, 'code'>> = {}): PreflightFinding => ({
  code,
  questionId: null,
  level: null,
  field: null,
  params: {},
  ...rest,
});

/** A speed game's question without a usable time limit (scored by time, it could not be scored); a content slide has none. */
const lacksTimeLimit = (draft: QuestionDraft) =>
  kindOf(draft.question_type).answerable && (draft.have_answering_time !== 1 || !Number.isInteger(draft.answering_time) || draft.answering_time < 1);

/**
 * What a kind's question may give away or make too easy: an ordering question whose correct order is
 * the letters' order (the phones list the options by letter, so they would show the answer), a slider
 * whose answer is its minimum or maximum (a thumb pushed to an end is right).
 */
function kindFindings(draft: QuestionDraft, at: Pick<PreflightFinding, 'questionId' | 'params'>): PreflightFinding[] {
  const input = kindOf(draft.question_type).input;
  const letters = draft.options.map((option) => option.title);
  if (input === 'order' && letters.length > 1 && draft.answer.length === letters.length && draft.answer.every((title, i) => title === letters[i])) {
    return [finding('order_as_listed', { ...at, field: 'answer' })];
  }
  const slider = draft.slider;
  if (input === 'value' && slider && (slider.answer === slider.min || slider.answer === slider.max)) {
    return [finding('slider_answer_at_end', { ...at, field: 'slider.answer' })];
  }
  return [];
}

/** Every finding that needs no network, in the game's question order. */
export function preflightFindings(game: PreflightGame, questions: readonly PreflightQuestion[], facts: PreflightFacts): PreflightFinding[] {
  const found: PreflightFinding[] = [];
  if (questions.length === 0) found.push(finding('no_questions'));
  if (game.type === 2 && game.endMs !== null && facts.nowMs > game.endMs) found.push(finding('open_time_over'));

  const levelIds = game.levels.map((l) => l.id);
  questions.forEach((question, index) => {
    const n = index + 1;
    const untimedSpeed = game.type === 1 && lacksTimeLimit(question.draft);
    if (untimedSpeed) found.push(finding('no_time_limit', { questionId: question.id, field: 'answering_time', params: { n, title: question.draft.title } }));
    const errors = validateQuestion(question.draft, { gameType: game.type, levelIds });
    // The missing time limit is said once, as its own finding.
    if (untimedSpeed) delete errors.answering_time;
    const [field, keys] = Object.entries(errors)[0] ?? [];
    if (field && keys?.[0]) found.push(finding('question_invalid', { questionId: question.id, field, ruleKey: keys[0], params: { n, title: question.draft.title } }));
    else found.push(...kindFindings(question.draft, { questionId: question.id, params: { n, title: question.draft.title } }));
  });

  if (game.type === 2) {
    for (const level of [...game.levels].sort((a, b) => a.level - b.level)) {
      const own = questions.filter((q) => q.draft.level_id === level.id);
      if (own.length === 0) {
        found.push(finding('level_empty', { level: level.level, params: { level: level.level } }));
        continue;
      }
      // A poll and a content slide never score.
      const reachable = own.reduce((sum, q) => sum + (kindOf(q.draft.question_type).scored ? Math.max(0, q.draft.score) : 0), 0);
      if (level.promotionScore !== null && reachable < level.promotionScore) {
        found.push(finding('promotion_unreachable', { level: level.level, params: { level: level.level, needed: level.promotionScore, reachable } }));
      }
    }
  }

  if (facts.expectedAudience !== null && facts.expectedAudience > game.playerCap) {
    found.push(finding('player_cap_below_audience', { params: { cap: game.playerCap, expected: facts.expectedAudience } }));
  }
  if (!facts.displayOpen) found.push(finding('no_display'));
  return found;
}

/** Blocking findings first; within a severity the game's own findings, then by question number; else as found. */
export function sortFindings<T extends Pick<PreflightFinding, 'code' | 'params'>>(findings: readonly T[]): T[] {
  const rank = (f: T) => (PREFLIGHT_SEVERITY[f.code] === 'blocking' ? 0 : 1);
  const position = (f: T) => (typeof f.params.n === 'number' ? f.params.n : 0);
  return findings
    .map((f, i) => [f, i] as const)
    .sort((a, b) => rank(a[0]) - rank(b[0]) || position(a[0]) - position(b[0]) || a[1] - b[1])
    .map(([f]) => f);
}

export const hasBlocking = (findings: readonly { severity: PreflightSeverity }[]): boolean => findings.some((f) => f.severity === 'blocking');
