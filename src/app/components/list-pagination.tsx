/**
 * The pager under the back office's tables: total, page size (10, 25, 50; docs/product.md) and page
 * buttons. `compact` shows fewer page buttons, closer together, for a table whose card is already
 * dense on a phone (the admin list). Its children stand beside the total (how many rows are ticked).
 */
import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { PAGE_SIZES } from '@/app/hooks/use-paged-list';

interface ListPaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  compact?: boolean;
  children?: ReactNode;
}

export function ListPagination({ total, page, pageSize, onPageChange, onPageSizeChange, compact = false, children }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <HStack justify="flex-end" gap={compact ? '2' : '3'} wrap="wrap" pt={compact ? '1' : '3'} data-testid="pagination">
      <Text textStyle="xs" color="fg.muted" data-testid="list-total">
        {t('pagination.total', { count: total })}
      </Text>
      {children}
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field aria-label={t('pagination.pageSize')} value={String(pageSize)} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('pagination.perPage', { size })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root count={total} pageSize={pageSize} page={page} siblingCount={compact ? 0 : 1} onPageChange={(details) => onPageChange(details.page)}>
        <ButtonGroup variant="ghost" size="xs" attached={false} gap={compact ? '0.5' : '1'}>
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t('pagination.previousPage')}>
              <LuChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(item) => (
              <IconButton aria-label={t('pagination.page', { page: item.value })} variant={{ base: 'ghost', _selected: 'solid' }} colorPalette="brand">
                {item.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t('pagination.nextPage')}>
              <LuChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
