/**
 * The actor system's time. A machine reads the clock its system was created with (`createActor(logic,
 * { clock })`: a SimulatedClock in the model tests, so moving it moves every elapsed time the chart
 * computes) and falls back to the wall clock when the system runs on XState's default clock, which
 * only schedules timeouts and tells no time. Never `Date.now()` directly in a machine.
 */
/** `system` is an actor system (an action's or a guard's `system`). */
export function systemTime(system: { _clock: object }): number {
  const clock = system._clock;
  return 'now' in clock && typeof clock.now === 'function' ? Number(clock.now()) : Date.now();
}
