/**
 * Whether a question has a time limit: every question of a speed game (type 1) has one; a question
 * of a level game (type 2) only when `have_answering_time` is 1. The one place this rule lives: the
 * server's deadlines, the question form's checks and every screen that shows the time ask here.
 */
export const isTimed = (gameType: number, haveAnsweringTime: number): boolean => gameType === 1 || haveAnsweringTime === 1;
