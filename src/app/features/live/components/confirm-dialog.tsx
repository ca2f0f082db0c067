/**
 * A confirmation box driven by a chart's state (是否公佈答案, 確定要結束遊戲嗎？): open while
 * the chart is in its confirming state, closed by the chart moving on — also when it moves on by
 * itself (the countdown reaching zero publishes the answer and takes the question out of
 * `confirmingPublish`). That is why it is not the promise-based `dialogs.confirm`, which only its
 * buttons can close.
 */
import { Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert } from 'react-icons/lu';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

export function ConfirmDialog({ open, message, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  const { t } = useTranslation('live');
  // The confirm button has the focus: Enter confirms, Esc cancels (the stage console's keys).
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      initialFocusEl={() => confirmRef.current}
      role="alertdialog"
      placement="center"
      size="sm"
      onOpenChange={({ open: isOpen }) => {
        if (!isOpen) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <HStack gap="2.5">
                <LuTriangleAlert size="20" color="var(--chakra-colors-orange-500)" aria-hidden />
                <Dialog.Title>{t('confirm.title')}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text textStyle="sm" color="fg.muted">
                  {message}
                </Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onCancel}>
                {t('confirm.cancel')}
              </Button>
              <Button ref={confirmRef} size="sm" colorPalette="brand" onClick={onConfirm}>
                {t('confirm.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
