/**
 * The stage message (docs/product.md, "The stage console"): a title card on the display and the
 * phones between questions — a preset (休息 10 分鐘) or the operator's own title and line — put up
 * and taken off from here. The form keeps to the contract's limits (title 1–80, line up to 200) and
 * refuses control characters with a message before anything is sent; the server checks again. What
 * is up now is the game chart's (`selectStageMessage`), as the server last said.
 */
import { Badge, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessageSquareOff, LuMessageSquareText } from 'react-icons/lu';
import { selectCanSetStageMessage, selectIsStageMessageBusy, selectStageMessage } from '@machines/game/selectors';
import { hasControlCharacters } from '@/domain/account-rules';
import { useGame, useGameRef } from '../lib/game-context';

export const TITLE_MAX = 80;
export const TEXT_MAX = 200;

/** The form's problem with a field, or null (the i18n key of the live namespace). */
function problemOf(value: string, max: number, required: boolean): 'message.required' | 'message.tooLong' | 'message.control' | null {
  if (hasControlCharacters(value)) return 'message.control';
  if (required && value.trim() === '') return 'message.required';
  if ([...value].length > max) return 'message.tooLong';
  return null;
}

export function StageMessageCard() {
  const { t } = useTranslation('live');
  const gameRef = useGameRef();
  const current = useGame(selectStageMessage);
  const canSet = useGame(selectCanSetStageMessage);
  const busy = useGame(selectIsStageMessageBusy);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const titleProblem = problemOf(title, TITLE_MAX, true);
  const textProblem = problemOf(text, TEXT_MAX, false);
  // Control characters are said at once; a missing title once the operator tried to put it up.
  const titleShown = titleProblem === 'message.required' && !tried ? null : titleProblem;

  const putUp = (message: { title: string; text: string }) => gameRef.send({ type: 'host.setStageMessage', message });
  const submit = () => {
    setTried(true);
    if (titleProblem || textProblem) return;
    putUp({ title: title.trim(), text: text.trim() });
  };

  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="stage-message">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2">
          <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {t('message.title')}
          </Text>
          {current ? (
            <Badge size="sm" colorPalette="green" variant="solid">
              {t('message.up')}
            </Badge>
          ) : (
            <Badge size="sm" variant="subtle">
              {t('message.none')}
            </Badge>
          )}
        </HStack>
        {current && (
          <Stack gap="0.5" bg="bg.subtle" rounded="md" p="2" data-testid="stage-message-current">
            <Text fontWeight="semibold" wordBreak="break-word">
              {current.title}
            </Text>
            {current.text && (
              <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
                {current.text}
              </Text>
            )}
          </Stack>
        )}
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" disabled={!canSet || busy} onClick={() => putUp({ title: t('message.presetBreak'), text: '' })} data-testid="stage-message-preset" focusRing="outside">
            {t('message.presetBreak')}
          </Button>
          {current && (
            <Button size="xs" variant="outline" colorPalette="red" disabled={!canSet} loading={busy} onClick={() => gameRef.send({ type: 'host.setStageMessage', message: null })} data-testid="stage-message-off" focusRing="outside">
              <LuMessageSquareOff />
              {t('message.takeOff')}
            </Button>
          )}
        </HStack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="2">
            <Field.Root invalid={titleShown !== null} disabled={!canSet}>
              <Field.Label textStyle="xs">{t('message.titleLabel')}</Field.Label>
              <Input size="sm" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={TITLE_MAX} data-testid="stage-message-title" />
              {titleShown && <Field.ErrorText>{t(titleShown, { max: TITLE_MAX })}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={textProblem !== null} disabled={!canSet}>
              <Field.Label textStyle="xs">{t('message.textLabel')}</Field.Label>
              <Input size="sm" value={text} onChange={(e) => setText(e.target.value)} maxLength={TEXT_MAX} data-testid="stage-message-text" />
              {textProblem && <Field.ErrorText>{t(textProblem, { max: TEXT_MAX })}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" size="sm" colorPalette="brand" variant="subtle" alignSelf="flex-start" disabled={!canSet} loading={busy} data-testid="stage-message-put" focusRing="outside">
              <LuMessageSquareText />
              {t('message.putUp')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
