/**
 * /notification/send: recipients (all by default), the rich-text message, send. The
 * server's 422 messages appear under their field (`message`, `admins`); on success a message says
 * how many were sent and the list opens again.
 */
import { Box, Button, Card, Field, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuSend } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { type FieldErrors, isApiError } from '@/app/api/api';
import { RichText } from '@/app/components/rich-text/rich-text';
import { messages } from '@/app/components/ui/toaster';
import { notificationApi, type Recipient } from '../api/notifications';
import { RecipientPicker } from '../components/recipient-picker';
import { useNotificationPageTitle } from '../lib/page-title';
import { HeadingBlock } from '@/app/components/heading-block';

export function NotificationSendPage() {
  const { t } = useTranslation('notification');
  useNotificationPageTitle('title.send');
  const navigate = useNavigate();
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [admins, setAdmins] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    notificationApi.recipients().then(
      (list) => live && setRecipients(list),
      () => undefined, // the API client has shown the failure
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async () => {
    setSending(true);
    setErrors({});
    try {
      const { count } = await notificationApi.send(admins, message);
      messages.success(t('send.sent', { count }), { id: 'notification-sent' });
      navigate('/notification');
    } catch (error) {
      if (isApiError(error, 'validation')) setErrors(error.fields);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="4" maxW="3xl" mx="auto">
      <Flex align="center" gap="2">
        <IconButton asChild size="xs" variant="ghost" aria-label={t('send.back')} title={t('send.back')}>
          <RouterLink to="/notification">
            <LuArrowLeft />
          </RouterLink>
        </IconButton>
        <HeadingBlock as="h1" title={t('send.heading')} lead={t('send.subtitle')} leadSize="xs" />
      </Flex>
      <Card.Root size="sm" variant="outline">
        <Card.Body>
          <Stack
            as="form"
            gap="5"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Field.Root invalid={Boolean(errors.admins?.length)}>
              <Field.Label textStyle="xs" htmlFor="notification-recipients">
                {t('send.recipients')}
              </Field.Label>
              <RecipientPicker
                id="notification-recipients"
                recipients={recipients}
                value={admins}
                invalid={Boolean(errors.admins?.length)}
                onChange={(ids) => {
                  setAdmins(ids);
                  setErrors(({ admins: _dropped, ...rest }) => rest);
                }}
              />
              {errors.admins?.length ? (
                <Field.ErrorText data-testid="admins-error">{errors.admins.join(' ')}</Field.ErrorText>
              ) : (
                <Field.HelperText textStyle="xs">{t('send.recipientsHint')}</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.message?.length)}>
              <Field.Label textStyle="xs" id="notification-message-label">
                {t('send.message')}
              </Field.Label>
              <Box w="full">
                <RichText
                  value={message}
                  onChange={(html) => {
                    setMessage(html);
                    setErrors(({ message: _dropped, ...rest }) => rest);
                  }}
                  placeholder={t('send.messagePlaceholder')}
                  label={t('send.message')}
                  invalid={Boolean(errors.message?.length)}
                  minH="48"
                  maxH="md"
                />
              </Box>
              {errors.message?.length ? <Field.ErrorText data-testid="message-error">{errors.message.join(' ')}</Field.ErrorText> : null}
            </Field.Root>
            <HStack justify="flex-end" gap="2">
              <Button asChild size="xs" variant="outline">
                <RouterLink to="/notification">{t('send.back')}</RouterLink>
              </Button>
              <Button type="submit" size="xs" colorPalette="brand" loading={sending} loadingText={t('send.sending')}>
                <LuSend />
                {t('send.submit')}
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
