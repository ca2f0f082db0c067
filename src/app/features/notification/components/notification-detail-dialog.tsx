/**
 * The detail of one notification: sender, the rich-text message read-only, created time.
 * Opening it loads POST /notification/detail, which is also what marks it read on the server; the
 * list is told (`onLoaded`) so its row turns read without a reload.
 */
import { Box, Button, DataList, Dialog, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '@/app/components/rich-text/rich-text';
import { currentLanguage } from '@/app/i18n';
import { formatDateTime } from '@/app/lib/dates';
import { relativeTime } from '@/app/lib/relative-time';
import { type Notification, notificationApi } from '../api/notifications';

interface Props {
  /** The row opened, or null when closed. */
  notification: Notification | null;
  onClose: () => void;
  onLoaded: (item: Notification) => void;
}

export function NotificationDetailDialog({ notification, onClose, onLoaded }: Props) {
  const { t } = useTranslation('notification');
  const [loaded, setLoaded] = useState<Notification | null>(null);
  const id = notification?.id;
  // The detail read for this id; another id shows the list's row until its own detail came.
  const item = loaded !== null && loaded.id === id ? loaded : null;
  // onLoaded/onClose are the list's callbacks; the load depends on the id alone.
  const loadedDetail = useEffectEvent((detail: Notification) => onLoaded(detail));
  const failed = useEffectEvent(() => onClose());

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    notificationApi.detail(id).then(
      (detail) => {
        if (!live) return;
        setLoaded(detail);
        loadedDetail(detail);
      },
      () => live && failed(),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const shown = item ?? notification;
  return (
    <Dialog.Root open={notification !== null} onOpenChange={({ open }) => !open && onClose()} size="md" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="notification-detail">
            <Dialog.Header pb="3">
              <Dialog.Title textStyle="md">{t('detail.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pt="0">
              <Stack gap="4">
                <DataList.Root orientation="horizontal" size="sm" gap="2" borderWidth="1px" rounded="l2" px="3" py="2.5" bg="bg.subtle">
                  <DataList.Item>
                    <DataList.ItemLabel minW="20">{t('detail.from')}</DataList.ItemLabel>
                    <DataList.ItemValue fontWeight="medium" data-testid="notification-from">
                      {shown?.data.form}
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel minW="20">{t('detail.createdAt')}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      {shown && (
                        <HStack gap="2">
                          <Text>{formatDateTime(shown.created_at)}</Text>
                          <Text color="fg.muted">· {relativeTime(shown.created_at, currentLanguage())}</Text>
                        </HStack>
                      )}
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                <Box aria-busy={!item} minH="16" data-testid="notification-message">
                  {item ? (
                    <RichText value={item.data.message} readOnly label={t('detail.message')} />
                  ) : (
                    <Stack gap="2" aria-label={t('detail.loading')}>
                      <Skeleton h="4" w="80%" />
                      <Skeleton h="4" w="60%" />
                    </Stack>
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer pt="2">
              <Button size="xs" variant="outline" onClick={onClose}>
                {t('detail.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="xs" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
