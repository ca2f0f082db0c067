/**
 * The toasters themselves (Chakra v3 / Zag's toast machine), loaded by ./toaster.tsx on the first
 * message, so pages that never show one do not carry them:
 * - messages: short one-line messages at the top centre (errors 5 s, successes 2.5 s);
 * - notifications: titled cards at the top right that may stay until closed (server failures).
 */
import { createToaster, Portal, Stack, Text, Toast, Toaster } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MessageRequest } from './toaster';

/** Error messages stay this long: 5 seconds (the product's rule). */
const ERROR_MESSAGE_MS = 5_000;
const SUCCESS_MESSAGE_MS = 2_500;

const messageToaster = createToaster({ placement: 'top', max: 4, pauseOnPageIdle: true });
// Below the 48 px navbar, so the user menu stays reachable while a notification waits to be read.
const notificationToaster = createToaster({
  placement: 'top-end',
  max: 6,
  pauseOnPageIdle: true,
  gap: 12,
  offsets: { top: '3.75rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

/** Shows one request of ./toaster.tsx's API. */
export function show(request: MessageRequest): void {
  switch (request.kind) {
    case 'error':
      messageToaster.create({ id: request.id, type: 'error', title: request.text, duration: ERROR_MESSAGE_MS, closable: true });
      return;
    case 'success':
      // Never `id: undefined`: the toast machine then starts without an id and the page goes blank.
      messageToaster.create({ ...(request.id ? { id: request.id } : {}), type: 'success', title: request.text, duration: SUCCESS_MESSAGE_MS });
      return;
    case 'closeAll':
      messageToaster.dismiss();
      return;
    case 'notification':
      notificationToaster.create({
        ...(request.id ? { id: request.id } : {}),
        type: 'error',
        title: request.title,
        meta: { lines: request.lines },
        closable: true,
        duration: request.persistent ? Infinity : ERROR_MESSAGE_MS,
      });
  }
}

function linesOf(meta: Record<string, unknown> | undefined): string[] {
  const lines = meta?.lines;
  return Array.isArray(lines) ? lines.map(String) : [];
}

export function ToastersView() {
  const { t } = useTranslation();
  return (
    <Portal>
      <Toaster toaster={messageToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'md' }} data-testid="message" role={toast.type === 'error' ? 'alert' : 'status'}>
            <Toast.Indicator />
            <Toast.Title flex="1" textStyle="sm" fontWeight="medium">
              {toast.title}
            </Toast.Title>
            {toast.closable && <Toast.CloseTrigger aria-label={t('common.close')} />}
          </Toast.Root>
        )}
      </Toaster>
      <Toaster toaster={notificationToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: '30rem' }} data-testid="notification" role="alert" alignItems="flex-start">
            <Toast.Indicator mt="0.5" />
            <Stack gap="1" flex="1" maxWidth="100%">
              <Toast.Title>{toast.title}</Toast.Title>
              <Toast.Description asChild>
                <Stack gap="0.5">
                  {linesOf(toast.meta).map((line) => (
                    <Text key={line} textStyle="sm" overflowWrap="anywhere">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Toast.Description>
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('common.close')} />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
