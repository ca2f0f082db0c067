/**
 * The question create and update dialog (80 % wide). Every rule it applies comes from
 * src/domain/question-rules.ts — defaults, single-choice ticking, clearing the answers when the type
 * changes, adding, removing and relettering options, and validation — and every message from
 * src/domain/messages.ts, so the dialog and the server never disagree. The title is checked when it
 * is left, everything when the user saves; the server's 422 messages appear under their fields too.
 *
 * This file is the dialog's frame; the form's state, validation wiring and saving are
 * ./use-question-form.ts, its sections ./question-content-fields.tsx (text, level, image, video),
 * ./question-settings-fields.tsx (time, score, type, bonus) and ./question-options-editor.tsx.
 */
import { Alert, Dialog, HStack, Portal, Separator, Spinner, Stack } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import type { components } from '@openapi/admin-api';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import type { GameType } from '@/domain/question-rules';
import { QuestionContentFields } from './question-content-fields';
import { OptionsEditor } from './question-options-editor';
import { QuestionSettingsFields } from './question-settings-fields';
import { useQuestionForm } from './use-question-form';

export { QUESTION_IMAGE_SIZE } from './question-content-fields';
export { OPTION_IMAGE_SIZE } from './question-options-editor';

type Level = components['schemas']['Level'];

interface QuestionDialogProps {
  open: boolean;
  gameId: number;
  gameType: GameType;
  levels: readonly Level[];
  /** The question to update; null = a new question. */
  questionId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

export function QuestionDialog(props: QuestionDialogProps) {
  const { open, levels, questionId, onClose } = props;
  const { t } = useTranslation('trivia');
  const { fields, update, otherMessages, loading, saving, save } = useQuestionForm(props);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: isOpen }) => !isOpen && onClose()}
      scrollBehavior="inside"
      placement="center"
      closeOnInteractOutside={false}
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: '95vw', md: '80vw' }} maxW={{ base: '95vw', md: '80vw' }} data-testid="question-dialog">
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{questionId === null ? t('question.createTitle') : t('question.editTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body pb="2">
              {loading ? (
                <HStack justify="center" py="16">
                  <Spinner colorPalette="brand" />
                </HStack>
              ) : (
                <form
                  id="question-form"
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void save();
                  }}
                >
                  <Stack gap="5">
                    {otherMessages.length > 0 && (
                      <Alert.Root status="error" size="sm">
                        <Alert.Indicator />
                        <Alert.Title>{otherMessages.join(' ')}</Alert.Title>
                      </Alert.Root>
                    )}
                    <QuestionContentFields {...fields} levels={levels} />

                    <Separator />

                    <QuestionSettingsFields {...fields} update={update} />

                    <Separator />

                    <OptionsEditor draft={fields.draft} update={update} messagesOf={fields.messagesOf} />
                  </Stack>
                </form>
              )}
            </Dialog.Body>
            <FormDialogFooter form="question-form" saving={saving} disabled={loading} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
