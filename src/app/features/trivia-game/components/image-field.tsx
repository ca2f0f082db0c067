/**
 * One image of a question or an option: a thumbnail of the current image, a button that picks a file
 * and uploads it at once (POST /file/uploadImage) with a progress bar, and a remove button. A file
 * that is not an image is refused with a warning before anything is sent.
 */
import { Box, Button, HStack, IconButton, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuImagePlus, LuTriangleAlert, LuX } from 'react-icons/lu';
import { isApiError } from '@/app/api/api';
import { messages } from '@/app/components/ui/toaster';
import { uploadImage } from '../api/upload-image';
import { isImageFile } from '../lib/question-form';

interface ImageFieldProps {
  value: string;
  onChange: (path: string) => void;
  /** Accessible name of the file input, e.g. "Option A image". */
  label: string;
  /** e.g. "981*555" (the suggested size of a question image). */
  suggestedSize: string;
  /** Width and height of the thumbnail box. */
  box: { w: string; h: string };
  invalid?: boolean;
  disabled?: boolean;
  testId?: string;
}

export function ImageField({ value, onChange, label, suggestedSize, box, invalid = false, disabled = false, testId }: ImageFieldProps) {
  const { t } = useTranslation('trivia');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [warning, setWarning] = useState('');
  const upload = useRef<AbortController | null>(null);
  const uploading = progress !== undefined;

  useEffect(() => () => upload.current?.abort(), []);

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!isImageFile(file)) {
      setWarning(t('upload.notImage'));
      return;
    }
    setWarning('');
    const controller = new AbortController();
    upload.current = controller;
    try {
      onChange(await uploadImage(file, setProgress, controller.signal));
    } catch (error) {
      // The upload client has shown every other failure as the API's error catalogue says.
      if (isApiError(error, 'validation')) setWarning(error.fields.image?.[0] ?? error.message);
      else if (!isApiError(error)) messages.error(t('upload.failed'));
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(undefined);
    }
  }

  return (
    <Stack gap="1.5" data-testid={testId}>
      <HStack gap="3" align="flex-start">
        <Box
          position="relative"
          w={box.w}
          h={box.h}
          flexShrink={0}
          borderWidth="1px"
          borderStyle={value ? 'solid' : 'dashed'}
          borderColor={invalid ? 'border.error' : 'border'}
          rounded="md"
          bg="bg.muted"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {value ? (
            <Image src={value} alt={label} w="full" h="full" objectFit="contain" />
          ) : (
            <LuImagePlus aria-hidden size="20" color="var(--chakra-colors-fg-subtle)" />
          )}
          {value && !disabled && (
            <IconButton
              aria-label={t('upload.remove')}
              size="2xs"
              variant="solid"
              colorPalette="gray"
              position="absolute"
              top="1"
              right="1"
              rounded="full"
              onClick={() => onChange('')}
            >
              <LuX />
            </IconButton>
          )}
        </Box>
        <Stack gap="1" minW="0">
          <Button size="xs" variant="outline" disabled={disabled || uploading} onClick={() => input.current?.click()}>
            <LuImagePlus />
            {uploading ? t('upload.uploading') : value ? t('upload.replace') : t('upload.choose')}
          </Button>
          <Text textStyle="xs" color="fg.muted">
            {t('question.suggestedSize', { size: suggestedSize })}
          </Text>
        </Stack>
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-label={label}
          hidden
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </HStack>
      {uploading && (
        <Progress.Root size="xs" value={progress === null ? null : Math.round(progress * 100)} maxW="48" colorPalette="brand" aria-label={t('upload.uploading')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {warning && (
        <HStack gap="1" color="orange.fg" textStyle="xs" role="alert">
          <LuTriangleAlert aria-hidden />
          <Text>{warning}</Text>
        </HStack>
      )}
    </Stack>
  );
}
