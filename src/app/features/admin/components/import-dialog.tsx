/**
 * Import admins from a sheet (issue 15): download the template (Excel or CSV), pick an .xlsx or .csv,
 * see the server's dry run of it — every row as read, the rows it would refuse highlighted with their
 * messages under the columns at fault — then import the valid rows (one transaction on the server)
 * with a progress bar while it works, and a summary of what was created and skipped. The server reads
 * and checks the sheet; this dialog never parses it.
 */
import { Alert, Badge, Box, Button, HStack, Icon, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuDownload, LuFileSpreadsheet, LuFileUp, LuTriangleAlert } from 'react-icons/lu';
import { isApiError } from '@/app/api/api';
import { DialogFrame } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { saveFile } from '@/app/lib/save-file';
import { type AdminImportData, adminApi, type TemplateFormat } from '../api/admin-api';
import { hasErrors, OtherErrors, PreviewTable } from './import-preview';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';
import { HeadingBlock } from '@/app/components/heading-block';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; data: AdminImportData }
  | { kind: 'importing'; file: File; data: AdminImportData }
  | { kind: 'done'; file: File; data: AdminImportData };

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
}

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Admins were created: the list reloads. */
  onImported: () => void;
}

export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('admin');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [fileError, setFileError] = useState<string[]>([]);
  const [downloading, setDownloading] = useState<TemplateFormat | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useResetOnOpen(open, null, () => {
    setStep({ kind: 'choose' });
    setFileError([]);
  });

  async function download(format: TemplateFormat) {
    setDownloading(format);
    try {
      const file = await adminApi.template(format);
      saveFile(file.blob, file.filename);
    } catch {
      // shown by the API client
    } finally {
      setDownloading(null);
    }
  }

  async function check(file: File) {
    setFileError([]);
    setStep({ kind: 'checking', file });
    try {
      const data = await adminApi.importSheet(file, true);
      setStep({ kind: 'preview', file, data });
    } catch (error) {
      if (isApiError(error, 'validation')) setFileError(Object.values(error.fields).flat());
      setStep({ kind: 'choose' });
    }
  }

  async function runImport(file: File, preview: AdminImportData) {
    setStep({ kind: 'importing', file, data: preview });
    try {
      const data = await adminApi.importSheet(file, false);
      setStep({ kind: 'done', file, data });
      if (data.created > 0) onImported();
    } catch (error) {
      if (isApiError(error, 'validation')) setFileError(Object.values(error.fields).flat());
      setStep({ kind: 'preview', file, data: preview });
    }
  }

  const rows = step.kind === 'choose' || step.kind === 'checking' ? [] : (step.data.rows ?? []);
  const invalid = rows.filter(hasErrors).length;
  const valid = rows.length - invalid;
  const busy = step.kind === 'checking' || step.kind === 'importing';

  const footer = (
    <>
      <Button size="sm" variant="outline" onClick={onClose} disabled={busy}>
        {step.kind === 'done' ? t('common.close') : t('common.cancel')}
      </Button>
      {step.kind !== 'done' && (
        <Button
          size="sm"
          colorPalette="brand"
          disabled={step.kind !== 'preview' || valid === 0}
          loading={step.kind === 'importing'}
          onClick={() => step.kind === 'preview' && void runImport(step.file, step.data)}
          data-testid="import-run"
        >
          {t('import.run', { count: valid })}
        </Button>
      )}
    </>
  );
  return (
    <DialogFrame open={open} onClose={onClose} title={t('import.title')} testId="import-dialog" layout="page" busy={busy} footer={footer}>
      <Stack gap="4">
        <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
          <HeadingBlock title={t('import.templateTitle')} lead={t('import.templateHint')} leadSize="xs" titleProps={{ fontWeight: 'medium' }} />
          <HStack gap="2" mt="2" wrap="wrap">
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button key={format} size="xs" variant="outline" loading={downloading === format} onClick={() => void download(format)} data-testid={`template-${format}`}>
                <LuDownload />
                {t(format === 'xlsx' ? 'import.templateXlsx' : 'import.templateCsv')}
              </Button>
            ))}
          </HStack>
        </Box>

        <FormField label={t('import.file')} messages={fileError} helper={t('import.fileHint')}>
          <HStack gap="2" wrap="wrap" w="full">
            <Button size="sm" variant="outline" colorPalette="brand" onClick={() => input.current?.click()} disabled={busy}>
              <LuFileUp />
              {step.kind === 'choose' ? t('import.chooseFile') : t('import.chooseAnother')}
            </Button>
            {step.kind !== 'choose' && (
              <HStack gap="1.5" minW="0" textStyle="sm" data-testid="import-file">
                <Icon color="green.600">
                  <LuFileSpreadsheet />
                </Icon>
                <Text truncate>{step.file.name}</Text>
                <Text color="fg.muted" textStyle="xs" flexShrink={0}>
                  {formatSize(step.file.size)}
                </Text>
              </HStack>
            )}
          </HStack>
          <Input
            ref={input}
            type="file"
            accept={ACCEPT}
            display="none"
            aria-label={t('import.file')}
            data-testid="import-file-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = ''; // the same file can be picked again after a fix
              if (file) void check(file);
            }}
          />
        </FormField>

        {step.kind === 'checking' && <ProgressLine label={t('import.checking')} />}
        {step.kind === 'importing' && <ProgressLine label={t('import.importing', { count: valid })} />}

        {step.kind === 'done' && (
          <Alert.Root status={step.data.created > 0 ? 'success' : 'warning'} size="sm" data-testid="import-summary">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('import.summaryTitle')}</Alert.Title>
              <Alert.Description>
                {t('import.summary', { created: step.data.created, skipped: step.data.skipped })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {(step.kind === 'preview' || step.kind === 'importing' || step.kind === 'done') && (
          <Stack gap="2">
            <HStack gap="2" wrap="wrap" textStyle="xs" data-testid="import-counts">
              <Text fontWeight="medium" textStyle="sm">
                {t('import.preview')}
              </Text>
              <Badge size="sm" variant="subtle">
                {t('import.rows', { count: rows.length })}
              </Badge>
              <Badge size="sm" colorPalette="green" variant="subtle">
                <LuCircleCheck />
                {t('import.valid', { count: valid })}
              </Badge>
              {invalid > 0 && (
                <Badge size="sm" colorPalette="red" variant="subtle">
                  <LuTriangleAlert />
                  {t('import.invalid', { count: invalid })}
                </Badge>
              )}
            </HStack>
            <PreviewTable rows={rows} />
            <OtherErrors data={step.data} rows={rows} />
          </Stack>
        )}
      </Stack>
    </DialogFrame>
  );
}

/** The server is working: an indeterminate bar (the upload is small; reading and hashing take the time). */
function ProgressLine({ label }: { label: string }) {
  return (
    <Progress.Root value={null} size="sm" colorPalette="brand" data-testid="import-progress">
      <HStack justify="space-between" mb="1">
        <Progress.Label textStyle="xs">{label}</Progress.Label>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
