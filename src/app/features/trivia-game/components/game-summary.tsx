/** Badges for a game's answer type and status, shared by the game list and the question list header. */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function GameTypeBadge({ type }: { type: number }) {
  const { t } = useTranslation('trivia');
  return (
    <Badge size="sm" variant="subtle" colorPalette={type === 2 ? 'purple' : 'brand'}>
      {type === 2 ? t('game.type2') : t('game.type1')}
    </Badge>
  );
}

export function GameStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('trivia');
  return (
    <Badge size="sm" variant="subtle" colorPalette={status === 1 ? 'green' : 'gray'}>
      {status === 1 ? t('game.status1') : t('game.status0')}
    </Badge>
  );
}
