/**
 * The filters of the notification list: message text, read status (all / unread / read)
 * and a created-time range with the 1 week / 1 month / 3 months shortcuts. Text applies on Enter or
 * the search button; status, dates and shortcuts apply at once.
 */
import { Button, Field, HStack, Input, InputGroup, SegmentGroup, Stack, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRotateCcw, LuSearch } from 'react-icons/lu';
import { DateShortcuts } from '@/app/components/date-shortcuts';

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
  const [text, setText] = useState(value.message);
  const apply = (patch: Partial<Filters>) => onChange({ ...value, message: text.trim(), ...patch });

  return (
    <Wrap gap="3" align="flex-end" as="form" role="search" onSubmit={(event) => (event.preventDefault(), apply({}))}>
      <Field.Root w={{ base: 'full', md: '56' }}>
        <Field.Label textStyle="xs" color="fg.muted">
          {t('list.search')}
        </Field.Label>
        <InputGroup startElement={<LuSearch />}>
          <Input size="xs" value={text} placeholder={t('list.searchPlaceholder')} onChange={(e) => setText(e.target.value)} name="message" maxLength={255} />
        </InputGroup>
      </Field.Root>
      <Stack gap="1.5">
        <Field.Root>
          <Field.Label textStyle="xs" color="fg.muted" id="read-status-label">
            {t('list.readStatus')}
          </Field.Label>
        </Field.Root>
        <SegmentGroup.Root
          size="xs"
          value={value.status}
          aria-labelledby="read-status-label"
          onValueChange={({ value: next }) => apply({ status: (next as ReadStatus) ?? 'all' })}
        >
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
      <Stack gap="1.5">
        <Field.Root>
          <Field.Label textStyle="xs" color="fg.muted">
            {t('list.createdRange')}
          </Field.Label>
        </Field.Root>
        <HStack gap="1.5" wrap="wrap">
          <Input type="date" size="xs" w="36" aria-label={t('list.from')} value={value.from} max={value.to || undefined} onChange={(e) => apply({ from: e.target.value })} />
          <span aria-hidden>–</span>
          <Input type="date" size="xs" w="36" aria-label={t('list.to')} value={value.to} min={value.from || undefined} onChange={(e) => apply({ to: e.target.value })} />
          <DateShortcuts from={value.from} to={value.to} onPick={apply} label={(key) => t(`list.${key}`)} />
        </HStack>
      </Stack>
      <HStack gap="2">
        <Button type="submit" size="xs" colorPalette="brand">
          <LuSearch />
          {t('list.searchButton')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            setText('');
            onChange(EMPTY_FILTERS);
          }}
        >
          <LuRotateCcw />
          {t('list.reset')}
        </Button>
      </HStack>
    </Wrap>
  );
}
