/**
 * A game's results for the export (POST /triviaGame/exportResults): the current ranking (the same
 * one getRank answers, from the published questions) and every answer with its player and question,
 * as tables with column headers in the request's language, rendered by results-file.ts.
 * Company-scoped: another company's game is a 404. Reads only; never changes a game.
 */
import type { Db } from '../../db/client.js';
import { recordNotFound } from '../../lib/envelope.js';
import type { Lang } from '../../i18n.js';
import * as q from './queries.js';
import { attachmentHeader, toCsv, toXlsx, type Table } from './results-file.js';
import { getRank } from './publication.js';
import { companyTimeZone } from '../company/time-zone.js';

export type ExportFormat = 'csv' | 'xlsx';
export type ExportTable = 'ranking' | 'answers';

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
  },
} as const satisfies Record<Lang, Record<string, string>>;

const seconds = (ms: number) => Math.round(ms) / 1000;

export interface ResultTables {
  title: string;
  ranking: Table;
  answers: Table;
}

export async function resultTables(db: Db, companyId: number, gameId: number, lang: Lang): Promise<ResultTables> {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  const t = TEXT[lang];
  const timeZone = await companyTimeZone(db, companyId);
  const levelGame = game.type === 2;
  const { list } = await getRank(db, companyId, game.id, Number.MAX_SAFE_INTEGER);
  const totals = await q.answerTotalsByPlayer(db, game.id);
  const joinOrders = new Map((await q.rankingInputs(db, game.id)).players.map((p) => [p.playerId, p.joinOrder]));

  const ranking: Table = {
    name: t.rankingSheet,
    headers: [t.rank, t.nickname, t.joinOrder, t.score, ...(levelGame ? [t.level] : []), t.elapsed, t.correctCount, t.answered],
    widths: [8, 24, 10, 10, ...(levelGame ? [12] : []), 18, 12, 10],
    rows: list.map((entry) => [
      entry.rank,
      entry.nickname,
      joinOrders.get(entry.player_id) ?? null,
      entry.score,
      ...(levelGame ? [entry.level] : []),
      seconds(entry.elapsed_ms),
      totals.get(entry.player_id)?.correct ?? 0,
      totals.get(entry.player_id)?.answered ?? 0,
    ]),
  };

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
      return [
        row.questionSort,
        row.questionTitle,
        row.questionText,
        ...(levelGame ? [row.level] : []),
        row.nickname,
        row.joinOrder,
        row.choices.join(','),
        published ? row.answer.join(',') : null,
        published && row.correct !== null ? (row.correct ? t.yes : t.no) : null,
        seconds(row.elapsedMs),
        published ? row.points : null,
        { at: row.receivedAt, timeZone },
      ];
    }),
  };
  return { title: game.title, ranking, answers };
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  contentDisposition: string;
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
    return {
      body: toCsv(which === 'ranking' ? tables.ranking : tables.answers),
      contentType: CSV_TYPE,
      contentDisposition: attachmentHeader(`${tables.title}-${which === 'ranking' ? t.fileRanking : t.fileAnswers}.csv`),
    };
  }
  return {
    body: await toXlsx([tables.ranking, tables.answers], { title: tables.title, created: now }),
    contentType: XLSX_TYPE,
    contentDisposition: attachmentHeader(`${tables.title}-${t.fileResults}.xlsx`),
  };
}
