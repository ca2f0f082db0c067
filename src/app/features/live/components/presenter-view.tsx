/**
 * The presenter view beside the stage bar, for the operator only (docs/product.md, "The stage
 * console"): the question on screen — or, before it is shown, the one the next step names — with its
 * correct answer marked (per kind: the right options, the accepted answers, the slider's answer and
 * tolerance, the order; a poll and a slide have none), its explanation, its speaker notes (plain
 * text, line breaks kept), and a preview of the question after it. Read from the loaded question
 * rows; the explanation is shown as text (parsed, never put into innerHTML).
 */
import { Badge, Box, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import type { GameSnapshot } from '@machines/game/game.machine';
import { selectCurrentQuestionId, selectLiveQuestionId, selectNextStep, selectQuestionRows, selectQuestionStatuses } from '@machines/game/selectors';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import type { Question } from '../api/live-api';
import { useGame } from '../lib/game-context';

/** The question the presenter view is about: on screen, else the one the next step shows, else the last shown. */
const selectFocusId = (s: GameSnapshot): number | null => {
  const live = selectLiveQuestionId(s);
  if (live !== null) return live;
  const step = selectNextStep(s);
  if (step?.type === 2 && step.questionId !== null) return step.questionId;
  return step?.questionId ?? selectCurrentQuestionId(s);
};

/** The first question after `id` in the game's order not shown yet. */
const selectAfterId = (s: GameSnapshot, id: number | null): number | null => {
  const rows = selectQuestionRows(s);
  const statuses = selectQuestionStatuses(s);
  const from = id === null ? -1 : rows.findIndex((q) => q.id === id);
  return rows.slice(from + 1).find((q) => (statuses[q.id] ?? q.status) === 0)?.id ?? null;
};

export function PresenterView() {
  const { t } = useTranslation('live');
  const focusId = useGame(selectFocusId);
  const liveId = useGame(selectLiveQuestionId);
  const stepType = useGame((s) => selectNextStep(s)?.type ?? null);
  const rows = useGame(selectQuestionRows);
  const afterId = useGame((s) => selectAfterId(s, focusId));
  const index = rows.findIndex((q) => q.id === focusId);
  const question = rows[index];
  const after = rows.find((q) => q.id === afterId);

  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="presenter-view">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2">
          <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {t('presenter.title')}
          </Text>
          <Badge size="sm" variant="subtle" colorPalette="purple">
            {t('presenter.onlyYou')}
          </Badge>
        </HStack>
        {question ? (
          <Stack gap="3" data-testid="presenter-question" data-question-id={question.id}>
            <Stack gap="1">
              <Text textStyle="xs" color="fg.muted">
                {t(question.id === liveId ? 'presenter.onScreen' : stepType === 2 ? 'presenter.upNext' : 'presenter.current', { n: index + 1 })} ·{' '}
                {t(`kind.${kindLabelOf(question.question_type).label}`)}
              </Text>
              <Text fontWeight="semibold" textStyle="md">
                {question.title}
              </Text>
              {question.question_text && (
                <Text textStyle="sm" color="fg.muted" whiteSpace="pre-wrap" lineClamp={4}>
                  {question.question_text}
                </Text>
              )}
            </Stack>
            <PresenterDetails question={question} />
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {t('presenter.nothing')}
          </Text>
        )}
        <Box borderTopWidth="1px" pt="2" data-testid="presenter-after">
          <Text textStyle="xs" color="fg.muted">
            {t('presenter.after')}
          </Text>
          <Text textStyle="sm" truncate>
            {after ? `${rows.indexOf(after) + 1}. ${after.title}` : t('presenter.afterNone')}
          </Text>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** A question's correct answer, explanation and speaker notes (the presenter view, and the countdown dialog over it). */
export function PresenterDetails({ question }: { question: Question }) {
  const { t } = useTranslation('live');
  const explanation = explanationParagraphs(question.explanation);
  return (
    <>
      <CorrectAnswer question={question} t={t} />
      {explanation.length > 0 && (
        <Stack gap="1" data-testid="presenter-explanation">
          <Text textStyle="xs" fontWeight="semibold" color="fg.muted">
            {t('presenter.explanation')}
          </Text>
          {explanation.map((line, i) => (
            <Text key={i} textStyle="sm">
              {line}
            </Text>
          ))}
        </Stack>
      )}
      <Stack gap="1" data-testid="presenter-notes">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted">
          {t('presenter.notes')}
        </Text>
        <Box bg="bg.subtle" rounded="md" p="2" textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word" color={question.notes ? 'fg' : 'fg.muted'}>
          {question.notes || t('presenter.noNotes')}
        </Box>
      </Stack>
    </>
  );
}

/** The explanation's paragraphs as plain text (the server's sanitized rich text, parsed by the browser, which runs nothing). */
function explanationParagraphs(html: string | undefined): string[] {
  if (!html) return [];
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const blocks = body.querySelectorAll('p');
  const texts = blocks.length > 0 ? [...blocks].map((p) => p.textContent ?? '') : [body.textContent ?? ''];
  return texts.map((text) => text.trim()).filter(Boolean);
}

/** The right answer, by kind. */
function CorrectAnswer({ question, t }: { question: Question; t: TFunction<'live'> }) {
  const kind = kindLabelOf(question.question_type);
  const heading = (
    <Text textStyle="xs" fontWeight="semibold" color="fg.muted">
      {t('presenter.answer')}
    </Text>
  );
  const none = (text: string) => (
    <Stack gap="1" data-testid="presenter-answer">
      {heading}
      <Text textStyle="sm" color="fg.muted">
        {text}
      </Text>
    </Stack>
  );
  if (kind.label === 'slide') return none(t('presenter.noAnswerSlide'));
  if (kind.label === 'poll') return none(t('presenter.noAnswerPoll'));
  if (kind.input === 'text') {
    return (
      <Stack gap="1" data-testid="presenter-answer">
        {heading}
        <HStack gap="1.5" wrap="wrap">
          {question.accepted_answers.map((text) => (
            <Badge key={text} colorPalette="green" variant="solid" data-correct="true">
              {text}
            </Badge>
          ))}
        </HStack>
      </Stack>
    );
  }
  if (kind.input === 'value' && question.slider) {
    const { answer, tolerance, unit } = question.slider;
    return (
      <Stack gap="1" data-testid="presenter-answer">
        {heading}
        <Badge alignSelf="flex-start" size="lg" colorPalette="green" variant="solid" data-correct="true">
          {tolerance > 0 ? t('presenter.sliderTolerance', { answer, tolerance, unit }) : `${answer} ${unit}`.trim()}
        </Badge>
      </Stack>
    );
  }
  const nameOf = (title: string) => {
    if (kind.label === 'trueFalse') return title === 'A' ? t('live.trueOption') : t('live.falseOption');
    return question.options.find((o) => o.title === title)?.text || t('table.none');
  };
  if (kind.input === 'order') {
    return (
      <Stack gap="1" data-testid="presenter-answer">
        {heading}
        <List.Root as="ol" textStyle="sm" ps="5">
          {question.answer.map((title) => (
            <List.Item key={title} data-correct="true">
              {title}. {nameOf(title)}
            </List.Item>
          ))}
        </List.Root>
      </Stack>
    );
  }
  const titles = kind.label === 'trueFalse' ? ['A', 'B'] : question.options.map((o) => o.title);
  return (
    <Stack gap="1" data-testid="presenter-answer">
      {heading}
      {titles.map((title) => {
        const correct = (question.answer as string[]).includes(title);
        return (
          <HStack key={title} gap="2" textStyle="sm" data-correct={correct ? 'true' : undefined} fontWeight={correct ? 'semibold' : 'normal'} color={correct ? 'fg' : 'fg.muted'}>
            <Badge size="sm" minW="6" justifyContent="center" variant={correct ? 'solid' : 'outline'} colorPalette={correct ? 'green' : 'gray'}>
              {title}
            </Badge>
            <Text as="span">{nameOf(title)}</Text>
            {correct && <LuCheck aria-label={t('live.correct')} color="var(--chakra-colors-green-600)" />}
          </HStack>
        );
      })}
    </Stack>
  );
}
