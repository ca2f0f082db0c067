/**
 * Questions in a spreadsheet (/question/import, /question/export, /question/importTemplate): the
 * columns of our template and of Kahoot's quiz template, how a header row is recognised, how a row's
 * cells become a question draft and how a question becomes a row. A row is checked with the question
 * form's own rules (question-rules.ts, each kind's module), so an import says what the editor says;
 * what only a sheet can get wrong (a kind's name, a number that is no number, a level the game lacks,
 * an empty option before a filled one) has its `sheet.*` messages. Both layouts end in the same draft.
 * The server reads the file, knows the game (its type and levels) and the images, checks the contract's
 * bounds of each field, and creates the questions; the back office's preview shows what this returns.
 * Pure: no I/O, imports only other domain modules. The parts: question-sheet-columns.ts (the columns
 * and headers), question-sheet-read.ts (a row read), question-sheet-write.ts (a row written).
 */
export * from './question-sheet-columns.js';
export * from './question-sheet-read.js';
export * from './question-sheet-write.js';
