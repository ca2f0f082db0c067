/** Badges for a game's answer type, status and autopilot, shared by the game list and the question list header. */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function GameTypeBadge({ type }: { type: number }) {
  return <SummaryBadge palette={type === 2 ? 'purple' : 'brand'} labelKey={type === 2 ? 'game.type2' : 'game.type1'} />;
}

export function GameStatusBadge({ status }: { status: number }) {
  return <SummaryBadge palette={status === 1 ? 'green' : 'gray'} labelKey={status === 1 ? 'game.status1' : 'game.status0'} />;
}

/** The game runs itself (its `auto_advance` is on). */
export function AutopilotBadge() {
  return <SummaryBadge palette="orange" labelKey="game.autopilotBadge" />;
}

function SummaryBadge({ palette, labelKey }: { palette: string; labelKey: 'game.type1' | 'game.type2' | 'game.status0' | 'game.status1' | 'game.autopilotBadge' }) {
  const { t } = useTranslation('trivia');
  return (
    <Badge size="sm" variant="subtle" colorPalette={palette}>
      {t(labelKey)}
    </Badge>
  );
}
