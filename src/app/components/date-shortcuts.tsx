/**
 * The shortcuts of a list's date-range filter (the last week, month, 3 months): the one whose
 * range is the chosen one is shown pressed; a click chooses its range. The words are the caller's.
 */
import { Button, HStack } from '@chakra-ui/react';
import { DATE_SHORTCUTS, shortcutRange, type ShortcutKey } from '@/app/lib/dates';

interface DateShortcutsProps {
  /** The chosen range, `YYYY-MM-DD` as input[type=date] holds it. */
  from: string;
  to: string;
  onPick: (range: { from: string; to: string }) => void;
  label: (key: ShortcutKey) => string;
  /** The zone whose calendar the list's days are (null: the browser's). */
  timeZone?: string | null;
}

export function DateShortcuts({ from, to, onPick, label, timeZone = null }: DateShortcutsProps) {
  const active = DATE_SHORTCUTS.find(({ days }) => {
    const [start, end] = shortcutRange(days, timeZone);
    return from === start && to === end;
  })?.key;
  return (
    <HStack gap="1">
      {DATE_SHORTCUTS.map(({ key, days }) => (
        <Button
          key={key}
          size="2xs"
          variant={active === key ? 'subtle' : 'ghost'}
          colorPalette={active === key ? 'brand' : 'gray'}
          aria-pressed={active === key}
          onClick={() => {
            const [start, end] = shortcutRange(days, timeZone);
            onPick({ from: start, to: end });
          }}
        >
          {label(key)}
        </Button>
      ))}
    </HStack>
  );
}
