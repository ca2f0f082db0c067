/**
 * The pre-flight check of the control screen (docs/preflight.md): shown until the first question is,
 * it lists what the server found (blocking problems first), each with a link that opens the
 * question to fix (its edit dialog on the question list, in a new tab), takes the audience the
 * operator expects and checks again. Blocking problems — or a check that could not run — are
 * acknowledged before the first question can be shown. Driven by the game machine's
 * `flow.open.ready` states; nothing is decided here.
 */
import { Alert, Badge, Button, Card, Checkbox, HStack, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuExternalLink, LuRefreshCw, LuShieldCheck } from 'react-icons/lu';
import type { GameSnapshot } from '@machines/game/game.machine';
import { selectCanControl } from '@machines/game/selectors';
import { NumberField } from '@/app/components/number-field';
import { useGame, useGameRef } from '../lib/game-context';

type Phase = 'hidden' | 'unchecked' | 'checking' | 'reviewing' | 'checkFailed' | 'cleared';

const PHASES = ['unchecked', 'checking', 'reviewing', 'checkFailed', 'cleared'] as const;
const selectPhase = (s: GameSnapshot): Phase => PHASES.find((phase) => s.matches({ flow: { open: { ready: phase } } })) ?? 'hidden';
const selectPreflight = (s: GameSnapshot) => s.context.preflight;

/** Where a problem is fixed: the question's edit dialog, or the game's questions and levels. */
function fixHref(gameId: number, questionId: number | null, level: number | null): string | null {
  if (questionId !== null) return `/triviaGame/update/${gameId}?question=${questionId}`;
  if (level !== null) return `/triviaGame/update/${gameId}`;
  return null;
}

export function PreflightPanel({ gameId }: { gameId: number }) {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  const phase = useGame(selectPhase);
  const preflight = useGame(selectPreflight);
  const canControl = useGame(selectCanControl);
  const [audience, setAudience] = useState<number>(preflight.expectedAudience ?? Number.NaN);
  const [understood, setUnderstood] = useState(false);
  if (phase === 'hidden') return null;

  const report = preflight.report;
  const recheck = () => {
    setUnderstood(false);
    gameRef.send({ type: 'host.runPreflight', expectedAudience: Number.isInteger(audience) && audience > 0 ? audience : null });
  };
  const mustAcknowledge = phase === 'reviewing' || phase === 'checkFailed';

  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="preflight-panel" data-phase={phase}>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="sm">
            {t('preflight.title')}
          </Heading>
          {phase === 'cleared' && (
            <Badge colorPalette="green" variant="subtle" data-testid="preflight-cleared">
              <LuShieldCheck />
              {report && report.blocking > 0 ? t('preflight.acknowledged') : t('preflight.ready')}
            </Badge>
          )}
        </HStack>
        <HStack wrap="wrap" gap="2" align="flex-end">
          <Stack gap="1" maxW="48">
            <Text textStyle="xs" color="fg.muted">
              {t('preflight.audience')}
            </Text>
            <NumberField value={audience} onChange={setAudience} label={t('preflight.audience')} min={1} max={1_000_000} />
          </Stack>
          <Button size="sm" variant="outline" onClick={recheck} disabled={!canControl || phase === 'checking'} data-testid="preflight-recheck">
            <LuRefreshCw />
            {t('preflight.recheck')}
          </Button>
        </HStack>

        {phase === 'checking' && (
          <HStack gap="2" color="fg.muted" data-testid="preflight-checking">
            <Spinner size="sm" />
            <Text textStyle="sm">{t('preflight.checking')}</Text>
          </HStack>
        )}
        {phase === 'unchecked' && <Text textStyle="sm" color="fg.muted">{t('preflight.watching')}</Text>}
        {phase === 'checkFailed' && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('preflight.failed')}</Alert.Title>
              {preflight.error && <Alert.Description>{preflight.error}</Alert.Description>}
            </Alert.Content>
          </Alert.Root>
        )}
        {report && phase !== 'checking' && phase !== 'checkFailed' && (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="preflight-problems">
            {report.problems.length === 0 && (
              <Text as="li" textStyle="sm" color="fg.muted">
                {t('preflight.none')}
              </Text>
            )}
            {report.problems.map((problem, index) => {
              const href = fixHref(gameId, problem.question_id, problem.level);
              return (
                <HStack as="li" key={index} align="flex-start" gap="2" data-testid="preflight-problem" data-code={problem.code} data-severity={problem.severity}>
                  <Badge size="sm" flexShrink={0} colorPalette={problem.severity === 'blocking' ? 'red' : 'orange'} variant="subtle">
                    {problem.severity === 'blocking' ? t('preflight.blocking') : t('preflight.warning')}
                  </Badge>
                  <Text textStyle="sm" flex="1" minW="0" wordBreak="break-word">
                    {problem.message}
                  </Text>
                  {href && (
                    <Link href={href} target="_blank" rel="noopener" textStyle="sm" colorPalette="brand" flexShrink={0} data-testid="preflight-fix">
                      {t('preflight.fix')}
                      <LuExternalLink />
                    </Link>
                  )}
                </HStack>
              );
            })}
          </Stack>
        )}

        {mustAcknowledge && canControl && (
          <Stack gap="2" borderTopWidth="1px" pt="3">
            <Checkbox.Root size="sm" checked={understood} onCheckedChange={({ checked }) => setUnderstood(checked === true)} data-testid="preflight-understood">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{phase === 'reviewing' ? t('preflight.understood') : t('preflight.understoodUnchecked')}</Checkbox.Label>
            </Checkbox.Root>
            <Button
              size="sm"
              colorPalette="red"
              alignSelf="flex-start"
              disabled={!understood}
              onClick={() => gameRef.send({ type: 'host.acknowledgePreflight' })}
              data-testid="preflight-acknowledge"
            >
              {t('preflight.acknowledge')}
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
