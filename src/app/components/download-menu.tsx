/**
 * A button that opens a menu of files to download (a game's results, a game's questions): it shows
 * a spinner and is disabled while one is fetched, saves the file under the name the server gave it,
 * and leaves failures to the API client, which has shown them already. The caller says what each item
 * fetches (`download`, through the API client's `fileOf`) and what follows a saved file (`onSaved`).
 */
import { Button, Menu, Portal, Spinner } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronDown, LuDownload, LuFileSpreadsheet, LuFileText } from 'react-icons/lu';
import { saveFile } from '@/app/lib/save-file';

export interface DownloadMenuItem<Value extends string> {
  value: Value;
  label: string;
  /** A workbook's icon or a text file's. */
  kind: 'sheet' | 'text';
}

export interface DownloadMenuProps<Value extends string, File extends { blob: Blob; filename: string }> {
  /** The button's text and the menu's heading. */
  label: string;
  heading: string;
  items: ReadonlyArray<DownloadMenuItem<Value>>;
  download: (value: Value) => Promise<File>;
  /** After the file is saved (e.g. to say what it left out). */
  onSaved?: (value: Value, file: File) => void;
  size?: 'xs' | 'sm' | 'md';
  variant?: 'ghost' | 'outline' | 'subtle';
  testId: string;
}

export function DownloadMenu<Value extends string, File extends { blob: Blob; filename: string }>(props: DownloadMenuProps<Value, File>) {
  const { label, heading, items, download, onSaved, size = 'sm', variant = 'outline', testId } = props;
  const [busy, setBusy] = useState(false);

  async function fetchAndSave(value: Value) {
    setBusy(true);
    try {
      const file = await download(value);
      saveFile(file.blob, file.filename);
      onSaved?.(value, file);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => void fetchAndSave(value as Value)}>
      <Menu.Trigger asChild>
        <Button size={size} variant={variant} disabled={busy} aria-busy={busy} data-testid={testId}>
          {busy ? <Spinner size="xs" /> : <LuDownload />}
          {label}
          <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel textStyle="xs">{heading}</Menu.ItemGroupLabel>
              {items.map((item) => (
                <Menu.Item key={item.value} value={item.value} textStyle="xs">
                  {item.kind === 'sheet' ? <LuFileSpreadsheet /> : <LuFileText />}
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
