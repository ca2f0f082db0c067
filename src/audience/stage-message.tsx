/**
 * The stage message (a title card the operator puts up between questions, e.g. 休息 10 分鐘) as the
 * audience's pages follow it: the public state and every `server.snapshot` carry the one up, a
 * `server.stageMessage` puts one up, replaces it or takes it off (null), and the next question shown
 * takes it off without a word. Pure reducer plus the card itself, drawn as text (React elements),
 * never as markup: the operator's words reach the screen as they were typed.
 */
import type { PlaySchemas } from './api';

export type StageMessage = PlaySchemas['StageMessage'];

/** The stage message up after a frame of the game's public topic. */
export function stageMessageAfter(current: StageMessage | null, frame: { type: string; data?: unknown }): StageMessage | null {
  switch (frame.type) {
    case 'server.snapshot':
      return (frame.data as PlaySchemas['EventPublicSnapshot']).stage_message ?? null;
    case 'server.stageMessage':
      return (frame.data as PlaySchemas['EventStageMessage']).stage_message ?? null;
    case 'server.questionShown':
      return null;
    default:
      return current;
  }
}

/** The card: its title, and the line under it when there is one. */
export function StageCard({ message, className }: { message: StageMessage; className: string }) {
  return (
    <section className={className} role="status" data-testid="stage-message">
      <h2>{message.title}</h2>
      {message.text ? <p>{message.text}</p> : null}
    </section>
  );
}
