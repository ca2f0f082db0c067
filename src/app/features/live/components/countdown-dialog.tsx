/**
 * The countdown dialog: open while a question is on screen (the question chart's `live`
 * tag). It shows the seconds left, ticking every second from the server's remaining time (the chart's
 * `tick` delay); at zero the chart publishes the answer by itself and the dialog closes with the state.
 * 立即公佈答案 asks 是否公佈答案 first (`shown.publishNow.confirmingPublish`); if the countdown ends while
 * that box is open, the answer is published all the same and the box closes. A publish that failed
 * after time ran out offers a retry. Players and answers in come with it, so the operator sees them
 * without leaving the dialog, and so does who holds control (the dialog covers the page: a watcher
 * asks for control here, and the holder answers a request here).
 * A content slide has no countdown and no answers: the dialog says it is on screen and offers the
 * next question (shown over it, the server closes the slide) or closing it. Under the answers, for the
 * operator: the question's correct answer and speaker notes (the presenter view's, which the dialog covers).
 */
import { Alert, Button, Dialog, HStack, Portal, ProgressCircle, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone, LuPlay, LuRotateCw, LuSquareX } from 'react-icons/lu';
import {
  selectCanControl,
  selectCounts,
  selectLiveQuestionId,
  selectNextQuestionId,
  selectPlayerCount,
  selectQuestionActor,
  selectQuestionRows,
  selectTakesNoAnswers,
} from '@machines/game/selectors';
import type { QuestionActorRef } from '@machines/question/question.machine';
import { selectAction, selectError, selectIsBusy, selectIsConfirmingPublish, selectRemainingSeconds, selectShowsCountdownDialog } from '@machines/question/selectors';
import { AnswerBars } from './answer-bars';
import { ConfirmDialog } from './confirm-dialog';
import { ControlStrip } from './control-bar';
import { PresenterDetails } from './presenter-view';
import { useGame, useGameRef } from '../lib/game-context';
import { HeadingBlock } from '@/app/components/heading-block';

export function CountdownDialog() {
  const liveId = useGame(selectLiveQuestionId);
  const actor = useGame((s) => (liveId === null ? undefined : selectQuestionActor(s, liveId)));
  if (!actor) return null;
  return <LiveQuestionDialog key={liveId} actor={actor} />;
}

function LiveQuestionDialog({ actor }: { actor: QuestionActorRef }) {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const open = useSelector(actor, selectShowsCountdownDialog);
  const seconds = useSelector(actor, selectRemainingSeconds);
  const total = useSelector(actor, (s) => s.context.answeringSeconds);
  const action = useSelector(actor, selectAction);
  const busy = useSelector(actor, selectIsBusy);
  const confirming = useSelector(actor, selectIsConfirmingPublish);
  const error = useSelector(actor, selectError);
  const questionId = useSelector(actor, (s) => s.context.questionId);
  const question = useGame((s) => selectQuestionRows(s).find((q) => q.id === questionId));
  const counts = useGame((s) => {
    const c = selectCounts(s);
    return c?.questionId === questionId ? c : null;
  });
  const players = useGame(selectPlayerCount);
  const canControl = useGame(selectCanControl);
  const slide = useGame((s) => selectTakesNoAnswers(s, questionId));
  const nextId = useGame(selectNextQuestionId);
  const untimed = seconds === null;
  const urgent = seconds !== null && seconds <= 5;

  return (
    <>
      <Dialog.Root open={open} placement="center" size={{ base: 'full', sm: 'md' }} scrollBehavior="inside" closeOnInteractOutside={false} closeOnEscape={false} role="dialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="countdown-dialog" data-stage-dialog="" minH={{ base: '100dvh', sm: 'auto' }}>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Text textStyle="xs" color="fg.muted" fontWeight="medium">
                  {slide ? t('countdown.slideTitle') : t('countdown.title')}
                </Text>
                <Dialog.Title textStyle="lg">{question?.title}</Dialog.Title>
                {question?.question_text && (
                  <Text textStyle="sm" color="fg.muted" lineClamp={3}>
                    {question.question_text}
                  </Text>
                )}
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5" align="center">
                  <ControlStrip />
                  {slide ? (
                    <Text textStyle="sm" color="fg.muted" textAlign="center" py="4" data-testid="slide-hint">
                      {t('countdown.slideHint')}
                    </Text>
                  ) : untimed ? (
                    <HeadingBlock
                      title={t('countdown.untimed')}
                      lead={t('countdown.untimedHint')}
                      align="center"
                      gap="1"
                      py="4"
                      titleProps={{ textStyle: undefined, fontSize: '3xl', fontWeight: 'bold' }}
                      leadProps={{ textAlign: 'center' }}
                    />
                  ) : (
                    <Stack align="center" gap="2">
                      <ProgressCircle.Root value={Math.max(0, Math.min(100, (seconds / Math.max(1, total)) * 100))} size="xl" colorPalette={urgent ? 'red' : 'brand'}>
                        <ProgressCircle.Circle css={{ '--size': '148px', '--thickness': '10px' }}>
                          <ProgressCircle.Track />
                          <ProgressCircle.Range strokeLinecap="round" />
                        </ProgressCircle.Circle>
                        <ProgressCircle.Label position="absolute" inset="0" display="flex" flexDirection="column" alignItems="center" justifyContent="center">
                          <Text
                            as="span"
                            fontSize="5xl"
                            fontWeight="bold"
                            lineHeight="1"
                            fontVariantNumeric="tabular-nums"
                            color={urgent ? 'red.600' : 'fg'}
                            aria-live="polite"
                            data-testid="countdown-seconds"
                          >
                            {seconds}
                          </Text>
                          <Text as="span" textStyle="xs" color="fg.muted" mt="1">
                            {t('countdown.secondsLeft')}
                          </Text>
                        </ProgressCircle.Label>
                      </ProgressCircle.Root>
                      <Text textStyle="xs" color="fg.muted">
                        {t('countdown.autoPublish')}
                      </Text>
                    </Stack>
                  )}
                  {question && !slide && (
                    <Stack w="full" gap="2" borderTopWidth="1px" pt="4">
                      <Text textStyle="sm" fontWeight="medium" data-testid="countdown-answered">
                        {t('live.answered', { total: counts?.total ?? 0, players })}
                      </Text>
                      <AnswerBars question={question} counts={counts?.counts ?? {}} revealed={false} />
                    </Stack>
                  )}
                  {question && (
                    <Stack w="full" gap="2" borderTopWidth="1px" pt="4" data-testid="countdown-presenter">
                      <PresenterDetails question={question} />
                    </Stack>
                  )}
                  {error && action === 'retryPublish' && (
                    <Alert.Root status="error" size="sm">
                      <Alert.Indicator />
                      <Alert.Title>{t('countdown.publishFailed', { message: error })}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack w="full" justify="flex-end">
                  {slide ? (
                    <>
                      <Button
                        variant="outline"
                        loading={busy}
                        loadingText={t('countdown.closing')}
                        disabled={action !== 'publishAnswer' || !canControl}
                        onClick={() => {
                          gameRef.send({ type: 'host.publishNow', questionId });
                          gameRef.send({ type: 'host.confirmPublish', questionId });
                        }}
                        data-testid="close-slide"
                      >
                        <LuSquareX />
                        {t('countdown.closeSlide')}
                      </Button>
                      {nextId !== null && (
                        <Button colorPalette="brand" disabled={busy || !canControl} onClick={() => gameRef.send({ type: 'host.showQuestion', questionId: nextId })} data-testid="show-next">
                          <LuPlay />
                          {t('countdown.showNext')}
                        </Button>
                      )}
                    </>
                  ) : action === 'retryPublish' ? (
                    <Button colorPalette="red" disabled={!canControl} onClick={() => gameRef.send({ type: 'host.retryPublish', questionId })} data-testid="retry-publish">
                      <LuRotateCw />
                      {t('countdown.retry')}
                    </Button>
                  ) : (
                    <Button
                      colorPalette="brand"
                      loading={busy}
                      loadingText={t('countdown.publishing')}
                      disabled={action !== 'publishAnswer' || confirming || !canControl}
                      onClick={() => gameRef.send({ type: 'host.publishNow', questionId })}
                      data-testid="publish-now"
                    >
                      <LuMegaphone />
                      {t('countdown.publishNow')}
                    </Button>
                  )}
                </HStack>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={open && confirming && !slide}
        message={t('confirm.publishAnswer')}
        onConfirm={() => gameRef.send({ type: 'host.confirmPublish', questionId })}
        onCancel={() => gameRef.send({ type: 'host.cancelPublish', questionId })}
        testId="confirm-publish"
      />
    </>
  );
}
