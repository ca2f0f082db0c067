/**
 * Answers per option of one question (the live panel, and the countdown dialog): a bar per option.
 * True/false's options are named 對 / 錯 (True / False); an ordering question's bars count the
 * option placed first, so none is marked correct.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import type { Question } from '../api/live-api';

interface AnswerBarsProps {
  question: Question;
  counts: Record<string, number>;
  /** Highlights the correct options (once the answer is published). */
  revealed: boolean;
}

export function AnswerBars({ question, counts, revealed }: AnswerBarsProps) {
  const { t } = useTranslation('live');
  const kind = kindLabelOf(question.question_type);
  const max = Math.max(1, ...question.options.map((o) => counts[o.title] ?? 0));
  const nameOf = (option: Question['options'][number]) =>
    kind.label === 'trueFalse' ? (option.title === 'A' ? t('live.trueOption') : t('live.falseOption')) : option.text || t('table.none');
  return (
    <Stack gap="2" data-testid="answer-bars">
      {question.options.map((option) => {
        const count = counts[option.title] ?? 0;
        const correct = revealed && kind.input !== 'order' && question.answer.includes(option.title);
        return (
          <HStack key={option.title} gap="2" data-testid="answer-bar" data-option={option.title}>
            <Badge size="sm" variant={correct ? 'solid' : 'subtle'} colorPalette={correct ? 'green' : 'gray'} minW="6" justifyContent="center">
              {option.title}
            </Badge>
            <Stack gap="0.5" flex="1" minW="0">
              <HStack justify="space-between" gap="2">
                <Text textStyle="xs" truncate color="fg.muted" title={nameOf(option)}>
                  {nameOf(option)}
                  {correct && <LuCheck aria-label={t('live.correct')} style={{ display: 'inline', marginInlineStart: 4, color: 'var(--chakra-colors-green-600)' }} />}
                </Text>
                <Text textStyle="xs" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="answer-count">
                  {t('live.optionCount', { count })}
                </Text>
              </HStack>
              <Box h="1.5" bg="bg.emphasized" rounded="full" overflow="hidden">
                <Box h="full" w={`${(count / max) * 100}%`} bg={correct ? 'green.500' : 'brand.solid'} rounded="full" transition="width 0.3s" />
              </Box>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}
