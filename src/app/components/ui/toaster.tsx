/**
 * The two kinds of transient feedback of the back office, as Chakra v3 toasters:
 * - `messages`: short one-line messages at the top centre (errors 5 s, successes 2 s);
 * - `notifications`: titled cards at the top right that may stay until closed (server failures).
 * Texts arrive already translated; this module only shows them. `<Toasters/>` renders both once.
 */
import { createToaster, Portal, Stack, Text, Toast, Toaster } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Error messages stay this long: 5 seconds (the product's rule). */
export const ERROR_MESSAGE_MS = 5_000;
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

interface MessageOptions {
  /** Same id = same toast: repeating a message updates it instead of stacking copies. */
  id?: string;
}

export const messages = {
  error(text: string, { id = `error:${text}` }: MessageOptions = {}): void {
    messageToaster.create({ id, type: 'error', title: text, duration: ERROR_MESSAGE_MS, closable: true });
  },
  success(text: string, { id }: MessageOptions = {}): void {
    // Never `id: undefined`: the toast machine then starts without an id and the page goes blank.
    messageToaster.create({ ...(id ? { id } : {}), type: 'success', title: text, duration: SUCCESS_MESSAGE_MS });
  },
  /** Closes every open message (what code 202 does first). Notifications stay. */
  closeAll(): void {
    messageToaster.dismiss();
  },
};

interface NotificationOptions {
  id?: string;
  title: string;
  lines: string[];
  /** Stays until the user closes it. */
  persistent?: boolean;
}

export const notifications = {
  error({ id, title, lines, persistent = false }: NotificationOptions): void {
    notificationToaster.create({
      ...(id ? { id } : {}),
      type: 'error',
      title,
      meta: { lines },
      closable: true,
      duration: persistent ? Infinity : ERROR_MESSAGE_MS,
    });
  },
};

function linesOf(meta: Record<string, unknown> | undefined): string[] {
  const lines = meta?.lines;
  return Array.isArray(lines) ? lines.map(String) : [];
}

export function Toasters() {
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
