/**
 * The file manager's "new directory" dialog (./make-directory-form.tsx), loaded when it first opens:
 * the files page is the back office's heaviest and has no room for a form it may never show.
 */
import { lazyDialog } from '@/app/components/lazy-dialog';
import type { MakeDirectoryDialogProps } from './make-directory-form';

export const MakeDirectoryDialog = lazyDialog<MakeDirectoryDialogProps>(async () => (await import('./make-directory-form')).MakeDirectoryForm);
