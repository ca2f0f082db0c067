/**
 * The part of the question dialog that depends on the kind (src/domain/question-kinds): options with
 * ticks (single, multiple choice), without (poll), in their correct order (ordering); True or False
 * (true/false); the accepted answers (type answer); the slider's scale and answer (slider); nothing
 * but a note for a content slide. Every rule stays the domain's: this file only lays the fields out.
 */
import { Button, Grid, HStack, IconButton, Input, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { FormField } from '@/app/components/form-field';
import { HeadingBlock } from '@/app/components/heading-block';
import { NumberField } from '@/app/components/number-field';
import { kindOf } from '@/domain/question-kinds';
import { DEFAULT_SLIDER, type QuestionDraft, type SliderSettings } from '@/domain/question-rules';
import { addAcceptedAnswer, canAddAcceptedAnswer, canRemoveAcceptedAnswer, removeAcceptedAnswer } from '../lib/question-form';
import { OptionsEditor } from './question-options-editor';
import { OrderEditor } from './question-order-editor';
import type { QuestionFieldsProps } from './use-question-form';

type KindFieldsProps = QuestionFieldsProps & { update: (change: (current: QuestionDraft) => QuestionDraft) => void };

export function QuestionKindFields(props: KindFieldsProps) {
  const { draft, update, messagesOf } = props;
  switch (kindOf(draft.question_type).label) {
    case 'single':
    case 'multiple':
      return <OptionsEditor draft={draft} update={update} messagesOf={messagesOf} />;
    case 'poll':
      return <OptionsEditor draft={draft} update={update} messagesOf={messagesOf} ticks={false} />;
    case 'ordering':
      return <OrderEditor draft={draft} update={update} messagesOf={messagesOf} />;
    case 'trueFalse':
      return <TrueFalseField {...props} />;
    case 'typeAnswer':
      return <AcceptedAnswersField {...props} />;
    case 'slider':
      return <SliderFields {...props} />;
    case 'slide':
      return <SlideNote />;
  }
}

function TrueFalseField({ draft, update, messagesOf }: KindFieldsProps) {
  const { t } = useTranslation('trivia');
  return (
    <FormField label={t('question.trueFalseAnswer')} required messages={messagesOf('answer')} testId="field-true-false">
      <RadioGroup.Root
        colorPalette="green"
        aria-label={t('question.trueFalseAnswer')}
        value={draft.answer[0] ?? null}
        onValueChange={({ value }) => (value === 'A' || value === 'B') && update((current) => ({ ...current, answer: [value] }))}
      >
        <HStack gap="3">
          {(['A', 'B'] as const).map((title) => (
            <RadioGroup.Item key={title} value={title} borderWidth="1px" rounded="lg" px="4" py="2" minW="24" _checked={{ borderColor: 'green.solid', bg: 'green.subtle/40' }}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText textStyle="md" fontWeight="semibold">
                {title === 'A' ? t('question.true') : t('question.false')}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </FormField>
  );
}

function AcceptedAnswersField({ draft, update, set, touch, messagesOf }: KindFieldsProps) {
  const { t } = useTranslation('trivia');
  const answers = draft.accepted_answers.length > 0 ? draft.accepted_answers : [''];
  const touchAll = () => {
    touch('accepted_answers');
    answers.forEach((_, i) => touch(`accepted_answers.${i}`));
  };
  return (
    <Stack gap="3" data-testid="accepted-answers">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HeadingBlock title={t('question.acceptedAnswers')} lead={t('question.acceptedAnswersHint')} leadSize="xs" gap="0" />
        {canAddAcceptedAnswer(draft) && (
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => update(addAcceptedAnswer)}>
            <LuPlus />
            {t('question.addAcceptedAnswer')}
          </Button>
        )}
      </HStack>
      {(messagesOf('accepted_answers')?.length ?? 0) > 0 && (
        <Text textStyle="xs" color="fg.error" data-testid="accepted-answers-error">
          {messagesOf('accepted_answers')!.join(' ')}
        </Text>
      )}
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="2">
        {answers.map((answer, index) => (
          <FormField key={index} messages={messagesOf(`accepted_answers.${index}`)}>
            <HStack gap="1" w="full">
              <Input
                size="sm"
                aria-label={t('question.acceptedAnswer', { n: index + 1 })}
                placeholder={t('question.acceptedAnswerPlaceholder')}
                value={answer}
                onChange={(e) => set('accepted_answers', answers.map((a, i) => (i === index ? e.target.value : a)))}
                onBlur={touchAll}
              />
              {canRemoveAcceptedAnswer(draft) && (
                <IconButton
                  aria-label={t('question.removeAcceptedAnswer', { n: index + 1 })}
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => update((current) => removeAcceptedAnswer(current, index))}
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </HStack>
          </FormField>
        ))}
      </Grid>
      <Switch.Root
        size="sm"
        colorPalette="brand"
        checked={draft.ignore_punctuation === 1}
        onCheckedChange={({ checked }) => set('ignore_punctuation', checked ? 1 : 0)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label textStyle="sm" fontWeight="normal">
          {t('question.ignorePunctuation')}
        </Switch.Label>
      </Switch.Root>
    </Stack>
  );
}

const SLIDER_NUMBERS = ['min', 'max', 'step', 'answer', 'tolerance'] as const;
const SLIDER_LABELS = { min: 'sliderMin', max: 'sliderMax', step: 'sliderStep', answer: 'sliderAnswer', tolerance: 'sliderTolerance' } as const;

function SliderFields({ draft, update, touch, messagesOf }: KindFieldsProps) {
  const { t } = useTranslation('trivia');
  const slider = draft.slider ?? DEFAULT_SLIDER;
  const change = (fields: Partial<SliderSettings>) => update((current) => ({ ...current, slider: { ...(current.slider ?? DEFAULT_SLIDER), ...fields } }));
  // One rule reads several numbers (the step divides the range ...): leaving any of them shows them all.
  const touchAll = () => ['slider', ...[...SLIDER_NUMBERS, 'unit'].map((key) => `slider.${key}`)].forEach(touch);
  return (
    <Stack gap="3" data-testid="slider-fields">
      <HeadingBlock title={t('question.sliderSettings')} lead={t('question.sliderHint')} leadSize="xs" gap="0" />
      {(messagesOf('slider')?.length ?? 0) > 0 && (
        <Text textStyle="xs" color="fg.error">
          {messagesOf('slider')!.join(' ')}
        </Text>
      )}
      <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }} gap="3" alignItems="start">
        {SLIDER_NUMBERS.map((key) => (
          <FormField key={key} label={t(`question.${SLIDER_LABELS[key]}`)} required messages={messagesOf(`slider.${key}`)} testId={`field-slider-${key}`}>
            <NumberField
              label={t(`question.${SLIDER_LABELS[key]}`)}
              step={key === 'step' || key === 'tolerance' ? undefined : slider.step > 0 ? slider.step : 1}
              min={key === 'step' || key === 'tolerance' ? 0 : undefined}
              value={slider[key]}
              onChange={(value) => change({ [key]: value })}
              onBlur={touchAll}
            />
          </FormField>
        ))}
        <FormField label={t('question.sliderUnit')} messages={messagesOf('slider.unit')} testId="field-slider-unit">
          <Input size="sm" value={slider.unit} placeholder={t('question.sliderUnitPlaceholder')} onChange={(e) => change({ unit: e.target.value })} onBlur={touchAll} />
        </FormField>
      </Grid>
    </Stack>
  );
}

function SlideNote() {
  const { t } = useTranslation('trivia');
  return (
    <Text textStyle="sm" color="fg.muted" bg="bg.muted" rounded="md" px="3" py="2" data-testid="slide-note">
      {t('question.slideHint')}
    </Text>
  );
}
