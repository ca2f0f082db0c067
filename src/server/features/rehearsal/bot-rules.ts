/**
 * The simulated players' rules apart from their connections (bot-swarm.ts): which hosts they may
 * play against, the addresses they join from, what they answer and when, and the one-line summary
 * `npm run bots` prints. Pure.
 */
import type { PlaySchemas } from '../../../shared/play-client.js';
import { kindOf, type AnswerInput, type KindQuestion, type QuestionType } from '../../../domain/question-kinds/index.js';

export type OptionTitle = PlaySchemas['OptionTitle'];

/** How often the server's rehearsal bots answer right unless the operator says (random picks got about this many right). */
export const DEFAULT_RIGHT_RATE = 0.3;

export interface ShownQuestion {
  questionId: number;
  options: OptionTitle[];
  questionType: QuestionType;
  /** A slider's scale as the phones see it (no answer); null for the other kinds. */
  slider?: PlaySchemas['PublicSlider'] | null;
  /** Milliseconds left to answer when the bot got the question (server clock), or null (untimed). */
  remainingMs: number | null;
}

export interface QuestionStats {
  shown: number;
  answered: number;
  acked: number;
  refused: number;
  /** Answers sent over the WebSocket, and over HTTP. */
  overWs: number;
  overHttp: number;
}

export interface SwarmStats {
  target: number;
  joined: number;
  joinFailed: number;
  /** Bots subscribed to the game right now (one that lost its socket counts again once back). */
  connected: number;
  errors: number;
  /** Per question id, in the order shown. */
  questions: Map<number, QuestionStats>;
  lastError: string | null;
  gameEnded: boolean;
}

/** Whether a URL points at this machine (bots refuse other hosts unless the user named them). */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** 127.0.<block>.1 … 127.0.<block>.254: loopback addresses a Linux machine answers from without set-up. */
export function loopbackAddresses(block = 1): string[] {
  return Array.from({ length: 254 }, (_, i) => `127.0.${block}.${i + 1}`);
}

/**
 * A bot's answer when all it knows is what a phone sees (the question without its answer): the kind's
 * bot answer to a question whose answer it does not know, so any option, order, text or value.
 * Empty (`{}`) for a content slide, which takes no answers.
 */
export function randomAnswer(question: Pick<ShownQuestion, 'options' | 'questionType' | 'slider'>, random = Math.random): AnswerInput {
  // No value is within a negative tolerance: a wrong answer is any value on the scale.
  const slider = question.slider ? { ...question.slider, answer: question.slider.min, tolerance: -1 } : null;
  const seen: KindQuestion = {
    gameType: 1,
    optionTitles: question.options,
    answer: [],
    acceptedAnswers: [],
    ignorePunctuation: 0,
    slider,
    haveAnsweringTime: 0,
    answeringSeconds: 0,
    isBonus: 0,
    score: 0,
  };
  return kindOf(question.questionType).botAnswer(seen, random, false);
}

/** Random choices, as the question's kind picks them (none for a kind answered without options). */
export function randomChoices(question: Pick<ShownQuestion, 'options' | 'questionType'>, random = Math.random): OptionTitle[] {
  return (randomAnswer(question, random).choices ?? []) as OptionTitle[];
}

/** The answer of a bot that knows the question (the server's rehearsal): right with the chance `rightRate`. */
export function botAnswer(question: KindQuestion & { questionType: QuestionType }, rightRate: number, random = Math.random): AnswerInput {
  return kindOf(question.questionType).botAnswer(question, random, random() < rightRate);
}

/** Default delay: uniformly random within the countdown, keeping 3 s (or a third of it) in hand. */
export function randomDelay(question: Pick<ShownQuestion, 'remainingMs'>, random = Math.random): number {
  if (question.remainingMs === null) return 500 + random() * 4_500;
  const usable = Math.max(0, question.remainingMs - Math.min(3_000, question.remainingMs / 3));
  return random() * usable;
}

/** One line of the live summary: joined, connected, answers of the latest questions, errors. */
export function summaryLine(stats: SwarmStats): string {
  const questions = [...stats.questions.entries()]
    .slice(-3)
    .map(([id, q]) => `Q${id} answered ${q.answered}/${q.shown} acked ${q.acked} refused ${q.refused} via ws ${q.overWs}${q.overHttp ? ` http ${q.overHttp}` : ''}`);
  return [
    `joined ${stats.joined}/${stats.target}${stats.joinFailed ? ` (failed ${stats.joinFailed})` : ''}`,
    `ws ${stats.connected}`,
    ...questions,
    `errors ${stats.errors}`,
    ...(stats.gameEnded ? ['game ended'] : []),
  ].join(' · ');
}
