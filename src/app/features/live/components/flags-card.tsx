/**
 * The flagged and disqualified players on the control screen (issue 21, docs/game-rules.md "Fair
 * play"): the results dialog's FairPlayPanel (the same component, the same calls: the flags, and for
 * `triviaGame.control` Disqualify with a reason / Rank again), read again whenever a question's status
 * changes (shown, answer published) and whenever a ranking is published — the moments flags can change
 * while the game runs — so the operator sees them during the show, not only afterwards. A
 * disqualification republishes the ranking on the server; the live panel's top 10 follows from the
 * operator topic's event.
 */
import { Card, HStack, Heading } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuShieldAlert } from 'react-icons/lu';
import { selectQuestionStatuses, selectRanking } from '@machines/game/selectors';
import { FairPlayPanel } from '@/app/features/trivia-game/components/fair-play-panel';
import { useGame } from '../lib/game-context';

export function FlagsCard({ gameId }: { gameId: number }) {
  const { t } = useTranslation('trivia');
  const statuses = useGame(selectQuestionStatuses);
  const ranking = useGame(selectRanking);
  // A new key (read the flags again) only when a question's status or the ranking changed: state
  // adjusted while rendering, as React documents for following a changing value.
  const [seen, setSeen] = useState({ statuses, ranking, key: 0 });
  if (seen.statuses !== statuses || seen.ranking !== ranking) setSeen({ statuses, ranking, key: seen.key + 1 });
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="flags-card">
      <Card.Body gap="2">
        <HStack gap="2" color="fg.muted">
          <LuShieldAlert />
          <Heading as="h2" size="sm" color="fg">
            {t('fairPlay.title')}
          </Heading>
        </HStack>
        <FairPlayPanel gameId={gameId} refreshKey={seen.key} />
      </Card.Body>
    </Card.Root>
  );
}
