/**
 * The filters of the notification list: message text, read status (all / unread / read)
 * and a created-time range with the 1 week / 1 month / 3 months shortcuts. Text applies on Enter or
 * the search button; status, dates and shortcuts apply at once.
 */
import { Field, SegmentGroup, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/app/components/data-table/date-range-filter';
import { FilterBar } from '@/app/components/data-table/filter-bar';

export type ReadStatus = 'all' | 'unread' | 'read';

export interface Filters {
  message: string;
  status: ReadStatus;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: Filters = { message: '', status: 'all', from: '', to: '' };

export function NotificationFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('notification');
  return (
    <FilterBar
      value={value}
      empty={EMPTY_FILTERS}
      textKey="message"
      label={t('list.search')}
      placeholder={t('list.searchPlaceholder')}
      caption
      name="message"
      maxLength={255}
      size="xs"
      onChange={onChange}
    >
      {(apply) => (
        <>
          <Stack gap="1.5">
            <Field.Root>
              <Field.Label textStyle="xs" color="fg.muted" id="read-status-label">
                {t('list.readStatus')}
              </Field.Label>
            </Field.Root>
            <SegmentGroup.Root size="xs" value={value.status} aria-labelledby="read-status-label" onValueChange={({ value: next }) => apply({ status: (next as ReadStatus) ?? 'all' })}>
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'all', label: t('list.all') },
                  { value: 'unread', label: t('list.unread') },
                  { value: 'read', label: t('list.read') },
                ]}
              />
            </SegmentGroup.Root>
          </Stack>
          <DateRangeFilter
            label={t('list.createdRange')}
            fromLabel={t('list.from')}
            toLabel={t('list.to')}
            from={value.from}
            to={value.to}
            onChange={apply}
            shortcutLabel={(key) => t(`list.${key}`)}
          />
        </>
      )}
    </FilterBar>
  );
}
