/**
 * An ordering question's options (kind 7), listed in their correct order: up and down buttons move
 * one (the domain's moveInOrder), each has its text and image, adding and removing as the rules
 * allow. The letters are not shown: the dialog shuffles them when it saves (lib/question-form.ts), so
 * the phones, which list the options by letter, never list them in the right order.
 */
import { Badge, Box, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuTrash2 } from 'react-icons/lu';
import { FormField } from '@/app/components/form-field';
import { canRemoveOption, moveInOrder, type QuestionDraft } from '@/domain/question-rules';
import { addToOrder, orderOf, removeFromOrder } from '../lib/question-form';
import { ImageField } from './image-field';
import { OPTION_IMAGE_SIZE, OptionsHeader } from './question-options-editor';

interface OrderEditorProps {
  draft: QuestionDraft;
  update: (change: (current: QuestionDraft) => QuestionDraft) => void;
  messagesOf: (field: string) => string[] | undefined;
}

export function OrderEditor({ draft, update, messagesOf }: OrderEditorProps) {
  const { t } = useTranslation('trivia');
  const order = orderOf(draft);
  const move = (title: (typeof order)[number], by: -1 | 1) => update((current) => moveInOrder({ ...current, answer: orderOf(current) }, title, by));

  return (
    <Stack gap="3" data-testid="order-editor">
      <OptionsHeader draft={draft} lead={t('question.orderHint')} onAdd={() => update(addToOrder)} messagesOf={messagesOf} />
      <Stack gap="2" as="ol">
        {order.map((title, position) => {
          const index = draft.options.findIndex((option) => option.title === title);
          const option = draft.options[index]!;
          const n = position + 1;
          const change = (fields: Partial<typeof option>) =>
            update((current) => ({ ...current, options: current.options.map((o) => (o.title === title ? { ...o, ...fields } : o)) }));
          return (
            <Box as="li" key={title} listStyleType="none" borderWidth="1px" rounded="lg" p="3" data-testid={`order-${position}`}>
              <HStack gap="2" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
                <Badge size="md" colorPalette="brand" variant="solid" rounded="full" minW="8" justifyContent="center" mt="1" data-testid="order-position">
                  {t('question.orderPosition', { n })}
                </Badge>
                <Stack gap="2" flex="1" minW="12rem">
                  <FormField messages={messagesOf(`options.${index}.text`)}>
                    <Input
                      size="sm"
                      aria-label={t('question.orderOption', { n })}
                      placeholder={t('question.optionTextPlaceholder')}
                      value={option.text}
                      onChange={(e) => change({ text: e.target.value })}
                    />
                  </FormField>
                  <FormField messages={messagesOf(`options.${index}.img`)}>
                    <ImageField
                      value={option.img}
                      onChange={(path) => change({ img: path })}
                      label={t('question.optionImg', { title: n })}
                      suggestedSize={OPTION_IMAGE_SIZE}
                      box={{ w: '4.5rem', h: '4.5rem' }}
                      invalid={(messagesOf(`options.${index}.img`)?.length ?? 0) > 0}
                    />
                  </FormField>
                </Stack>
                <HStack gap="1">
                  <IconButton aria-label={t('question.moveUp', { n })} size="sm" variant="outline" disabled={position === 0} onClick={() => move(title, -1)}>
                    <LuArrowUp />
                  </IconButton>
                  <IconButton aria-label={t('question.moveDown', { n })} size="sm" variant="outline" disabled={position === order.length - 1} onClick={() => move(title, 1)}>
                    <LuArrowDown />
                  </IconButton>
                  {canRemoveOption(draft) && (
                    <IconButton
                      aria-label={t('question.removeOption', { title: n })}
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => update((current) => removeFromOrder(current, title))}
                    >
                      <LuTrash2 />
                    </IconButton>
                  )}
                </HStack>
              </HStack>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
