/**
 * /privacy: public, no login. Fetches the company's privacy HTML (POST /website/privacy)
 * and renders it read-only through the rich-text component, which sanitizes it again in the browser.
 */
import { Alert, Box, Card, Center, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/app/components/language-switch';
import { Logo } from '@/app/components/logo';
import { RichText } from '@/app/components/rich-text/rich-text';
import { usePageTitle } from '@/app/lib/title';
import { type PrivacyItem, privacyApi } from '../api/privacy';

export function PrivacyPage() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation('notification');
  usePageTitle('route.privacy');
  const [item, setItem] = useState<PrivacyItem | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    privacyApi.read().then(
      (loaded) => live && setItem(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Center as="main" minH="100dvh" px="4" py={{ base: 6, md: 12 }} bg="bg.subtle" alignItems="flex-start">
      <Stack w="full" maxW="3xl" gap="5">
        <HStack justify="space-between">
          <HStack gap="2">
            <Logo boxSize="7" />
            <Text fontWeight="semibold" textStyle="sm">
              {t('app.title')}
            </Text>
          </HStack>
          <LanguageSwitch />
        </HStack>
        <Card.Root variant="outline" bg="bg" shadow="xs">
          <Card.Body gap="5" px={{ base: 5, md: 10 }} py={{ base: 6, md: 10 }}>
            <Box borderBottomWidth="1px" pb="4">
              <Heading as="h1" size="2xl" letterSpacing="tight">
                {t('privacy.heading')}
              </Heading>
              {item?.updated_at && (
                <Text textStyle="xs" color="fg.muted" mt="1.5">
                  {tn('privacy.updatedAt', { time: dayjs(item.updated_at).format('YYYY-MM-DD') })}
                </Text>
              )}
            </Box>
            {failed ? (
              <Alert.Root status="error" size="sm">
                <Alert.Indicator />
                <Alert.Title>{tn('privacy.loadFailed')}</Alert.Title>
              </Alert.Root>
            ) : !item ? (
              <Stack gap="3">
                <Skeleton h="4" />
                <Skeleton h="4" w="90%" />
                <Skeleton h="4" w="75%" />
              </Stack>
            ) : item.content ? (
              <Box data-testid="privacy-content">
                <RichText value={item.content} readOnly size="md" label={t('privacy.heading')} />
              </Box>
            ) : (
              <Text textStyle="sm" color="fg.muted">
                {t('privacy.placeholder')}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
