/**
 * The question dialog's settings: the kind (all eight), answering time (with its switch in level
 * games), score and bonus. A kind without answers (a content slide) has no answering time; a kind that
 * never scores (a poll, a content slide) has no score and no bonus.
 */
import { Grid, GridItem, HStack, RadioGroup, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/app/components/form-field';
import { NumberField } from '@/app/components/number-field';
import { changeQuestionType, MAX_ANSWERING_SECONDS, MIN_ANSWERING_SECONDS, MIN_SCORE, type QuestionDraft, type QuestionType } from '@/domain/question-rules';
import { kindOf, QUESTION_TYPES, questionTypeOf } from '@/domain/question-kinds';
import { isTimed } from '@/domain/timed';
import type { QuestionFieldsProps } from './use-question-form';

/**
 * The kind changed (the domain's changeQuestionType); a kind that never scores has no score or bonus
 * field, so neither may keep a value the rules refuse where nobody can see it.
 */
function changeKind(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  const changed = changeQuestionType(draft, type);
  return kindOf(type).scored ? changed : { ...changed, score: 0, is_bonus: 0 };
}

export function QuestionSettingsFields({ draft, gameType, set, touch, messagesOf, update }: QuestionFieldsProps & { update: (change: (current: QuestionDraft) => QuestionDraft) => void }) {
  const { t } = useTranslation('trivia');
  const kind = kindOf(draft.question_type);
  const timeLimited = kind.answerable && isTimed(gameType, draft.have_answering_time);
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="4" alignItems="start">
      <GridItem colSpan={{ base: 1, sm: 2, lg: 4 }}>
        <FormField label={t('question.questionType')} messages={messagesOf('question_type')} testId="field-kind">
          <RadioGroup.Root
            size="sm"
            colorPalette="brand"
            aria-label={t('question.questionType')}
            value={String(draft.question_type)}
            onValueChange={({ value }) => value && update((current) => changeKind(current, questionTypeOf(Number(value))))}
          >
            <HStack gap="4" rowGap="2" minH="8" wrap="wrap">
              {QUESTION_TYPES.map((type) => (
                <RadioGroup.Item key={type} value={String(type)}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText textStyle="sm" whiteSpace="nowrap">
                    {t(`question.${kindOf(type).label}`)}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </FormField>
      </GridItem>
      {gameType === 2 && kind.answerable && (
        <FormField label={t('question.haveAnsweringTime')} messages={messagesOf('have_answering_time')}>
          <Switch.Root
            size="sm"
            colorPalette="brand"
            checked={draft.have_answering_time === 1}
            onCheckedChange={({ checked }) => set('have_answering_time', checked ? 1 : 0)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label textStyle="sm" fontWeight="normal">
              {draft.have_answering_time === 1 ? t('common.yes') : t('common.no')}
            </Switch.Label>
          </Switch.Root>
        </FormField>
      )}
      {timeLimited && (
        <FormField label={t('question.answeringTime')} required messages={messagesOf('answering_time')} helper={t('question.secondsRange')}>
          <NumberField
            label={t('question.answeringTime')}
            min={MIN_ANSWERING_SECONDS}
            max={MAX_ANSWERING_SECONDS}
            value={draft.answering_time}
            onChange={(value) => set('answering_time', value)}
            onBlur={() => touch('answering_time')}
          />
        </FormField>
      )}
      {gameType === 2 && kind.scored && (
        <FormField label={t('question.score')} messages={messagesOf('score')}>
          <NumberField
            label={t('question.score')}
            min={MIN_SCORE}
            value={draft.score}
            onChange={(value) => set('score', value)}
            onBlur={() => touch('score')}
          />
        </FormField>
      )}
      {gameType === 1 && kind.scored && (
        <FormField label={t('question.isBonus')} messages={messagesOf('is_bonus')}>
          <Switch.Root size="sm" colorPalette="brand" checked={draft.is_bonus === 1} onCheckedChange={({ checked }) => set('is_bonus', checked ? 1 : 0)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label textStyle="sm" fontWeight="normal">
              {draft.is_bonus === 1 ? t('common.yes') : t('common.no')}
            </Switch.Label>
          </Switch.Root>
        </FormField>
      )}
    </Grid>
  );
}
