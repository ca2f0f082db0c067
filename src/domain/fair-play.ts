/**
 * Fair winners (docs/game-rules.md, "Fair play"): the flags the operator sees on players whose play
 * looks wrong, the winners and what separated each from the next, and the per-question statistics.
 * Flags are signals for a person to judge, never a verdict: only the operator disqualifies.
 * - fastAnswer: an answer received less than FAST_ANSWER_MS after the question was shown. The time is
 *   the server's: its receipt of the answer minus the moment it showed the question, which is before
 *   the question frame left for any phone (the frame is sent right after that step commits). So the
 *   measured time is never shorter than the time since the frame was sent to that player's socket:
 *   network delay only lengthens it and never raises the flag, and a phone cannot lie about it (a
 *   receipt time reported by the phone is not used: a bot would report whatever passes).
 * - sharedDevice: SHARED_DEVICE_MIN or more players joined with one device id (the player page's id in
 *   local storage).
 * - sharedAddress: SHARED_ADDRESS_MIN or more players joined from one address. Weak at a venue whose
 *   audience shares one Wi-Fi (one public address for all): a hint, to read with the others.
 * - identicalAnswers: two players who answered the same questions (at least IDENTICAL_MIN_ANSWERS),
 *   chose the same options on each and whose answer times differ by at most IDENTICAL_TOLERANCE_MS on
 *   every one: scripted play.
 * Pure: no I/O, imports nothing of ours but the domain.
 */
import { kindOf } from './question-kinds/index.js';
import type { GameType, KindQuestion, KindStatistics, QuestionType, StoredAnswer } from './question-kinds/kind.js';
import type { RankEntry } from './ranking.js';

export const FAST_ANSWER_MS = 300;
export const SHARED_DEVICE_MIN = 2;
export const SHARED_ADDRESS_MIN = 5;
export const IDENTICAL_MIN_ANSWERS = 3;
export const IDENTICAL_TOLERANCE_MS = 50;
/** At most this many other players are named in a flag (the count says how many there are). */
export const FLAG_OTHERS_MAX = 20;

export type FlagKind = 'fastAnswer' | 'sharedDevice' | 'sharedAddress' | 'identicalAnswers';

export interface FairPlayPlayer {
  playerId: number;
  deviceId: string | null;
  address: string | null;
}

export interface FairPlayAnswer extends StoredAnswer {
  playerId: number;
  questionId: number;
  /** The question's kind, which says when two answers are the same (a poll's votes never are). */
  questionType: QuestionType;
  /** Server receipt time minus the time the question was shown, ms. */
  elapsedMs: number;
}

export interface PlayerFlag {
  kind: FlagKind;
  /** fastAnswer: how many answers; the others: how many players share it (this one included). */
  count: number;
  /** fastAnswer: the fastest answer's time, ms; null for the others. */
  fastestMs: number | null;
  /** The other players concerned (at most FLAG_OTHERS_MAX), by player id ascending. */
  others: number[];
}

function addFlag(flags: Map<number, PlayerFlag[]>, playerId: number, flag: PlayerFlag): void {
  const list = flags.get(playerId);
  if (list) list.push(flag);
  else flags.set(playerId, [flag]);
}

/** Players grouped by a key (null keys left out), groups of at least `min`. */
function groupsOf(players: readonly FairPlayPlayer[], key: (p: FairPlayPlayer) => string | null, min: number): number[][] {
  const groups = new Map<string, number[]>();
  for (const player of players) {
    const value = key(player);
    if (value === null || value === '') continue;
    const group = groups.get(value);
    if (group) group.push(player.playerId);
    else groups.set(value, [player.playerId]);
  }
  return [...groups.values()].filter((g) => g.length >= min).map((g) => g.sort((a, b) => a - b));
}

const othersIn = (group: readonly number[], playerId: number) => group.filter((id) => id !== playerId).slice(0, FLAG_OTHERS_MAX);

/**
 * Pairs of players with identical answer sequences and timings. Players are grouped by their exact
 * sequence of (question, choices) first; inside a group, sorted by their first answer's time, only
 * neighbours within the tolerance are compared: O(n log n) unless a whole crowd answers alike within
 * 50 ms, which is what the flag is for.
 */
export function identicalPairs(answers: readonly FairPlayAnswer[]): Array<[number, number]> {
  const byPlayer = new Map<number, FairPlayAnswer[]>();
  for (const answer of answers) {
    // Only answers the kind compares (a poll's votes are alike by design).
    if (kindOf(answer.questionType).fairPlayKey(answer) === null) continue;
    const list = byPlayer.get(answer.playerId);
    if (list) list.push(answer);
    else byPlayer.set(answer.playerId, [answer]);
  }
  const bySequence = new Map<string, Array<{ playerId: number; times: number[] }>>();
  for (const [playerId, list] of byPlayer) {
    if (list.length < IDENTICAL_MIN_ANSWERS) continue;
    list.sort((a, b) => a.questionId - b.questionId);
    const key = list.map((a) => `${a.questionId}:${kindOf(a.questionType).fairPlayKey(a)}`).join('|');
    const group = bySequence.get(key);
    const entry = { playerId, times: list.map((a) => a.elapsedMs) };
    if (group) group.push(entry);
    else bySequence.set(key, [entry]);
  }
  const pairs: Array<[number, number]> = [];
  for (const group of bySequence.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.times[0]! - b.times[0]! || a.playerId - b.playerId);
    for (let i = 0; i < group.length; i++) {
      const a = group[i]!;
      for (let j = i + 1; j < group.length && group[j]!.times[0]! - a.times[0]! <= IDENTICAL_TOLERANCE_MS; j++) {
        const b = group[j]!;
        if (a.times.every((t, k) => Math.abs(t - b.times[k]!) <= IDENTICAL_TOLERANCE_MS)) pairs.push(a.playerId < b.playerId ? [a.playerId, b.playerId] : [b.playerId, a.playerId]);
      }
    }
  }
  return pairs;
}

/** Every flag of every flagged player (players without a flag are absent). */
export function fairPlayFlags(players: readonly FairPlayPlayer[], answers: readonly FairPlayAnswer[]): Map<number, PlayerFlag[]> {
  const flags = new Map<number, PlayerFlag[]>();
  const known = new Set(players.map((p) => p.playerId));
  const fast = new Map<number, { count: number; fastestMs: number }>();
  for (const answer of answers) {
    if (!known.has(answer.playerId) || answer.elapsedMs >= FAST_ANSWER_MS) continue;
    const entry = fast.get(answer.playerId);
    if (entry) {
      entry.count += 1;
      entry.fastestMs = Math.min(entry.fastestMs, answer.elapsedMs);
    } else fast.set(answer.playerId, { count: 1, fastestMs: answer.elapsedMs });
  }
  for (const [playerId, { count, fastestMs }] of fast) addFlag(flags, playerId, { kind: 'fastAnswer', count, fastestMs: Math.max(0, fastestMs), others: [] });
  for (const group of groupsOf(players, (p) => p.deviceId, SHARED_DEVICE_MIN)) {
    for (const id of group) addFlag(flags, id, { kind: 'sharedDevice', count: group.length, fastestMs: null, others: othersIn(group, id) });
  }
  for (const group of groupsOf(players, (p) => p.address, SHARED_ADDRESS_MIN)) {
    for (const id of group) addFlag(flags, id, { kind: 'sharedAddress', count: group.length, fastestMs: null, others: othersIn(group, id) });
  }
  const twins = new Map<number, Set<number>>();
  for (const [a, b] of identicalPairs(answers.filter((x) => known.has(x.playerId)))) {
    if (!twins.has(a)) twins.set(a, new Set());
    if (!twins.has(b)) twins.set(b, new Set());
    twins.get(a)!.add(b);
    twins.get(b)!.add(a);
  }
  for (const [id, others] of twins) {
    const sorted = [...others].sort((x, y) => x - y);
    addFlag(flags, id, { kind: 'identicalAnswers', count: sorted.length + 1, fastestMs: null, others: sorted.slice(0, FLAG_OTHERS_MAX) });
  }
  return flags;
}

// ------------------------------------------------------------------ winners

/** What put a player ahead of the next one in the ranking (the first rule of the ranking that differs). */
export type DecidedBy = 'level' | 'score' | 'time' | 'joinOrder';

/**
 * The rule of the ranking (src/domain/ranking.ts) that orders `ahead` before `behind`: a speed contest
 * compares points, then the time of the correct answers, then the join order; a level game the level
 * reached first. Two players equal on everything else are told apart by who joined first.
 */
export function decidedBy(gameType: GameType, ahead: Pick<RankEntry, 'level' | 'score' | 'elapsedMs'>, behind: Pick<RankEntry, 'level' | 'score' | 'elapsedMs'>): DecidedBy {
  if (gameType === 2 && ahead.level !== behind.level) return 'level';
  if (ahead.score !== behind.score) return 'score';
  if (ahead.elapsedMs !== behind.elapsedMs) return 'time';
  return 'joinOrder';
}

export interface Winner extends RankEntry {
  /** What put this winner ahead of the next ranked player; null for the last ranked player. */
  decidedBy: DecidedBy | null;
}

/** The top `count` of a ranking (already without the disqualified), each with what separated it from the next. */
export function winners(gameType: GameType, ranking: readonly RankEntry[], count: number): Winner[] {
  return ranking.slice(0, Math.max(0, count)).map((entry, i) => {
    const next = ranking[i + 1];
    return { ...entry, decidedBy: next ? decidedBy(gameType, entry, next) : null };
  });
}

// ------------------------------------------------------------------ statistics

/** The median of the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface QuestionStatsInput {
  questionType: QuestionType;
  question: KindQuestion;
  answers: ReadonlyArray<StoredAnswer & { correct: boolean | null; elapsedMs: number }>;
}

export interface QuestionStats extends KindStatistics {
  answered: number;
  correct: number;
  /** Percentage of the answers that are correct, one decimal; null when nobody answered or the kind is not scored (a poll). */
  percentCorrect: number | null;
  medianMs: number | null;
}

export function questionStats({ questionType, question, answers }: QuestionStatsInput): QuestionStats {
  const kind = kindOf(questionType);
  const correct = answers.filter((answer) => answer.correct).length;
  return {
    answered: answers.length,
    correct,
    percentCorrect: answers.length === 0 || !kind.scored ? null : Math.round((correct * 1000) / answers.length) / 10,
    ...kind.statistics(question, answers),
    medianMs: median(answers.map((a) => a.elapsedMs)),
  };
}
