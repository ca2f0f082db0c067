/** The pager under the question table: total, page size (10, 25, 50 — SPEC.md §9) and page buttons. */
import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

export const PAGE_SIZES = [10, 25, 50] as const;

interface TablePagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export function TablePager({ total, page, pageSize, onPageChange, onPageSizeChange }: TablePagerProps) {
  const { t } = useTranslation('live');
  return (
    <HStack justify="flex-end" gap="3" wrap="wrap" pt="3" data-testid="pagination">
      <Text textStyle="xs" color="fg.muted">
        {t('table.total', { total })}
      </Text>
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field aria-label={t('table.pageSize')} value={String(pageSize)} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('table.perPage', { size })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root count={total} pageSize={pageSize} page={page} siblingCount={1} onPageChange={(details) => onPageChange(details.page)}>
        <ButtonGroup variant="ghost" size="xs" attached={false} gap="1">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t('table.previousPage')}>
              <LuChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(item) => (
              <IconButton aria-label={t('table.page', { page: item.value })} variant={{ base: 'ghost', _selected: 'solid' }} colorPalette="brand">
                {item.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t('table.nextPage')}>
              <LuChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
