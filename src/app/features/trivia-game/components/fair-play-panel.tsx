/**
 * The flagged and disqualified players of a game (issue 21, docs/game-rules.md "Fair play"): each
 * flag in words, and for admins with `triviaGame.control` a Disqualify button (asks the reason) or a
 * Requalify button. Self-contained: it reads POST /triviaGame/fairPlay itself (`refreshKey` or its own
 * button reads again) and tells `onChanged` after a change, so the results dialog and the control
 * screen can both mount it. The server decides everything: permission, tenancy, the reason's rules,
 * and the ranking published again without the player.
 */
import { Badge, Box, Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw, LuUserCheck, LuUserX } from 'react-icons/lu';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';

type FairPlayPlayer = components['schemas']['FairPlayPlayer'];
type Flag = components['schemas']['FairPlayFlag'];

export function FlagBadges({ flags }: { flags: Flag[] }) {
  const { t } = useTranslation('trivia');
  return (
    <HStack gap="1" wrap="wrap">
      {flags.map((flag) => (
        <Badge key={flag.kind} size="sm" colorPalette={flag.kind === 'sharedAddress' ? 'gray' : 'orange'} variant="subtle" data-testid={`flag-${flag.kind}`}>
          {t(`fairPlay.flag.${flag.kind}`, { count: flag.count, ms: flag.fastest_ms ?? 0, others: flag.count - 1 })}
        </Badge>
      ))}
    </HStack>
  );
}

export interface FairPlayPanelProps {
  gameId: number;
  /** Changing it reads the flags again (e.g. after a question's answer was published). */
  refreshKey?: unknown;
  onChanged?: () => void;
}

/** A cell of the players' table: a table cell from md up, a block of the player's stacked entry on a phone. */
const STACKED_CELL = { display: { base: 'block', md: 'table-cell' }, borderBottomWidth: { base: '0', md: '1px' }, px: { base: '0', md: '2' }, py: { base: '1', md: '2' } } as const;

export function FairPlayPanel({ gameId, refreshKey, onChanged }: FairPlayPanelProps) {
  const { t } = useTranslation('trivia');
  const mayControl = usePermission('triviaGame.control');
  const [list, setList] = useState<FairPlayPlayer[] | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const [reads, setReads] = useState(0);
  const load = () => setReads((n) => n + 1);

  useEffect(() => {
    dataOf(client.POST('/triviaGame/fairPlay', { body: { trivia_game_id: gameId } }))
      .then((data) => setList(data.list))
      .catch(() => undefined); // shown by the API client
  }, [gameId, refreshKey, reads]);

  async function change(player: FairPlayPlayer, disqualify: boolean) {
    setBusy(true);
    try {
      if (disqualify) await dataOf(client.POST('/triviaGame/disqualify', { body: { trivia_game_id: gameId, player_id: player.player_id, reason }, ...withOptions({ notify: true }) }));
      else await dataOf(client.POST('/triviaGame/requalify', { body: { trivia_game_id: gameId, player_id: player.player_id }, ...withOptions({ notify: true }) }));
      setAsking(null);
      setReason('');
      load();
      onChanged?.();
    } catch {
      // shown by the API client (a 422 under the reason, a refusal as a toast)
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2" data-testid="fair-play-panel">
      <HStack justify="space-between">
        <Text textStyle="sm" color="fg.muted">
          {t('fairPlay.hint')}
        </Text>
        <Button size="xs" variant="ghost" onClick={load} aria-label={t('fairPlay.reload')}>
          <LuRefreshCw />
        </Button>
      </HStack>
      {list && list.length === 0 ? (
        <Text textStyle="sm" data-testid="fair-play-empty">
          {t('fairPlay.none')}
        </Text>
      ) : null}
      {list && list.length > 0 ? (
        // On a phone each player is a stacked block (name, hints, status, the button): a sideways
        // scrolling table hid the name once the button was in view.
        <Box overflowX={{ base: 'visible', md: 'auto' }}>
          <Table.Root size="sm" display={{ base: 'block', md: 'table' }}>
            <Table.Header hideBelow="md">
              <Table.Row>
                <Table.ColumnHeader>{t('fairPlay.player')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fairPlay.flags')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fairPlay.status')}</Table.ColumnHeader>
                {mayControl ? <Table.ColumnHeader /> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
              {list.map((player) => (
                <Table.Row key={player.player_id} data-testid="fair-play-row" data-nickname={player.nickname} display={{ base: 'flex', md: 'table-row' }} flexWrap="wrap" columnGap="3" py={{ base: '2', md: '0' }} borderBottomWidth={{ base: '1px', md: '0' }}>
                  <Table.Cell {...STACKED_CELL}>
                    <Text fontWeight="medium">{player.nickname}</Text>
                    <Text textStyle="xs" color="fg.muted">
                      #{player.join_order}
                    </Text>
                  </Table.Cell>
                  <Table.Cell {...STACKED_CELL}>
                    <FlagBadges flags={player.flags} />
                  </Table.Cell>
                  <Table.Cell {...STACKED_CELL}>
                    {player.disqualified ? (
                      <Stack gap="0">
                        <Badge colorPalette="red" variant="solid" size="sm" w="fit-content">
                          {t('fairPlay.disqualified')}
                        </Badge>
                        <Text textStyle="xs">{player.disqualified.reason}</Text>
                        <Text textStyle="xs" color="fg.muted">
                          {player.disqualified.by_name ?? ''}
                        </Text>
                      </Stack>
                    ) : (
                      <Text textStyle="xs" color="fg.muted">
                        {t('fairPlay.ranked')}
                      </Text>
                    )}
                  </Table.Cell>
                  {mayControl ? (
                    <Table.Cell textAlign="end" {...STACKED_CELL} w={{ base: 'full', md: 'auto' }}>
                      {player.disqualified ? (
                        <Button size="xs" variant="outline" disabled={busy} onClick={() => void change(player, false)}>
                          <LuUserCheck />
                          {t('fairPlay.requalify')}
                        </Button>
                      ) : asking === player.player_id ? (
                        <HStack gap="1" justify="flex-end">
                          <Input
                            size="xs"
                            maxW="48"
                            autoFocus
                            value={reason}
                            maxLength={200}
                            placeholder={t('fairPlay.reason')}
                            aria-label={t('fairPlay.reason')}
                            onChange={(e) => setReason(e.target.value)}
                          />
                          <Button size="xs" colorPalette="red" disabled={busy || !reason.trim()} onClick={() => void change(player, true)}>
                            {t('fairPlay.confirmDisqualify')}
                          </Button>
                          <Button size="xs" variant="ghost" onClick={() => setAsking(null)}>
                            {t('common.cancel')}
                          </Button>
                        </HStack>
                      ) : (
                        <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={() => (setAsking(player.player_id), setReason(''))}>
                          <LuUserX />
                          {t('fairPlay.disqualify')}
                        </Button>
                      )}
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
