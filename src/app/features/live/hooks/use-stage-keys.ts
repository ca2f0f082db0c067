/**
 * The stage console's keys (docs/product.md, "The stage console"): `Space` or `→` take the next step
 * (as the stage bar's button does), `P` pauses or resumes the autopilot, `?` opens the keyboard help.
 * Never on a key held down (`event.repeat`), never while the operator types (a text field, a select,
 * an editable element has focus), never while another dialog or a menu is open (the countdown dialog
 * is the question on stage: the keys take its step), never with Ctrl / Alt / Meta held.
 */
import { useEffect } from 'react';
import { selectCanPauseAutopilot, selectCanResumeAutopilot, selectNextStep } from '@machines/game/selectors';
import { isTypingTarget, otherLayerOpen } from '../lib/stage';
import { useGameRef } from '../lib/game-context';
import { useTakeStep } from './use-stage';

/** `setHelpOpen`: a state setter (stable), opening the keyboard help. */
export function useStageKeys(setHelpOpen: (open: boolean) => void): void {
  const gameRef = useGameRef();
  const takeStep = useTakeStep();

  useEffect(() => {
    // A Space this screen took: its keyup must not press the focused button as well.
    let swallowSpaceUp = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTypingTarget(event.target) || otherLayerOpen()) return;
      const key = event.key;
      const isStep = key === ' ' || key === 'ArrowRight';
      if (!isStep && key !== '?' && key !== 'p' && key !== 'P') return;
      event.preventDefault();
      if (key === ' ') swallowSpaceUp = true;
      if (event.repeat) return;
      const snapshot = gameRef.getSnapshot();
      if (isStep) {
        const step = selectNextStep(snapshot);
        if (step) takeStep(step);
      } else if (key === '?') {
        setHelpOpen(true);
      } else if (selectCanPauseAutopilot(snapshot)) {
        gameRef.send({ type: 'host.pauseAutopilot' });
      } else if (selectCanResumeAutopilot(snapshot)) {
        gameRef.send({ type: 'host.resumeAutopilot' });
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !swallowSpaceUp) return;
      swallowSpaceUp = false;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [gameRef, setHelpOpen, takeStep]);
}
