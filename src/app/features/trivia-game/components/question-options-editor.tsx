/**
 * The question dialog's options A–D of a choice kind: the correct answers (ticks; a poll has none),
 * each option's text and image, adding and removing as the rules allow.
 */
import { Badge, Box, Button, Checkbox, Grid, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { FormField } from '@/app/components/form-field';
import { addOption, canAddOption, canRemoveOption, type QuestionDraft, removeOption, toggleAnswer } from '@/domain/question-rules';
import { ImageField } from './image-field';
import { HeadingBlock } from '@/app/components/heading-block';

/** The suggested size of an option's image (width*height, px). */
export const OPTION_IMAGE_SIZE = '462*462';

interface OptionsEditorProps {
  draft: QuestionDraft;
  update: (change: (current: QuestionDraft) => QuestionDraft) => void;
  messagesOf: (field: string) => string[] | undefined;
  /** Whether options are ticked as correct (a poll's are not). */
  ticks?: boolean;
}

/**
 * The options' heading (its hint), the add button while the rules allow another option, and the
 * options' and answer's messages: the same over the choice kinds' options and an ordering's.
 */
export function OptionsHeader({ draft, lead, onAdd, messagesOf }: { draft: QuestionDraft; lead: string; onAdd: () => void; messagesOf: OptionsEditorProps['messagesOf'] }) {
  const { t } = useTranslation('trivia');
  const sectionMessages = [...(messagesOf('options') ?? []), ...(messagesOf('answer') ?? [])];
  return (
    <>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HeadingBlock title={t('question.options')} lead={lead} leadSize="xs" gap="0" />
        {canAddOption(draft) && (
          <Button size="xs" variant="outline" colorPalette="brand" onClick={onAdd}>
            <LuPlus />
            {t('question.addOption')}
          </Button>
        )}
      </HStack>
      {sectionMessages.length > 0 && (
        <Text textStyle="xs" color="fg.error" data-testid="options-error">
          {sectionMessages.join(' ')}
        </Text>
      )}
    </>
  );
}

/** The 2–4 options A–D: correct-answer checkbox, text and image each; add and delete as the rules allow. */
export function OptionsEditor({ draft, update, messagesOf, ticks = true }: OptionsEditorProps) {
  const { t } = useTranslation('trivia');
  return (
    <Stack gap="3" data-testid="options">
      <OptionsHeader draft={draft} lead={ticks ? t('question.optionsHint') : t('question.pollHint')} onAdd={() => update(addOption)} messagesOf={messagesOf} />
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        {draft.options.map((option, index) => {
          const correct = ticks && draft.answer.includes(option.title);
          const change = (fields: Partial<typeof option>) =>
            update((current) => ({ ...current, options: current.options.map((o, i) => (i === index ? { ...o, ...fields } : o)) }));
          return (
            <Box
              key={index}
              borderWidth="1px"
              borderColor={correct ? 'green.muted' : 'border'}
              bg={correct ? 'green.subtle/40' : 'bg'}
              rounded="lg"
              p="3"
              data-testid={`option-${index}`}
            >
              <HStack justify="space-between" mb="2">
                <HStack gap="2">
                  <Badge size="md" colorPalette={correct ? 'green' : 'gray'} variant="solid" rounded="full" minW="6" justifyContent="center" data-testid="option-title">
                    {option.title}
                  </Badge>
                  {ticks && (
                    <Checkbox.Root size="sm" colorPalette="green" checked={correct} onCheckedChange={() => update((current) => toggleAnswer(current, option.title))}>
                      <Checkbox.HiddenInput aria-label={`${t('question.option', { title: option.title })} ${t('question.correct')}`} />
                      <Checkbox.Control />
                      <Checkbox.Label textStyle="sm" fontWeight="normal">
                        {t('question.correct')}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  )}
                </HStack>
                {canRemoveOption(draft) && (
                  <IconButton
                    aria-label={t('question.removeOption', { title: option.title })}
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => update((current) => removeOption(current, index))}
                  >
                    <LuTrash2 />
                  </IconButton>
                )}
              </HStack>
              <Stack gap="2">
                <FormField messages={messagesOf(`options.${index}.text`)}>
                  <Input
                    size="sm"
                    aria-label={t('question.optionText', { title: option.title })}
                    placeholder={t('question.optionTextPlaceholder')}
                    value={option.text}
                    onChange={(e) => change({ text: e.target.value })}
                  />
                </FormField>
                <FormField messages={messagesOf(`options.${index}.img`)}>
                  <ImageField
                    value={option.img}
                    onChange={(path) => change({ img: path })}
                    label={t('question.optionImg', { title: option.title })}
                    suggestedSize={OPTION_IMAGE_SIZE}
                    box={{ w: '4.5rem', h: '4.5rem' }}
                    invalid={(messagesOf(`options.${index}.img`)?.length ?? 0) > 0}
                  />
                </FormField>
              </Stack>
            </Box>
          );
        })}
      </Grid>
    </Stack>
  );
}
