/**
 * Narrow reads of the game snapshot for the control screen (`useSelector(game, selectX)`). Whether a
 * button may be pressed is asked of the chart (`can`), never kept as a flag; the question actors are
 * read with machines/question/selectors.ts.
 */
import type { QuestionActorRef } from '../question/question.machine.js';
import { selectIsBusy as selectIsQuestionBusy } from '../question/selectors.js';
import type { QuestionStatus } from '../question/types.js';
import { nextStepOf, sameNextStep, type NextStep } from './next-step.js';
import { liveQuestionOf, type GameSnapshot } from './game.machine.js';
import { takesNoAnswers } from './setup.js';
import type { AutopilotMode, AutopilotState, ControlState, GameDetail, LiveCounts, QuestionRow, Ranking, StageMessage } from './types.js';

export const selectIsLoading = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: 'loading' });
export const selectLoadFailed = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: 'loadFailed' });
export const selectIsBusy = (snapshot: GameSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsOpen = (snapshot: GameSnapshot): boolean => snapshot.hasTag('open');
export const selectIsEnded = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: 'ended' });
/** Ended by this screen's own 確定: the screen goes back to the game list. */
export const selectEndedHere = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: { ended: 'byThisScreen' } });
/** Over, and not by this screen: the screen stays and says so. */
export const selectEndedElsewhere = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: { ended: 'closed' } });
/** The 確定要結束遊戲嗎？ confirmation is open. */
export const selectIsConfirmingEnd = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: 'confirmingEnd' });
/** Ending asked or under way (the end button shows it). */
export const selectIsEnding = (snapshot: GameSnapshot): boolean => snapshot.matches({ flow: 'confirmingEnd' }) || snapshot.matches({ flow: 'ending' });
/** This screen runs the game (it holds control, and its admin has `triviaGame.control`); otherwise it only watches. */
export const selectCanControl = (snapshot: GameSnapshot): boolean => snapshot.matches({ rights: 'controlling' });
/** Who holds control of the game, who asks for it and the screens present (null until the server said). */
export const selectControl = (snapshot: GameSnapshot): ControlState | null => snapshot.context.control;
/** Another screen asks this holder for control: the accept / decline prompt is up. */
export const selectIsHandingOver = (snapshot: GameSnapshot): boolean => snapshot.matches({ rights: { controlling: 'handingOver' } });
/** This screen asked for control and waits for the holder's answer. */
export const selectIsRequestingControl = (snapshot: GameSnapshot): boolean => snapshot.matches({ rights: { watching: 'requesting' } });
/** A control call of this screen is being sent (its buttons wait). */
export const selectIsControlCallBusy = (snapshot: GameSnapshot): boolean =>
  snapshot.matches({ rights: { watching: 'asking' } }) || snapshot.matches({ rights: { controlling: 'answering' } });
/** Whether the operator may ask for control now (the chart says; a screen without a lease never asks). */
export const selectCanRequestControl = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.requestControl' }) && snapshot.context.screenId !== null;
export const selectCanReleaseControl = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.releaseControl' });
/** The game's connection actor (read it with machines/connection/selectors.ts). */
export const selectConnectionActor = (snapshot: GameSnapshot) => snapshot.children.connection;
/** The question on screen (status 1), if any: at most one at a time (derived from the statuses). */
export const selectLiveQuestionId = (snapshot: GameSnapshot): number | null => liveQuestionOf(snapshot.context.questionStatuses);
export const selectPlayerCount = (snapshot: GameSnapshot): number => snapshot.context.playerCount;
export const selectError = (snapshot: GameSnapshot): string | null => snapshot.context.error;
export const selectGame = (snapshot: GameSnapshot): GameDetail | null => snapshot.context.loaded?.detail ?? null;
/**
 * The game's status as the header shows it (1 enabled, 0 closed): closed once the chart says the
 * game ended — on any screen, also one that loaded the game before it ended (the detail it read
 * still says enabled) — else the loaded detail's. Null before the game is loaded.
 */
export const selectGameStatus = (snapshot: GameSnapshot): 0 | 1 | null => {
  if (snapshot.matches({ flow: 'ended' })) return 0;
  const status = snapshot.context.loaded?.detail.status;
  return status === undefined ? null : status === 1 ? 1 : 0;
};
const NO_ROWS: readonly QuestionRow[] = [];
export const selectQuestionRows = (snapshot: GameSnapshot): readonly QuestionRow[] => snapshot.context.loaded?.questions ?? NO_ROWS;
export const selectQuestionStatuses = (snapshot: GameSnapshot) => snapshot.context.questionStatuses;
/** The actor of a question (system id `question-<id>`), once the game spawned it. */
export const selectQuestionActor = (snapshot: GameSnapshot, questionId: number): QuestionActorRef | undefined => snapshot.context.questions[questionId];
export const selectQuestionActors = (snapshot: GameSnapshot): Record<number, QuestionActorRef> => snapshot.context.questions;
export const selectCounts = (snapshot: GameSnapshot): LiveCounts | null => snapshot.context.counts;
export const selectRanking = (snapshot: GameSnapshot): Ranking | null => snapshot.context.ranking;
/** Whether the game lets this question be shown now (the question's own actor says whether it can). */
export const selectCanShowQuestion = (snapshot: GameSnapshot, questionId: number): boolean =>
  snapshot.can({ type: 'host.showQuestion', questionId });
export const selectCanEndGame = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.endGame' });
/** The game's rehearsal as the server last said (players 0: none) and how many bots joined. */
export const selectRehearsal = (snapshot: GameSnapshot) => snapshot.context.rehearsal;
/** Simulated players are in the game (or the start is being asked): the screen shows the rehearsal banner. */
export const selectIsRehearsing = (snapshot: GameSnapshot): boolean => snapshot.matches({ rehearsal: 'on' }) || snapshot.matches({ rehearsal: 'stopping' });
/** A rehearsal call is in flight (the switch waits). */
export const selectIsRehearsalBusy = (snapshot: GameSnapshot): boolean => snapshot.matches({ rehearsal: 'starting' }) || snapshot.matches({ rehearsal: 'stopping' });
/** Whether the operator may start a rehearsal now (controlling, before the first question, nobody joined). */
export const selectCanStartRehearsal = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.startRehearsal', players: 1 });
export const selectCanStopRehearsal = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.stopRehearsal' });
/** Whether a question of the game takes no answers (a content slide: no countdown, no answer to publish, no ranking). */
export const selectTakesNoAnswers = (snapshot: GameSnapshot, questionId: number): boolean =>
  takesNoAnswers(snapshot.context.loaded?.questions.find((q) => q.id === questionId));
/**
 * The question the operator shows next: the first one not sent yet (in the game's order) that the
 * game lets be shown now; null when none (the last one was shown, or one is live that holds the screen).
 */
export const selectNextQuestionId = (snapshot: GameSnapshot): number | null => {
  const statuses = snapshot.context.questionStatuses;
  const next = (snapshot.context.loaded?.questions ?? []).find((q) => (statuses[q.id] ?? q.status) === 0);
  return next && snapshot.can({ type: 'host.showQuestion', questionId: next.id }) ? next.id : null;
};

/** The question shown last (on screen, or the last one played); null before the first. */
export const selectCurrentQuestionId = (snapshot: GameSnapshot): number | null => snapshot.context.currentQuestionId;

let lastNextStep: NextStep | null = null;
/** Any question actor with a call in flight (a step under way). */
const questionBusy = (snapshot: GameSnapshot): boolean =>
  Object.values(snapshot.context.questions).some((ref) => selectIsQuestionBusy(ref.getSnapshot()));
/**
 * The one step the show waits for (machines/game/next-step.ts), for the stage bar's primary button:
 * null before the game is loaded, on a screen that is not controlling, and while a step is in flight
 * (a question's call, the game's own, the end asked or under way). The same object while the step
 * stays the same.
 */
export const selectNextStep = (snapshot: GameSnapshot): NextStep | null => {
  const { loaded, questionStatuses, currentQuestionId } = snapshot.context;
  const idle = loaded !== null && snapshot.matches({ rights: 'controlling' }) && !snapshot.hasTag('busy') && !snapshot.matches({ flow: 'confirmingEnd' });
  const step =
    idle && !questionBusy(snapshot)
      ? nextStepOf({
          ended: snapshot.matches({ flow: 'ended' }) || !snapshot.hasTag('open'),
          questions: loaded.questions.map((q) => ({ id: q.id, status: questionStatuses[q.id] ?? (q.status as QuestionStatus), takesNoAnswers: takesNoAnswers(q) })),
          currentQuestionId,
        })
      : null;
  if (!sameNextStep(step, lastNextStep)) lastNextStep = step;
  return lastNextStep;
};

/** The game's autopilot as the server last said (null until it did). */
export const selectAutopilot = (snapshot: GameSnapshot): AutopilotState | null => snapshot.context.autopilot;
/** The autopilot's mode as the chart holds it: off, running or paused (while a pause or resume is in flight, what the server last said). */
export const selectAutopilotMode = (snapshot: GameSnapshot): AutopilotMode => {
  if (snapshot.matches({ autopilot: 'running' })) return 'running';
  if (snapshot.matches({ autopilot: 'paused' })) return 'paused';
  if (snapshot.matches({ autopilot: 'off' })) return 'off';
  return snapshot.context.autopilot?.state ?? 'off';
};
/** A pause or a resume of this screen is in flight (its button waits). */
export const selectIsAutopilotBusy = (snapshot: GameSnapshot): boolean => snapshot.matches({ autopilot: 'pausing' }) || snapshot.matches({ autopilot: 'resuming' });
/** Whether the operator may pause the autopilot now (the chart says: controlling an open game, the autopilot running). */
export const selectCanPauseAutopilot = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.pauseAutopilot' });
/** Whether the operator may resume the autopilot now (the chart says: controlling an open game, the autopilot paused). */
export const selectCanResumeAutopilot = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.resumeAutopilot' });

/** The title card up on the display and the phones (null: none). */
export const selectStageMessage = (snapshot: GameSnapshot): StageMessage | null => snapshot.context.stageMessage;
/** Whether the operator may put a stage message up (or take it off) now: controlling an open game, no call in flight. */
export const selectCanSetStageMessage = (snapshot: GameSnapshot): boolean => snapshot.can({ type: 'host.setStageMessage', message: null });
/** A stage-message call of this screen is in flight (the form waits). */
export const selectIsStageMessageBusy = (snapshot: GameSnapshot): boolean => snapshot.matches({ stage: 'sending' });
