/** The alert or confirm box of ./dialogs.tsx, loaded with the first one shown. */
import { Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { LuCircleAlert, LuTriangleAlert } from 'react-icons/lu';
import type { DialogRequest } from './dialogs';

export function DialogView({ request, onClose: close }: { request: DialogRequest; onClose: (id: number, confirmed: boolean) => void }) {
  const Icon = request.kind === 'alert' ? LuCircleAlert : LuTriangleAlert;
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      size="sm"
      closeOnInteractOutside={request.dismissible}
      closeOnEscape={request.dismissible}
      onOpenChange={({ open: isOpen }) => {
        if (!isOpen) close(request.id, false);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${request.kind}-dialog`}>
            <Dialog.Header>
              <HStack gap="2.5">
                <Icon size="20" color={request.kind === 'alert' ? 'var(--chakra-colors-red-500)' : 'var(--chakra-colors-orange-500)'} aria-hidden />
                <Dialog.Title>{request.title}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text textStyle="sm" color="fg.muted">
                  {request.message}
                </Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              {request.kind === 'confirm' && (
                <Button size="sm" variant="outline" onClick={() => close(request.id, false)}>
                  {request.cancelLabel}
                </Button>
              )}
              <Button size="sm" colorPalette="brand" onClick={() => close(request.id, true)}>
                {request.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
