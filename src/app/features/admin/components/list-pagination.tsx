/** The pager under the admin tables: total, page size (10, 25, 50 — SPEC.md §9) and page buttons. */
import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { PAGE_SIZES } from '../hooks/use-paged-list';

interface ListPaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export function ListPagination({ total, page, pageSize, onPageChange, onPageSizeChange }: ListPaginationProps) {
  const { t } = useTranslation('admin');
  return (
    <HStack justify="flex-end" gap="2" wrap="wrap" pt="1" data-testid="pagination">
      <Text textStyle="xs" color="fg.muted" data-testid="list-total">
        {t('common.total', { count: total })}
      </Text>
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field aria-label={t('common.pageSize')} value={String(pageSize)} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('common.perPage', { size })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root count={total} pageSize={pageSize} page={page} siblingCount={0} onPageChange={(details) => onPageChange(details.page)}>
        <ButtonGroup variant="ghost" size="xs" attached={false} gap="0.5">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t('common.previousPage')}>
              <LuChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(item) => (
              <IconButton aria-label={t('common.page', { page: item.value })} variant={{ base: 'ghost', _selected: 'solid' }} colorPalette="brand">
                {item.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t('common.nextPage')}>
              <LuChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
