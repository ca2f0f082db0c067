/**
 * A list's date-range filter: its label, the two days (from, to; each bounds the other) and the
 * shortcuts (the last week, month, 3 months). On a phone the two days share one line and the
 * shortcuts go under them. Every change applies at once. The words are the caller's.
 */
import { Box, HStack, Input, Stack } from '@chakra-ui/react';
import { DateShortcuts } from '@/app/components/date-shortcuts';
import type { ShortcutKey } from '@/app/lib/dates';

interface DateRangeFilterProps {
  label: string;
  fromLabel: string;
  toLabel: string;
  /** `YYYY-MM-DD` as input[type=date] holds it; both or neither filter. */
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
  shortcutLabel: (key: ShortcutKey) => string;
  /** The zone whose calendar the days are (the shortcuts' today); null: the browser's. */
  timeZone?: string | null;
}

export function DateRangeFilter({ label, fromLabel, toLabel, from, to, onChange, shortcutLabel, timeZone = null }: DateRangeFilterProps) {
  return (
    <Stack gap="1.5" w={{ base: 'full', sm: 'auto' }}>
      <Box textStyle="xs" color="fg.muted" fontWeight="medium">
        {label}
      </Box>
      <HStack gap="1.5" wrap="wrap">
        <HStack gap="1.5" w={{ base: 'full', sm: 'auto' }}>
          <Input type="date" size="xs" flex={{ base: '1', sm: 'none' }} minW="0" w={{ sm: '36' }} aria-label={fromLabel} value={from} max={to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
          <span aria-hidden>–</span>
          <Input type="date" size="xs" flex={{ base: '1', sm: 'none' }} minW="0" w={{ sm: '36' }} aria-label={toLabel} value={to} min={from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
        </HStack>
        <DateShortcuts from={from} to={to} onPick={onChange} label={shortcutLabel} timeZone={timeZone} />
      </HStack>
    </Stack>
  );
}
