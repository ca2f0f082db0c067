/**
 * The game list's and the question list's delete: "are you sure?", then the call, "deleted" and the
 * list read again. A refusal (a game or question on screen) is shown by the API client, and the list
 * stays as it was.
 */
import type { TFunction } from 'i18next';
import { dialogs } from '@/app/components/ui/dialogs';
import { savedMessage } from '@/app/lib/feedback';

export async function confirmDelete(t: TFunction<'trivia'>, remove: () => Promise<unknown>, onDeleted: () => void): Promise<void> {
  const confirmed = await dialogs.confirm({
    title: t('common.confirmTitle'),
    message: t('common.confirmDelete'),
    confirmLabel: t('common.confirm'),
    cancelLabel: t('common.cancel'),
  });
  if (!confirmed) return;
  try {
    await remove();
    savedMessage(t('common.deleted'));
    onDeleted();
  } catch {
    // shown by the API client
  }
}
