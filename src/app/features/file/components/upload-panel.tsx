/**
 * The running upload — its name and target, a bar with the percentage, bytes sent, the speed in MB/s
 * and a cancel button — and the last refusal (a rule broken before sending, or the server's 422),
 * which stays until closed or the next upload starts.
 */
import { Alert, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useTranslation } from 'react-i18next';
import { LuX } from 'react-icons/lu';
import { currentLanguage } from '@/app/i18n';
import { formatFileSize } from '@/domain/file-types';
import type { RunningUpload, UploadProblem } from '../hooks/use-file-upload';

const MB = 1024 * 1024;

interface UploadPanelProps {
  running: RunningUpload | null;
  problem: UploadProblem | null;
  onCancel: () => void;
  onDismiss: () => void;
}

export function UploadPanel({ running, problem, onCancel, onDismiss }: UploadPanelProps) {
  const { t } = useTranslation('file');
  if (!running && !problem) return null;
  return (
    <Stack gap="2">
      {running && <Running upload={running} onCancel={onCancel} />}
      {problem && (
        <Alert.Root status="error" size="sm" data-testid="upload-problem">
          <Alert.Indicator />
          <Alert.Content minW="0">
            <Alert.Title wordBreak="break-word">{t('upload.failed', { name: problem.name })}</Alert.Title>
            <Alert.Description data-testid="upload-problem-message">{problem.message}</Alert.Description>
          </Alert.Content>
          <CloseButton size="2xs" alignSelf="flex-start" aria-label={t('upload.dismiss')} onClick={onDismiss} />
        </Alert.Root>
      )}
    </Stack>
  );
}

function Running({ upload, onCancel }: { upload: RunningUpload; onCancel: () => void }) {
  const { t } = useTranslation('file');
  const percent = upload.total > 0 ? Math.min(100, Math.floor((upload.loaded / upload.total) * 100)) : 0;
  const speed =
    upload.speed === null
      ? null
      : new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: upload.speed < 0.1 * MB ? 2 : 1, minimumFractionDigits: 1 }).format(upload.speed / MB);
  // The form is a little larger than the file; the bytes shown are the file's.
  const sent = Math.min(upload.size, Math.round((upload.loaded / Math.max(upload.total, 1)) * upload.size));
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="upload-progress">
      <HStack justify="space-between" gap="3" align="flex-start">
        <Text textStyle="sm" fontWeight="medium" minW="0" wordBreak="break-word">
          {t('upload.uploading', { name: upload.name, path: upload.directory === '' ? t('root') : upload.directory })}
        </Text>
        <Button size="xs" variant="outline" colorPalette="red" flexShrink={0} onClick={onCancel}>
          <LuX />
          {t('upload.cancel')}
        </Button>
      </HStack>
      <Progress.Root value={percent} size="sm" colorPalette="brand" mt="2" aria-label={t('upload.uploading', { name: upload.name, path: upload.directory || t('root') })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack gap="3" mt="1.5" textStyle="xs" color="fg.muted" wrap="wrap" fontVariantNumeric="tabular-nums">
        <Text fontWeight="semibold" color="fg" data-testid="upload-percent">
          {t('upload.percent', { percent })}
        </Text>
        <Text>{t('upload.sent', { sent: formatFileSize(sent), total: formatFileSize(upload.size) })}</Text>
        <Text data-testid="upload-speed">{speed === null ? t('upload.waiting') : t('upload.speed', { speed })}</Text>
      </HStack>
    </Box>
  );
}
