/**
 * Recipients of a notification: a multi-select of the company's admins that means "all"
 * when nothing is chosen. Clearing the last chip goes back to all, which is what the send call's
 * `admins: []` says.
 */
import { Button, HStack, Menu, Portal, Tag, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuUsers } from 'react-icons/lu';
import type { Recipient } from '../api/notifications';

interface Props {
  id?: string;
  recipients: Recipient[];
  value: number[];
  onChange: (ids: number[]) => void;
  invalid?: boolean;
}

export function RecipientPicker({ id, recipients, value, onChange, invalid }: Props) {
  const { t } = useTranslation('notification');
  const chosen = recipients.filter((r) => value.includes(r.id));
  const toggle = (recipientId: number, on: boolean) => onChange(on ? [...value, recipientId] : value.filter((v) => v !== recipientId));

  return (
    <Wrap
      gap="1.5"
      align="center"
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="l2"
      px="2"
      py="1.5"
      minH="8"
      bg="bg"
      data-testid="recipient-picker"
    >
      {chosen.length === 0 ? (
        <Tag.Root size="md" colorPalette="brand" variant="subtle">
          <Tag.StartElement>
            <LuUsers />
          </Tag.StartElement>
          <Tag.Label>{t('send.allRecipients')}</Tag.Label>
        </Tag.Root>
      ) : (
        chosen.map((r) => (
          <Tag.Root key={r.id} size="md" variant="surface" data-testid="recipient-chip">
            <Tag.Label>{r.name}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger aria-label={t('send.remove', { name: r.name })} onClick={() => toggle(r.id, false)} />
            </Tag.EndElement>
          </Tag.Root>
        ))
      )}
      {/* The trigger's id goes through `ids`: an id set on the button itself hides it from the menu,
          which then cannot place itself and opens in the page's top-left corner. */}
      <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }} ids={{ trigger: id }}>
        <Menu.Trigger asChild>
          <Button size="2xs" variant="ghost" aria-label={t('send.recipients')}>
            <HStack gap="1">
              <Text>{t('send.recipientsPlaceholder')}</Text>
              <LuChevronDown />
            </HStack>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56" maxH="72" overflowY="auto">
              {recipients.length === 0 && (
                <Text px="2" py="1.5" textStyle="xs" color="fg.muted">
                  {t('send.noMatch')}
                </Text>
              )}
              {recipients.map((r) => (
                <Menu.CheckboxItem
                  key={r.id}
                  value={String(r.id)}
                  checked={value.includes(r.id)}
                  onCheckedChange={(on) => toggle(r.id, on)}
                  textStyle="xs"
                >
                  <Menu.ItemIndicator />
                  {r.name}
                </Menu.CheckboxItem>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Wrap>
  );
}
