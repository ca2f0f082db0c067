/**
 * The speed contest's points (docs/game-rules.md): round(1000 × (1 − elapsed / (2 × limit))), elapsed
 * capped at the limit, so 500..1000, doubled on a bonus question. The kinds that score use it
 * (question-kinds/); scoring.ts re-exports it. Pure.
 */

/** Points of a correct speed-contest answer given at once / at the very end of the limit. */
export const SPEED_MAX_POINTS = 1000;
export const SPEED_MIN_POINTS = 500;
export const BONUS_FACTOR = 2;

/** A speed contest's points for a correct answer after `elapsedMs` of a `limitMs` window. */
export function speedPoints(elapsedMs: number, limitMs: number, isBonus: boolean): number {
  if (!(limitMs > 0)) return 0;
  const elapsed = Math.min(Math.max(elapsedMs, 0), limitMs);
  const points = Math.round(SPEED_MAX_POINTS * (1 - elapsed / (2 * limitMs)));
  return isBonus ? points * BONUS_FACTOR : points;
}
