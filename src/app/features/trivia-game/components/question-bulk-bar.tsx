/**
 * The bar over the question list while questions are ticked (issue 35): how many are selected on the
 * page, move the block one place up or down (the selection stays, so repeated clicks keep moving it;
 * disabled at the game's ends), copy to another game, and — set apart at the far end, red and
 * confirmed with the product's 'Confirm delete?' (docs/product.md) — delete them. A question on screen cannot be deleted:
 * the bar says so and the button is disabled. The bar wraps on a phone.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuMoveDown, LuMoveUp, LuTrash2, LuX } from 'react-icons/lu';

export interface QuestionBulkBarProps {
  count: number;
  /** Why a move is not possible (the block is at that end), or null. */
  upRefusal: string | null;
  downRefusal: string | null;
  /** Why the delete is not possible (a question on screen), or null. */
  deleteRefusal: string | null;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onCopy: () => void;
  onDelete: () => void;
  onClear: () => void;
}

export function QuestionBulkBar({ count, upRefusal, downRefusal, deleteRefusal, busy, onMove, onCopy, onDelete, onClear }: QuestionBulkBarProps) {
  const { t } = useTranslation('trivia');
  return (
    <Box
      role="region"
      aria-label={t('bulk.selected', { count })}
      borderWidth="1px"
      borderColor="brand.200"
      bg="brand.50"
      rounded="md"
      px="3"
      py="2"
      data-testid="bulk-bar"
    >
      <HStack gap="3" wrap="wrap" justify="space-between">
        <HStack gap="2" wrap="wrap">
          <Text textStyle="sm" fontWeight="semibold" aria-live="polite" data-testid="bulk-count">
            {t('bulk.selected', { count })}
          </Text>
          <Button size="xs" variant="ghost" onClick={onClear} data-testid="bulk-clear">
            <LuX />
            {t('bulk.clear')}
          </Button>
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" bg="bg" disabled={busy || upRefusal !== null} title={upRefusal ?? t('bulk.moveUpHint')} onClick={() => onMove(-1)} data-testid="bulk-up">
            <LuMoveUp />
            {t('bulk.moveUp')}
          </Button>
          <Button size="sm" variant="outline" bg="bg" disabled={busy || downRefusal !== null} title={downRefusal ?? t('bulk.moveDownHint')} onClick={() => onMove(1)} data-testid="bulk-down">
            <LuMoveDown />
            {t('bulk.moveDown')}
          </Button>
          <Button size="sm" variant="outline" bg="bg" disabled={busy} onClick={onCopy} data-testid="bulk-copy">
            <LuCopy />
            {t('bulk.copy')}
          </Button>
          {/* Set apart from the others so a slip lands on none of them. */}
          <Box w={{ base: '0', md: '6' }} aria-hidden />
          <Button size="sm" colorPalette="red" variant="solid" disabled={busy || deleteRefusal !== null} title={deleteRefusal ?? undefined} onClick={onDelete} data-testid="bulk-delete">
            <LuTrash2 />
            {t('bulk.delete')}
          </Button>
        </HStack>
      </HStack>
      {deleteRefusal && (
        <Text textStyle="xs" color="fg.muted" mt="1" data-testid="bulk-delete-refusal">
          {deleteRefusal}
        </Text>
      )}
    </Box>
  );
}
