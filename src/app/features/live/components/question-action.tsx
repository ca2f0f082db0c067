/**
 * A question's status cell and action button (by status): 0 未出題 → 出題, 1 已出題 → 公佈答案,
 * 2 or 3 已出題 → 公佈排名 (again after a ranking). Both are read from the question's own actor; the
 * button is whatever the chart accepts now (`selectAction`), so a second click while a call is in
 * flight finds no button to press and sends nothing. A content slide has no answer and no ranking:
 * its button closes it (step 3, without the 是否公佈答案 question), and none follows.
 */
import { Badge, Button, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LuEllipsis, LuMegaphone, LuPlay, LuRotateCw, LuSquareX, LuTrophy } from 'react-icons/lu';
import { selectCanControl, selectCanShowQuestion, selectIsOpen, selectTakesNoAnswers } from '@machines/game/selectors';
import { useGame, useGameRef } from '../lib/game-context';
import type { QuestionActorRef, QuestionSnapshot } from '@machines/question/question.machine';
import { selectAction, selectIsBusy, selectStatus } from '@machines/question/selectors';

const selectPhase = (snapshot: QuestionSnapshot): 'notSent' | 'answering' | 'answerPublished' | 'rankingPublished' => {
  const status = selectStatus(snapshot);
  return status === 0 ? 'notSent' : status === 1 ? 'answering' : status === 2 ? 'answerPublished' : 'rankingPublished';
};

export function QuestionStatusCell({ actor }: { actor: QuestionActorRef }) {
  const { t } = useTranslation('live');
  const phase = useSelector(actor, selectPhase);
  const questionId = useSelector(actor, (s) => s.context.questionId);
  const slide = useGame((s) => selectTakesNoAnswers(s, questionId));
  if (phase === 'notSent') {
    return (
      <Badge size="sm" variant="subtle" colorPalette="gray" data-testid="question-status">
        {t('status.notSent')}
      </Badge>
    );
  }
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge size="sm" variant="subtle" colorPalette={phase === 'answering' ? 'orange' : 'green'} data-testid="question-status">
        {t('status.sent')}
      </Badge>
      <Text textStyle="2xs" color="fg.muted" whiteSpace="nowrap">
        {slide ? t(phase === 'answering' ? 'status.slideShown' : 'status.slideClosed') : t(`status.${phase}`)}
      </Text>
    </Stack>
  );
}

const LABELS = {
  showQuestion: { key: 'action.showQuestion', icon: LuPlay, palette: 'brand', event: 'host.showQuestion' },
  publishAnswer: { key: 'action.publishAnswer', icon: LuMegaphone, palette: 'orange', event: 'host.publishNow' },
  retryPublish: { key: 'action.retryPublish', icon: LuRotateCw, palette: 'red', event: 'host.retryPublish' },
  publishRanking: { key: 'action.publishRanking', icon: LuTrophy, palette: 'green', event: 'host.publishRanking' },
  closeSlide: { key: 'action.closeSlide', icon: LuSquareX, palette: 'gray', event: 'host.publishNow' },
} as const;

/** The label of a call in flight: the step it is making. */
const busyLabel = (snapshot: QuestionSnapshot): keyof typeof LABELS | null => {
  if (snapshot.matches('showing')) return 'showQuestion';
  if (snapshot.matches('publishingAnswer')) return 'publishAnswer';
  if (snapshot.matches('publishingRanking')) return 'publishRanking';
  return null;
};

export function QuestionActionButton({ actor, title }: { actor: QuestionActorRef; title: string }) {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const action = useSelector(actor, selectAction);
  const busy = useSelector(actor, selectIsBusy);
  const inFlight = useSelector(actor, busyLabel);
  const questionId = useSelector(actor, (s) => s.context.questionId);
  const phase = useSelector(actor, selectPhase);
  const allowed = useGame(selectCanControl);
  const gameOpen = useGame(selectIsOpen);
  const canShow = useGame((s) => selectCanShowQuestion(s, questionId));
  const slide = useGame((s) => selectTakesNoAnswers(s, questionId));
  const current = action ?? inFlight;
  // A slide: closing instead of publishing an answer, and no ranking after it.
  const shown = slide && current === 'publishAnswer' ? 'closeSlide' : slide && current === 'publishRanking' ? null : current;
  if (!shown) return null;
  const label = LABELS[shown];
  const Icon = label.icon;
  const blockedByLive = action === 'showQuestion' && !canShow && gameOpen;
  const disabled = busy || !allowed || !gameOpen || (action === 'showQuestion' && !canShow);

  // A step already done (the ranking published before) is never a button: it waits in the row's menu.
  if (shown === 'publishRanking' && action === 'publishRanking' && phase === 'rankingPublished') {
    return (
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={() => gameRef.send({ type: 'host.publishRanking', questionId })}>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" disabled={disabled} aria-label={`${t('action.more')} ${title}`} title={t('action.more')} data-testid="question-menu">
            <LuEllipsis />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="44">
              <Menu.Item value="publishRankingAgain" textStyle="xs" data-testid="publish-ranking-again">
                <LuTrophy />
                {t('action.publishRankingAgain')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    );
  }

  const press = () => {
    if (!action) return;
    gameRef.send({ type: LABELS[action].event, questionId });
    // Nothing to confirm: a slide's close publishes no answer.
    if (shown === 'closeSlide') gameRef.send({ type: 'host.confirmPublish', questionId });
  };

  return (
    <Button
      size="xs"
      variant={shown === 'showQuestion' ? 'outline' : 'subtle'}
      colorPalette={label.palette}
      loading={busy}
      loadingText={t(label.key)}
      disabled={disabled}
      title={blockedByLive ? t('action.anotherLive') : undefined}
      aria-label={`${t(label.key)} ${title}`}
      onClick={press}
      data-testid="question-action"
    >
      <Icon />
      {t(label.key)}
    </Button>
  );
}
