/**
 * The SQL of the live game: game-flow steps, players, answers, scores and rankings. Admin reads are
 * bounded by the company (`companyId`); players and displays reach only their own game's rows.
 * The writes that race (steps, joins, answers) are written so the database decides: a step runs
 * under the game's row lock with a conditional UPDATE, a join raises the player count only below the
 * cap, an answer holds a share lock on its question (so publishing waits for answers in flight and an
 * answer after the publish finds the question closed), and the unique keys refuse doubles.
 * No rules here (flow.ts, publication.ts, answers.ts, join.ts decide); no HTTP (handlers.ts answers).
 *
 * One namespace (`import * as q from './queries.js'`), one module per table or job under sql/: games,
 * questions, players, answers, rankings, display codes, the control lease, the results export;
 * sql/rows.ts holds the row types they share. Display sessions keep theirs in sql/display-sessions.ts.
 */
export * from './sql/rows.js';
export * from './sql/games.js';
export * from './sql/questions.js';
export * from './sql/players.js';
export * from './sql/join-batch.js';
export * from './sql/reset.js';
export * from './sql/answers.js';
export * from './sql/rankings.js';
export * from './sql/display-codes.js';
export * from './sql/results-export.js';
export * from './sql/control.js';
