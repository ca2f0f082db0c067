/**
 * The back office's dialog kit: every create/edit dialog is a `FormDialog` (a title, the fields, Cancel
 * and Save), every other dialog a `DialogFrame` with a footer of its own. The kit keeps what they all
 * share: centred, the body scrolling inside, a translated close button, Escape and the close button
 * closing it, the first field focused on open, Enter in a field submitting (the form and Save are tied
 * by the form's id), Save busy while the request runs, and three widths.
 *
 * A dialog keeps its own fields and state; `useFormDialog` (./use-form-submit.ts) gives it the rest:
 *
 * @example
 * function TagDialog({ open, tag, onClose, onSaved }: TagDialogProps) {
 *   const { t } = useTranslation('tag');
 *   const [name, setName] = useState('');
 *   const form = useFormDialog({
 *     open,
 *     record: tag, // null = a new tag
 *     reset: () => setName(tag?.name ?? ''),
 *     submit: async () => {
 *       await dataOf(client.POST('/tag/create', { body: { name } })); // a 422 lands under the fields by itself
 *       savedMessage(t('created'));
 *       onSaved();
 *     },
 *   });
 *   return (
 *     <FormDialog open={open} onClose={onClose} title={t('createTitle')} testId="tag-dialog" form={form}>
 *       <FormField label={t('name')} required messages={form.messagesOf('name')}>
 *         <Input size="sm" name="name" value={name} onChange={(e) => { setName(e.target.value); form.clear('name'); }} />
 *       </FormField>
 *     </FormDialog>
 *   );
 * }
 *
 * Layouts: `form` (default) a box of 28rem, the screen's width less a margin on a phone; `page` fills a
 * phone's screen and is a wide box from the md breakpoint (long forms: admins, roles, the import);
 * `wide` is 80 % of a desktop (the question editor).
 */
import { Button, Dialog, HStack, Portal, Spinner, Stack } from '@chakra-ui/react';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from './close-button';
import type { FormSubmit } from './use-form-submit';

export type DialogLayout = 'form' | 'page' | 'wide';

/**
 * Chakra's `size={{ base: 'full', md: 'xl' }}` alone keeps the full size's minimum height, lost margin
 * and square corners on a desktop too (the xl size does not reset them), so `page` resets them itself.
 */
const layouts = {
  form: { size: 'md', content: { maxW: { base: 'calc(100vw - 1.5rem)', sm: 'md' } } },
  page: {
    size: { base: 'full', md: 'xl' },
    content: {
      minH: { base: '100dvh', md: 'auto' },
      maxH: { base: '100dvh', md: 'calc(100% - 7.5rem)' },
      my: { base: '0', md: 'var(--dialog-base-margin)' },
      rounded: { base: 'none', md: 'l3' },
    },
  },
  wide: { size: 'lg', content: { w: { base: '95vw', md: '80vw' }, maxW: { base: '95vw', md: '80vw' } } },
} as const;

/** What a field the dialog opens on looks like: the first one a user can type in or choose. */
const FIRST_FIELD = 'form input:not([disabled]):not([type=hidden]):not([readonly]), form select:not([disabled]), form textarea:not([disabled])';

interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The content's `data-testid`. */
  testId: string;
  layout?: DialogLayout;
  /** While true the dialog cannot be closed (a request that must finish is running). */
  busy?: boolean;
  /** A click on the backdrop closes it (not where a slip would lose much typing). */
  closeOnInteractOutside?: boolean;
  footer: ReactNode;
  children: ReactNode;
}

export function DialogFrame({ open, onClose, title, testId, layout = 'form', busy = false, closeOnInteractOutside = true, footer, children }: DialogFrameProps) {
  const content = useRef<HTMLDivElement>(null);
  const { size, content: contentLayout } = layouts[layout];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: isOpen }) => !isOpen && !busy && onClose()}
      placement="center"
      size={size}
      scrollBehavior="inside"
      closeOnInteractOutside={closeOnInteractOutside && !busy}
      initialFocusEl={() => content.current?.querySelector<HTMLElement>(FIRST_FIELD) ?? null}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={content} data-testid={testId} {...contentLayout}>
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer py="3" borderTopWidth="1px">
              {footer}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface FormDialogProps extends Omit<DialogFrameProps, 'footer' | 'busy'> {
  /** From `useFormDialog`: what Save runs and whether it is running. */
  form: Pick<FormSubmit, 'save' | 'saving'>;
  /** Look, do not touch: Close alone, and Enter saves nothing. */
  readOnly?: boolean;
  /** The record is still loading: a spinner instead of the fields, and no Save yet. */
  loading?: boolean;
  /** The gap between the fields. */
  gap?: string;
}

export function FormDialog({ form, readOnly = false, loading = false, gap = '4', children, ...frame }: FormDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const footer = (
    <>
      <Button size="sm" variant="outline" onClick={frame.onClose}>
        {readOnly ? t('common.close') : t('common.cancel')}
      </Button>
      {!readOnly && (
        <Button size="sm" colorPalette="brand" type="submit" form={id} loading={form.saving} disabled={loading}>
          {t('common.save')}
        </Button>
      )}
    </>
  );
  return (
    <DialogFrame {...frame} footer={footer}>
      {loading ? (
        <HStack justify="center" py="16">
          <Spinner colorPalette="brand" />
        </HStack>
      ) : (
        <form
          id={id}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) void form.save();
          }}
        >
          <Stack gap={gap}>{children}</Stack>
        </form>
      )}
    </DialogFrame>
  );
}
