/** The stage console's keyboard help (`?`): the keys and what each does (hooks/use-stage-keys.ts). */
import { Button, Dialog, Kbd, Portal, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const KEYS = [
  { keys: ['Space', '→'], what: 'keys.step' },
  { keys: ['Enter'], what: 'keys.confirm' },
  { keys: ['Esc'], what: 'keys.cancel' },
  { keys: ['P'], what: 'keys.pause' },
  { keys: ['?'], what: 'keys.help' },
] as const;

export function KeysHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('live');
  return (
    <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="keys-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('keys.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Table.Root size="sm">
                <Table.Body>
                  {KEYS.map(({ keys, what }) => (
                    <Table.Row key={what}>
                      <Table.Cell whiteSpace="nowrap">
                        {keys.map((key, i) => (
                          <Text as="span" key={key}>
                            {i > 0 && ` ${t('keys.or')} `}
                            <Kbd>{key}</Kbd>
                          </Text>
                        ))}
                      </Table.Cell>
                      <Table.Cell>{t(what)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              <Text textStyle="xs" color="fg.muted" mt="3">
                {t('keys.never')}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>
                {t('keys.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
