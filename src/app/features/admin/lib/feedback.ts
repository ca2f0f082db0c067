/**
 * Success messages of the admin screens, always with an id and sent after the current React update
 * (a toast created in the same batch as a dialog closing started without its id in this build and the
 * page went blank; see the trivia feature's feedback.ts).
 */
import { messages } from '@/app/components/ui/toaster';

export const savedMessage = (text: string): void => {
  window.setTimeout(() => messages.success(text, { id: `admin:${text}` }), 0);
};
