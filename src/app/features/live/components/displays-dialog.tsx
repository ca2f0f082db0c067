/**
 * Venue displays of a game (issue 16), from the control screen: the displays following it (name,
 * when paired, last seen, unpair after a confirmation) and a form to pair one more by the code it
 * shows at /quiz. The server decides everything (an unknown or expired code is its message, under the
 * code field); this only draws the list it answers.
 */
import { Badge, Button, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMonitor } from 'react-icons/lu';
import { isApiError } from '@/app/api/api';
import { FormField } from '@/app/components/form-field';
import { dialogs } from '@/app/components/ui/dialogs';
import { formatDateTime } from '@/app/lib/dates';
import { listDisplays, pairDisplay, unpairDisplay, type DisplayItem } from '../api/displays-api';

/** What an operator may type: the display's characters, spaces and dashes (the server normalises). */
const CODE_MAX_LENGTH = 12;

export function DisplaysButton({ gameId }: { gameId: number }) {
  const { t } = useTranslation('live');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size={{ base: 'full', md: 'md' }} placement="center" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="brand" data-testid="displays-button">
          <LuMonitor />
          {t('displays.button')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="displays-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('displays.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{open && <DisplaysPanel gameId={gameId} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('displays.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DisplaysPanel({ gameId }: { gameId: number }) {
  const { t } = useTranslation('live');
  const [list, setList] = useState<DisplayItem[] | null>(null);
  const reload = useCallback(async () => {
    try {
      setList(await listDisplays(gameId));
    } catch {
      // shown by the API client
    }
  }, [gameId]);
  // The first load when the panel opens (a failure is shown by the API client).
  useEffect(() => {
    let live = true;
    listDisplays(gameId)
      .then((items) => live && setList(items))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gameId]);

  async function unpair(display: DisplayItem) {
    const confirmed = await dialogs.confirm({
      title: t('displays.unpairTitle'),
      message: t('displays.unpairConfirm', { name: display.name || t('displays.unnamed') }),
      confirmLabel: t('displays.unpair'),
      cancelLabel: t('displays.cancel'),
    });
    if (!confirmed) return;
    try {
      await unpairDisplay(gameId, display.id);
    } catch {
      // shown by the API client
    }
    await reload();
  }

  return (
    <Stack gap="6">
      <PairForm gameId={gameId} onPaired={() => void reload()} />
      <Stack gap="2">
        <Text fontWeight="semibold" textStyle="sm">
          {t('displays.listTitle')}
        </Text>
        {list === null ? (
          <Text textStyle="sm" color="fg.muted">
            {t('displays.loading')}
          </Text>
        ) : list.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="displays-empty">
            {t('displays.empty')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" data-testid="displays-list">
            {list.map((display) => (
              <HStack as="li" key={display.id} borderWidth="1px" borderRadius="md" p="2.5" justify="space-between" align="flex-start" gap="3" data-testid="display-row">
                <Stack gap="0.5" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium" wordBreak="break-word" data-testid="display-name">
                      {display.name || t('displays.unnamed')}
                    </Text>
                    <Badge size="sm" variant="subtle" colorPalette={display.source === 'pairing' ? 'brand' : 'gray'}>
                      {display.source === 'pairing' ? t('displays.sourcePairing') : t('displays.sourceCode')}
                    </Badge>
                  </HStack>
                  <Text textStyle="xs" color="fg.muted">
                    {t('displays.pairedAt', { time: formatDateTime(display.paired_at) })}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {display.last_seen_at ? t('displays.lastSeen', { time: formatDateTime(display.last_seen_at) }) : t('displays.notSeen')}
                  </Text>
                </Stack>
                <Button size="xs" variant="outline" colorPalette="red" flexShrink={0} onClick={() => void unpair(display)} data-testid="display-unpair">
                  {t('displays.unpair')}
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function PairForm({ gameId, onPaired }: { gameId: number; onPaired: () => void }) {
  const { t } = useTranslation('live');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ code?: string[]; name?: string[] }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ code: [t('displays.codeRequired')] });
      return;
    }
    setBusy(true);
    try {
      await pairDisplay(gameId, code.trim(), name.trim());
      setCode('');
      setName('');
      setErrors({});
      onPaired();
    } catch (error) {
      // A wrong code (201) and too many codes typed this minute (429) both say so under the field.
      if (isApiError(error, 'business') || isApiError(error, 'http')) setErrors({ code: [error.message] });
      else if (isApiError(error, 'validation')) setErrors({ code: error.fields.code, name: error.fields.name });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="pair-form">
      <Stack gap="3">
        <Text textStyle="sm" color="fg.muted">
          {t('displays.pairHelp')}
        </Text>
        <FormField label={t('displays.code')} messages={errors.code} required testId="pair-code-field">
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={CODE_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABC 234"
            fontFamily="mono"
            textTransform="uppercase"
            letterSpacing="wider"
            data-testid="pair-code"
          />
        </FormField>
        <FormField label={t('displays.name')} messages={errors.name} helper={t('displays.nameHelp')}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={50} data-testid="pair-name" />
        </FormField>
        <Button type="submit" colorPalette="brand" size="sm" alignSelf="flex-start" loading={busy} data-testid="pair-submit">
          {t('displays.pair')}
        </Button>
      </Stack>
    </form>
  );
}
