/**
 * Promise-based alert and confirm boxes for code that lives outside React (the API client):
 * `dialogs.alert(...)` resolves when acknowledged, `dialogs.confirm(...)` resolves true or false.
 * `<DialogHost/>` (rendered once by the providers) shows them one at a time, oldest first.
 * A dialog with a `key` that is already open or waiting is not queued twice: the caller gets the
 * pending answer (ten requests failing on the network make one alert, not ten).
 */
import { Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { LuCircleAlert, LuTriangleAlert } from 'react-icons/lu';

interface DialogRequest {
  id: number;
  key?: string;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** False: neither a click outside nor Escape closes it; only its buttons do. */
  dismissible: boolean;
  answer: Promise<boolean>;
  settle: (confirmed: boolean) => void;
}

let queue: readonly DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener();
}

function open(request: Omit<DialogRequest, 'id' | 'answer' | 'settle'>): Promise<boolean> {
  const existing = request.key === undefined ? undefined : queue.find((d) => d.key === request.key);
  if (existing) return existing.answer;
  let settle!: (confirmed: boolean) => void;
  const answer = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const id = nextId++;
  setQueue([...queue, { ...request, id, answer, settle }]);
  return answer;
}

function close(id: number, confirmed: boolean) {
  const request = queue.find((d) => d.id === id);
  if (!request) return;
  setQueue(queue.filter((d) => d.id !== id));
  request.settle(confirmed);
}

export interface AlertOptions {
  key?: string;
  title: string;
  message: string;
  confirmLabel: string;
  dismissible?: boolean;
}

export interface ConfirmOptions extends AlertOptions {
  cancelLabel: string;
}

export const dialogs = {
  alert: async ({ dismissible = true, ...options }: AlertOptions): Promise<void> => {
    await open({ ...options, kind: 'alert', dismissible });
  },
  confirm: ({ dismissible = true, ...options }: ConfirmOptions): Promise<boolean> =>
    open({ ...options, kind: 'confirm', dismissible }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => queue[0];

export function DialogHost() {
  const request = useSyncExternalStore(subscribe, current, current);
  if (!request) return null;
  const Icon = request.kind === 'alert' ? LuCircleAlert : LuTriangleAlert;
  return (
    <Dialog.Root
      key={request.id}
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
