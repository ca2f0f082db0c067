/**
 * Co-hosting on the control screen (docs/game-rules.md, "Co-hosting and handover"): who holds control
 * of the game, every control screen open on it (presence), and this screen's part — Request control
 * (Take control when nobody holds it), the wait for the holder's answer, Release control, and for the
 * holder the prompt when another screen asks (Hand over / Keep control). Everything is the game
 * machine's `rights` region and the server's `server.control`; nothing is decided here.
 */
import { Alert, Badge, Button, Card, HStack, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCrown, LuEye, LuMonitor, LuWifiOff } from 'react-icons/lu';
import type { GameSnapshot } from '@machines/game/game.machine';
import {
  selectCanControl,
  selectCanReleaseControl,
  selectCanRequestControl,
  selectControl,
  selectIsControlCallBusy,
  selectIsHandingOver,
  selectIsRequestingControl,
} from '@machines/game/selectors';
import { useGame, useGameRef } from '../lib/game-context';

const selectScreenId = (s: GameSnapshot) => s.context.screenId;
const selectReadOnly = (s: GameSnapshot) => s.matches({ rights: 'readOnly' });

/** The control lease as this screen sees it (null until the server said, or without a lease). */
function useControl() {
  const control = useGame(selectControl);
  const screenId = useGame(selectScreenId);
  return screenId === null || control === null ? null : { control, screenId };
}

/**
 * Who holds control, this screen's button (Request / Take / Release control, or the wait for an
 * answer) and, for the holder, the prompt when another screen asks. On the page and in the
 * countdown dialog (which covers the page while a question is on screen).
 */
export function ControlStrip() {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const lease = useControl();
  const controlling = useGame(selectCanControl);
  const handingOver = useGame(selectIsHandingOver);
  const requesting = useGame(selectIsRequestingControl);
  const busy = useGame(selectIsControlCallBusy);
  const canRequest = useGame(selectCanRequestControl);
  const canRelease = useGame(selectCanReleaseControl);
  const readOnly = useGame(selectReadOnly);
  if (!lease) return null;
  const { control, screenId } = lease;
  const holder = control.holder;
  const asking = control.request;
  const holderIsMe = holder?.screen_id === screenId;

  return (
    <Stack gap="2" w="full" data-testid="control-strip">
      {handingOver && asking && (
        <Alert.Root status="warning" size="sm" data-testid="handover-prompt">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('control.asks', { name: asking.admin_name })}</Alert.Title>
            <Alert.Description>{t('control.asksHelp')}</Alert.Description>
            <HStack gap="2" mt="2" wrap="wrap">
              <Button size="xs" colorPalette="orange" loading={busy} onClick={() => gameRef.send({ type: 'host.acceptControl' })} data-testid="handover-accept">
                {t('control.accept')}
              </Button>
              <Button size="xs" variant="outline" disabled={busy} onClick={() => gameRef.send({ type: 'host.declineControl' })} data-testid="handover-decline">
                {t('control.decline')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap" data-testid="control-holder">
          {holder ? <LuCrown aria-hidden /> : <LuEye aria-hidden />}
          <Text fontWeight="medium" textStyle="sm">
            {holder ? (holderIsMe ? t('control.heldHere') : t('control.heldBy', { name: holder.admin_name })) : t('control.nobody')}
          </Text>
          {holder && !holder.connected && (
            <Badge size="sm" colorPalette="red" variant="subtle">
              <LuWifiOff />
              {t('control.connectionLost')}
            </Badge>
          )}
          {!controlling && (
            <Text color="fg.muted" textStyle="xs">
              {readOnly ? t('control.readOnly') : t('control.watching')}
            </Text>
          )}
        </HStack>
        <HStack gap="2">
          {requesting && (
            <HStack gap="2" color="fg.muted" data-testid="control-waiting">
              <Spinner size="xs" />
              <Text textStyle="xs">{t('control.waiting', { name: holder?.admin_name ?? '' })}</Text>
            </HStack>
          )}
          {(canRequest || (busy && !controlling)) && (
            <Button size="xs" colorPalette="blue" loading={busy} onClick={() => gameRef.send({ type: 'host.requestControl' })} data-testid="control-request">
              {holder ? t('control.request') : t('control.take')}
            </Button>
          )}
          {canRelease && !handingOver && (
            <Button size="xs" variant="ghost" onClick={() => gameRef.send({ type: 'host.releaseControl' })} data-testid="control-release">
              {t('control.release')}
            </Button>
          )}
        </HStack>
      </HStack>
    </Stack>
  );
}

/** The control card of the page: the strip, and every control screen open on the game (presence). */
export function ControlBar() {
  const { t } = useTranslation('live');
  const lease = useControl();
  if (!lease) return null;
  const { control, screenId } = lease;
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="control-bar">
      <Card.Body gap="3">
        <ControlStrip />
        <Stack gap="1">
          <Text textStyle="xs" color="fg.muted">
            {t('control.screens', { count: control.screens.length })}
          </Text>
          <Wrap gap="1.5" data-testid="control-screens">
            {control.screens.map((screen) => (
              <Badge
                key={screen.screen_id}
                size="sm"
                variant={screen.screen_id === control.holder?.screen_id ? 'solid' : 'subtle'}
                colorPalette={screen.connected ? 'blue' : 'gray'}
                data-testid="control-screen"
              >
                {screen.connected ? <LuMonitor /> : <LuWifiOff />}
                {screen.screen_id === screenId ? t('control.thisScreen', { name: screen.admin_name }) : screen.admin_name}
                {control.request?.screen_id === screen.screen_id && ` · ${t('control.asking')}`}
              </Badge>
            ))}
          </Wrap>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
