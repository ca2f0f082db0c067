/**
 * The question create and update dialog (80 % wide). Every rule it applies comes from
 * src/domain/question-rules.ts — defaults, single-choice ticking, clearing the answers when the type
 * changes, adding, removing and relettering options, and validation — and every message from
 * src/domain/messages.ts, so the dialog and the server never disagree. The title is checked when it
 * is left, everything when the user saves; the server's 422 messages appear under their fields too.
 *
 * This file is the dialog's frame; the form's state, validation wiring and saving are
 * ./use-question-form.ts, its sections ./question-content-fields.tsx (text, level, image, video),
 * ./question-settings-fields.tsx (kind, time, score, bonus), ./question-kind-fields.tsx (what the kind
 * asks: options, True/False, accepted answers, the slider, the order) and the explanation (rich text
 * kept to bold, italic and links), then the speaker notes (plain text for the control screen's
 * presenter view alone).
 */
import { Alert, Box, Separator, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { RichText } from '@/app/components/rich-text/rich-text';
import { QuestionContentFields } from './question-content-fields';
import { QuestionKindFields } from './question-kind-fields';
import { QuestionSettingsFields } from './question-settings-fields';
import { type QuestionFormOptions, useQuestionForm } from './use-question-form';

/** The contract's longest speaker notes. */
const NOTES_MAX = 2000;

export { QUESTION_IMAGE_SIZE } from './question-content-fields';
export { OPTION_IMAGE_SIZE } from './question-options-editor';

export function QuestionDialog(props: QuestionFormOptions) {
  const { open, levels, questionId, onClose } = props;
  const { t } = useTranslation('trivia');
  const { fields, update, otherMessages, loading, form, notes } = useQuestionForm(props);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={questionId === null ? t('question.createTitle') : t('question.editTitle')}
      testId="question-dialog"
      layout="wide"
      closeOnInteractOutside={false}
      form={form}
      loading={loading}
      gap="5"
    >
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
      <QuestionKindFields {...fields} update={update} />
      <Separator />
      <FormField label={t('question.explanation')} helper={t('question.explanationHint')} messages={fields.messagesOf('explanation')} testId="field-explanation">
        <Box w="full">
          <RichText
            value={fields.draft.explanation}
            onChange={(html) => fields.set('explanation', html)}
            label={t('question.explanation')}
            placeholder={t('question.explanationPlaceholder')}
            tools="inline"
            minH="20"
            invalid={(fields.messagesOf('explanation')?.length ?? 0) > 0}
          />
        </Box>
      </FormField>
      <FormField label={t('question.notes')} helper={t('question.notesHint')} messages={fields.messagesOf('notes')} testId="field-notes">
        <Textarea size="sm" rows={3} autoresize maxLength={NOTES_MAX} value={notes.value} placeholder={t('question.notesPlaceholder')} onChange={(e) => notes.change(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}
