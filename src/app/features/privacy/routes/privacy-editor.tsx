/**
 * /website/privacy: the privacy page editor (needs website.privacy to read and save). Loads the
 * stored HTML into the rich-text editor, saves it, and shows what the server stored (it sanitizes),
 * with a link to the public page. Its texts live in the `notification` namespace, the one this work
 * was given (the rich-text component's texts are there too).
 */
import { Alert, Button, Card, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuExternalLink, LuSave } from 'react-icons/lu';
import { RichText } from '@/app/components/rich-text/rich-text';
import { messages } from '@/app/components/ui/toaster';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { formatPageTitle } from '@/app/lib/title';
import { type PrivacyItem, privacyApi } from '../api/privacy';
import { HeadingBlock } from '@/app/components/heading-block';

export function PrivacyEditorPage() {
  const { t } = useTranslation('notification');
  const title = t('title.privacyEditor');
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
  const allowed = usePermission('website.privacy');
  const [stored, setStored] = useState<PrivacyItem | null>(null);
  const [content, setContent] = useState('');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    privacyApi.detail().then(
      (item) => {
        if (!live) return;
        setStored(item);
        setContent(item.content);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [allowed]);

  const save = async () => {
    setSaving(true);
    try {
      const item = await privacyApi.update(content);
      setStored(item);
      setContent(item.content);
      messages.success(t('privacy.saved'), { id: 'privacy-saved' });
    } catch {
      // the API client has shown the failure
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="4" maxW="4xl" mx="auto">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <HeadingBlock as="h1" title={t('privacy.heading')} lead={t('privacy.editorSubtitle')} leadSize="xs" />
        <Button asChild size="xs" variant="outline">
          <a href="/privacy" target="_blank" rel="noopener noreferrer">
            <LuExternalLink />
            {t('privacy.viewPublic')}
          </a>
        </Button>
      </Flex>
      {!allowed ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('privacy.noPermission')}</Alert.Title>
        </Alert.Root>
      ) : failed ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('privacy.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Card.Root size="sm" variant="outline">
          <Card.Body gap="4">
            {stored ? (
              <RichText value={content} onChange={setContent} label={t('privacy.content')} placeholder={t('privacy.placeholder')} minH="80" size="md" />
            ) : (
              <Stack gap="2">
                <Skeleton h="8" />
                <Skeleton h="64" />
              </Stack>
            )}
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text textStyle="xs" color="fg.muted" data-testid="privacy-updated-at">
                {stored?.updated_at ? t('privacy.updatedAt', { time: dayjs(stored.updated_at).format('YYYY-MM-DD HH:mm') }) : t('privacy.neverUpdated')}
              </Text>
              <Button size="xs" colorPalette="brand" onClick={save} loading={saving} loadingText={t('privacy.saving')} disabled={!stored}>
                <LuSave />
                {t('privacy.save')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
