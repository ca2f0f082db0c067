/**
 * The rehearsal with simulated players (docs/venue.md, "Rehearse with simulated players"): a switch
 * with how many bots the server runs (50 at first, at most 2,000), offered before the first question
 * while nobody has joined; while it runs, a banner across the screen says so, with the bots joined
 * and the switch to end it (their players and answers are then deleted). Driven by the game
 * machine's `rehearsal` region; the server decides and says why not.
 */
import { Alert, Badge, Card, HStack, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBot } from 'react-icons/lu';
import { selectCanControl, selectCanStartRehearsal, selectCanStopRehearsal, selectIsRehearsalBusy, selectIsRehearsing, selectRehearsal } from '@machines/game/selectors';
import { NumberField } from '@/app/components/number-field';
import { DEFAULT_REHEARSAL_PLAYERS, MAX_REHEARSAL_PLAYERS } from '../api/rehearsal-api';
import { useGame, useGameRef } from '../lib/game-context';
import { HeadingBlock } from '@/app/components/heading-block';

/** The banner while simulated players are in the game, with the switch that ends the rehearsal. */
export function RehearsalBanner() {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const rehearsing = useGame(selectIsRehearsing);
  const rehearsal = useGame(selectRehearsal);
  const busy = useGame(selectIsRehearsalBusy);
  const canStop = useGame(selectCanStopRehearsal);
  if (!rehearsing) return null;
  return (
    <Alert.Root status="warning" variant="solid" size="lg" data-testid="rehearsal-banner" role="status">
      <Alert.Indicator>
        <LuBot />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title textStyle="md" fontWeight="bold">
          {t('rehearsal.banner')}
        </Alert.Title>
        <Alert.Description data-testid="rehearsal-joined">{t('rehearsal.joined', { joined: rehearsal.joined, players: rehearsal.players })}</Alert.Description>
      </Alert.Content>
      <Switch.Root
        size="md"
        checked={!busy}
        disabled={!canStop}
        onCheckedChange={({ checked }) => {
          if (!checked) gameRef.send({ type: 'host.stopRehearsal' });
        }}
        data-testid="rehearsal-stop"
        flexShrink={0}
      >
        <Switch.HiddenInput aria-label={t('rehearsal.stop')} />
        <Switch.Control />
        <Switch.Label textStyle="sm" fontWeight="medium">
          {busy ? <Spinner size="xs" /> : t('rehearsal.switch')}
        </Switch.Label>
      </Switch.Root>
    </Alert.Root>
  );
}

/** Before the first question: the switch and how many simulated players. */
export function RehearsalPanel() {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const canStart = useGame(selectCanStartRehearsal);
  const rehearsing = useGame(selectIsRehearsing);
  const starting = useGame((s) => s.matches({ rehearsal: 'starting' }));
  const canControl = useGame(selectCanControl);
  const [players, setPlayers] = useState(DEFAULT_REHEARSAL_PLAYERS);
  if (rehearsing || (!canStart && !starting)) return null;
  const valid = Number.isInteger(players) && players >= 1 && players <= MAX_REHEARSAL_PLAYERS;
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="rehearsal-panel">
      <Card.Body gap="3">
        <HeadingBlock
          as="h2"
          size="sm"
          title={t('rehearsal.title')}
          lead={t('rehearsal.lead')}
          gap="3"
          aside={
            <Badge variant="subtle" colorPalette="gray">
              {t('rehearsal.nothingKept')}
            </Badge>
          }
        />
        <HStack wrap="wrap" gap="4" align="flex-end">
          <Stack gap="1" maxW="40">
            <Text textStyle="xs" color="fg.muted">
              {t('rehearsal.players')}
            </Text>
            <NumberField value={players} onChange={setPlayers} label={t('rehearsal.players')} min={1} max={MAX_REHEARSAL_PLAYERS} />
          </Stack>
          <Switch.Root
            size="md"
            colorPalette="orange"
            checked={starting}
            disabled={!canControl || !valid || starting}
            onCheckedChange={({ checked }) => {
              if (checked) gameRef.send({ type: 'host.startRehearsal', players });
            }}
            data-testid="rehearsal-start"
          >
            <Switch.HiddenInput aria-label={t('rehearsal.start')} />
            <Switch.Control />
            <Switch.Label textStyle="sm" fontWeight="medium">
              {starting ? <Spinner size="xs" /> : t('rehearsal.switch')}
            </Switch.Label>
          </Switch.Root>
        </HStack>
        {!valid && (
          <Text textStyle="xs" color="fg.error">
            {t('rehearsal.range', { max: MAX_REHEARSAL_PLAYERS })}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
