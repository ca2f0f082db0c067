/**
 * The success message after a change, always with an id (the same text twice updates one toast). It
 * is sent after the current React update (the dialog closing, the list reloading): created in the same
 * batch, the toast's machine was set up without its props in this build ("[zag-js > toast] missing
 * required props: id") and the page went blank.
 */
import { messages } from '@/app/components/ui/toaster';

export const savedMessage = (text: string): void => {
  window.setTimeout(() => messages.success(text, { id: `saved:${text}` }), 0);
};
