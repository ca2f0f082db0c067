/**
 * One GameControl (lib/game-control.ts) for the control screen of `gameId`: created and started when
 * the page mounts, stopped when it leaves (its actors, timers and socket with it). Views read the
 * charts through `useSelector(control.gameActor, …)` / the question actors, and the rest through
 * `useControlData(control, select)`. A reset after a rehearsal (`server.gameReset`) replaces it with
 * a fresh one, which loads the game as it is now (every question not sent, no players).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type ControlData, GameControl } from '../lib/game-control';

export function useGameControl(gameId: number): GameControl | null {
  const [control, setControl] = useState<GameControl | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!Number.isInteger(gameId) || gameId <= 0) return;
    const created = new GameControl(gameId, () => setGeneration((g) => g + 1));
    created.start();
    setControl(created);
    return () => {
      created.stop();
      setControl(null);
    };
  }, [gameId, generation]);
  return control;
}

/** A narrow read of the control's data (re-renders only when the selected value changes). */
export function useControlData<T>(control: GameControl, select: (data: ControlData) => T): T {
  return useSyncExternalStore(control.subscribe, () => select(control.getData()));
}
