/**
 * A game's results for the export (POST /triviaGame/exportResults): the current ranking (the same
 * one getRank answers, from the published questions, without the disqualified) with each player's
 * fair-play flags, every answer with its player and question, the per-question statistics and the
 * disqualified players with their reasons (fair-play.ts), as tables with column headers in the
 * request's language, rendered by lib/results-file.ts.
 * Company-scoped: another company's game is a 404. Reads only; never changes a game.
 */
import type { Db } from '../../../db/client.js';
import { recordNotFound } from '../../../lib/envelope.js';
import type { Lang } from '../../../i18n.js';
import * as q from '../queries.js';
import { attachmentHeader, CSV_TYPE, toCsv, toXlsx, XLSX_TYPE, type Table } from '../../../lib/results-file.js';
import { getRank } from '../flow/publication.js';
import { companyTimeZone } from '../../company/time-zone.js';
import { playersWithFlags, questionRulesOf, questionStatsOf } from './fair-play.js';
import type { FlagKind } from '../../../../domain/fair-play.js';

export type ExportFormat = 'csv' | 'xlsx';

type QuestionRules = Awaited<ReturnType<typeof questionRulesOf>>[number];

/** A question's kind and rule; a question the export read but the kinds did not (changed meanwhile) is a loud error. */
function ruleOfQuestion(questionId: number, rules: ReadonlyMap<number, QuestionRules>): QuestionRules {
  const found = rules.get(questionId);
  if (!found) throw new Error(`no kind read for question ${questionId}`);
  return found;
}
export type ExportTable = 'ranking' | 'answers' | 'statistics' | 'disqualified';

const TEXT = {
  'zh-TW': {
    rankingSheet: '排名',
    answersSheet: '作答紀錄',
    rank: '名次',
    nickname: '暱稱',
    joinOrder: '加入順序',
    score: '總分',
    level: '到達關卡',
    elapsed: '答對總耗時（秒）',
    answered: '作答題數',
    correctCount: '答對題數',
    questionOrder: '題號',
    questionTitle: '題目標題',
    questionText: '題目文字',
    questionLevel: '關卡',
    choices: '選擇的答案',
    answer: '正確答案',
    correct: '是否答對',
    answerElapsed: '作答耗時（秒）',
    points: '得分',
    receivedAt: '收到時間（{zone}）',
    yes: '是',
    no: '否',
    fileRanking: '排名',
    fileAnswers: '作答紀錄',
    fileResults: '成績',
    flags: '公平性提示',
    statisticsSheet: '各題統計',
    disqualifiedSheet: '取消資格',
    answeredCount: '作答人數',
    correctPlayers: '答對人數',
    percentCorrect: '答對率（%）',
    medianElapsed: '作答時間中位數（秒）',
    optionCount: '選 {title} 人數',
    reason: '原因',
    disqualifiedAt: '取消時間（{zone}）',
    disqualifiedBy: '操作者',
    fileStatistics: '各題統計',
    fileDisqualified: '取消資格',
    fastAnswer: '作答過快 {count} 次（最快 {ms} 毫秒）',
    sharedDevice: '同一裝置 {count} 人',
    sharedAddress: '同一網路位址 {count} 人',
    identicalAnswers: '與其他 {others} 人作答相同',
  },
  en: {
    rankingSheet: 'Ranking',
    answersSheet: 'Answers',
    rank: 'Rank',
    nickname: 'Nickname',
    joinOrder: 'Join order',
    score: 'Score',
    level: 'Level reached',
    elapsed: 'Time of correct answers (s)',
    answered: 'Answers',
    correctCount: 'Correct answers',
    questionOrder: 'Question order',
    questionTitle: 'Question title',
    questionText: 'Question text',
    questionLevel: 'Level',
    choices: 'Choices',
    answer: 'Correct answer',
    correct: 'Correct',
    answerElapsed: 'Elapsed (s)',
    points: 'Points',
    receivedAt: 'Received at ({zone})',
    yes: 'yes',
    no: 'no',
    fileRanking: 'ranking',
    fileAnswers: 'answers',
    fileResults: 'results',
    flags: 'Fair-play flags',
    statisticsSheet: 'Statistics',
    disqualifiedSheet: 'Disqualified',
    answeredCount: 'Players answered',
    correctPlayers: 'Players correct',
    percentCorrect: 'Correct (%)',
    medianElapsed: 'Median time (s)',
    optionCount: 'Chose {title}',
    reason: 'Reason',
    disqualifiedAt: 'Disqualified at ({zone})',
    disqualifiedBy: 'By',
    fileStatistics: 'statistics',
    fileDisqualified: 'disqualified',
    fastAnswer: '{count} answer(s) too fast (fastest {ms} ms)',
    sharedDevice: '{count} players on one device',
    sharedAddress: '{count} players from one address',
    identicalAnswers: 'same answers as {others} other(s)',
  },
} as const satisfies Record<Lang, Record<string, string>>;

const seconds = (ms: number) => Math.round(ms) / 1000;

export interface ResultTables {
  title: string;
  ranking: Table;
  answers: Table;
  statistics: Table;
  disqualified: Table;
}

type Words = (typeof TEXT)[Lang];

/** A flag in words, for a spreadsheet cell. */
function flagText(t: Words, flag: { kind: FlagKind; count: number; fastest_ms: number | null }): string {
  const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
  return fill(t[flag.kind], { count: flag.count, ms: flag.fastest_ms ?? 0, others: flag.count - 1 });
}

export async function resultTables(db: Db, companyId: number, gameId: number, lang: Lang): Promise<ResultTables> {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  const t = TEXT[lang];
  const timeZone = await companyTimeZone(db, companyId);
  const levelGame = game.type === 2;
  const { list } = await getRank(db, companyId, game.id, Number.MAX_SAFE_INTEGER);
  const totals = await q.answerTotalsByPlayer(db, game.id);
  const everyone = await playersWithFlags(db, game.id);
  const byId = new Map(everyone.map((p) => [p.player_id, p]));
  const flagsOf = (playerId: number) => byId.get(playerId)?.flags.map((f) => flagText(t, f)).join('; ') || null;

  const ranking: Table = {
    name: t.rankingSheet,
    headers: [t.rank, t.nickname, t.joinOrder, t.score, ...(levelGame ? [t.level] : []), t.elapsed, t.correctCount, t.answered, t.flags],
    widths: [8, 24, 10, 10, ...(levelGame ? [12] : []), 18, 12, 10, 40],
    rows: list.map((entry) => [
      entry.rank,
      entry.nickname,
      byId.get(entry.player_id)?.join_order ?? null,
      entry.score,
      ...(levelGame ? [entry.level] : []),
      seconds(entry.elapsed_ms),
      totals.get(entry.player_id)?.correct ?? 0,
      totals.get(entry.player_id)?.answered ?? 0,
      flagsOf(entry.player_id),
    ]),
  };

  const rules = new Map((await questionRulesOf(db, game)).map((r) => [r.question.id, r]));
  const rows = await q.answersForExport(db, game.id);
  const answers: Table = {
    name: t.answersSheet,
    headers: [
      t.questionOrder,
      t.questionTitle,
      t.questionText,
      ...(levelGame ? [t.questionLevel] : []),
      t.nickname,
      t.joinOrder,
      t.choices,
      t.answer,
      t.correct,
      t.answerElapsed,
      t.points,
      t.receivedAt.replace('{zone}', timeZone),
    ],
    widths: [8, 24, 32, ...(levelGame ? [8] : []), 24, 10, 12, 12, 10, 12, 10, 26],
    rows: rows.map((row) => {
      // Before its answer is published a question is not scored: correct and points stay empty.
      const published = row.questionStatus >= 2;
      // The answer's columns, as the question's kind writes them.
      const { kind, rule } = ruleOfQuestion(row.questionId, rules);
      return [
        row.questionSort,
        row.questionTitle,
        row.questionText,
        ...(levelGame ? [row.level] : []),
        row.nickname,
        row.joinOrder,
        kind.exportAnswer(row),
        published ? kind.exportCorrect(rule) : null,
        published && row.correct !== null ? (row.correct ? t.yes : t.no) : null,
        seconds(row.elapsedMs),
        published ? row.points : null,
        { at: row.receivedAt, timeZone },
      ];
    }),
  };
  const stats = (await questionStatsOf(db, companyId, game.id)).list;
  const optionTitles = [...new Set(stats.flatMap((s) => s.distribution.map((d) => d.title)))].sort();
  const statistics: Table = {
    name: t.statisticsSheet,
    headers: [
      t.questionOrder,
      t.questionTitle,
      ...(levelGame ? [t.questionLevel] : []),
      t.answer,
      t.answeredCount,
      // Players who answered it correctly (one answer a player), not a player's count of correct answers.
      t.correctPlayers,
      t.percentCorrect,
      ...optionTitles.map((title) => t.optionCount.replace('{title}', title)),
      t.medianElapsed,
    ],
    widths: [8, 32, ...(levelGame ? [8] : []), 12, 10, 10, 12, ...optionTitles.map(() => 10), 16],
    rows: stats.map((s) => {
      const { kind, rule } = ruleOfQuestion(s.question_id, rules);
      return [
        s.sort,
        s.title,
        ...(levelGame ? [s.level] : []),
        s.answer === null ? null : kind.exportCorrect(rule),
        s.answered,
        s.correct,
        s.percent_correct,
        ...optionTitles.map((title) => s.distribution.find((d) => d.title === title)?.count ?? null),
        s.median_ms === null ? null : seconds(s.median_ms),
      ];
    }),
  };

  const out = everyone.filter((p) => p.disqualified !== null);
  const disqualified: Table = {
    name: t.disqualifiedSheet,
    headers: [t.nickname, t.joinOrder, t.correctCount, t.answered, t.reason, t.disqualifiedAt.replace('{zone}', timeZone), t.disqualifiedBy, t.flags],
    widths: [24, 10, 12, 10, 40, 26, 16, 40],
    rows: out.map((p) => [
      p.nickname,
      p.join_order,
      totals.get(p.player_id)?.correct ?? 0,
      totals.get(p.player_id)?.answered ?? 0,
      p.disqualified!.reason,
      { at: new Date(p.disqualified!.at), timeZone },
      p.disqualified!.by_name,
      flagsOf(p.player_id),
    ]),
  };
  return { title: game.title, ranking, answers, statistics, disqualified };
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  contentDisposition: string;
}


/** The file of a game's results: one CSV table, or a workbook of both. */
export async function exportResults(
  db: Db,
  companyId: number,
  input: { trivia_game_id: number; format: ExportFormat; table?: ExportTable },
  lang: Lang,
  now: Date,
): Promise<ExportFile> {
  const tables = await resultTables(db, companyId, input.trivia_game_id, lang);
  const t = TEXT[lang];
  if (input.format === 'csv') {
    const which = input.table ?? 'ranking';
    const fileName = { ranking: t.fileRanking, answers: t.fileAnswers, statistics: t.fileStatistics, disqualified: t.fileDisqualified }[which];
    return {
      body: toCsv(tables[which]),
      contentType: CSV_TYPE,
      contentDisposition: attachmentHeader(`${tables.title}-${fileName}.csv`),
    };
  }
  return {
    body: await toXlsx([tables.ranking, tables.answers, tables.statistics, tables.disqualified], { title: tables.title, created: now }),
    contentType: XLSX_TYPE,
    contentDisposition: attachmentHeader(`${tables.title}-${t.fileResults}.xlsx`),
  };
}
