/**
 * The steps every sheet import of the back office goes through (the admins' of issue 15, the
 * questions' of issue 35): download the template (Excel or CSV), choose an .xlsx or .csv, the server's
 * dry run of it shown as a preview, the import itself, and a summary. The server reads and checks the
 * sheet; this dialog never parses it. What differs between imports is given by the caller: the calls,
 * the words (in its own i18n namespace) and the preview of the dry run's answer; the steps, the file
 * picker, the progress bar (with the file's name and size) and the summary are the same everywhere.
 */
import { Alert, Box, Button, HStack, Icon, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useRef, useState } from 'react';
import { LuDownload, LuFileSpreadsheet, LuFileUp } from 'react-icons/lu';
import { type DownloadedFile, isApiError } from '@/app/api/api';
import { DialogFrame } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { HeadingBlock } from '@/app/components/heading-block';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';
import { saveFile } from '@/app/lib/save-file';
import { formatSize } from './format-size';

export type SheetFormat = 'xlsx' | 'csv';

/** Where the import is; `data` is the server's answer (the dry run's until the import answers). */
export type SheetImportStep<D> =
  | { kind: 'choose' }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; data: D }
  | { kind: 'importing'; file: File; data: D }
  | { kind: 'done'; file: File; data: D };

/** The words of one import, in its own namespace. */
export interface SheetImportLabels {
  title: string;
  templateTitle: string;
  templateHint: string;
  templateXlsx: string;
  templateCsv: string;
  file: string;
  fileHint: string;
  chooseFile: string;
  chooseAnother: string;
  checking: string;
  summaryTitle: string;
  cancel: string;
  close: string;
}

export interface SheetImportDialogProps<D> {
  open: boolean;
  onClose: () => void;
  labels: SheetImportLabels;
  /** 'wide' for a preview of many columns (it still scrolls sideways on a phone). */
  layout?: 'page' | 'wide';
  template: (format: SheetFormat) => Promise<DownloadedFile>;
  /** The server's dry run of the file: the preview. */
  check: (file: File) => Promise<D>;
  /** The import itself. */
  run: (file: File) => Promise<D>;
  /** The import button's words for this preview, and whether it may be pressed. */
  runButton: (data: D) => { label: string; enabled: boolean };
  /** The progress bar's words while the import runs. */
  importingLabel: (data: D) => string;
  /** The summary once imported: what was created, and whether anything was. */
  summary: (data: D) => { text: string; created: boolean };
  /** Something was created: the list reloads. */
  onImported: () => void;
  /** The preview of the dry run's answer (and, once done, of the import's). */
  preview: (data: D, step: 'preview' | 'importing' | 'done') => ReactNode;
}

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

export function SheetImportDialog<D>(props: SheetImportDialogProps<D>) {
  const { open, onClose, labels } = props;
  const [step, setStep] = useState<SheetImportStep<D>>({ kind: 'choose' });
  const [fileError, setFileError] = useState<string[]>([]);
  const [downloading, setDownloading] = useState<SheetFormat | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useResetOnOpen(open, null, () => {
    setStep({ kind: 'choose' });
    setFileError([]);
  });

  async function download(format: SheetFormat) {
    setDownloading(format);
    try {
      const file = await props.template(format);
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
      setStep({ kind: 'preview', file, data: await props.check(file) });
    } catch (error) {
      if (isApiError(error, 'validation')) setFileError(Object.values(error.fields).flat());
      setStep({ kind: 'choose' });
    }
  }

  async function runImport(file: File, preview: D) {
    setFileError([]);
    setStep({ kind: 'importing', file, data: preview });
    try {
      const data = await props.run(file);
      setStep({ kind: 'done', file, data });
      if (props.summary(data).created) props.onImported();
    } catch (error) {
      if (isApiError(error, 'validation')) setFileError(Object.values(error.fields).flat());
      setStep({ kind: 'preview', file, data: preview });
    }
  }

  const busy = step.kind === 'checking' || step.kind === 'importing';
  const button = step.kind === 'choose' || step.kind === 'checking' ? null : props.runButton(step.data);

  const footer = (
    <>
      <Button size="sm" variant="outline" onClick={onClose} disabled={busy}>
        {step.kind === 'done' ? labels.close : labels.cancel}
      </Button>
      {step.kind !== 'done' && (
        <Button
          size="sm"
          colorPalette="brand"
          disabled={step.kind !== 'preview' || !button?.enabled}
          loading={step.kind === 'importing'}
          onClick={() => step.kind === 'preview' && void runImport(step.file, step.data)}
          data-testid="import-run"
        >
          {button?.label ?? labels.title}
        </Button>
      )}
    </>
  );
  return (
    <DialogFrame open={open} onClose={onClose} title={labels.title} testId="import-dialog" layout={props.layout ?? 'page'} busy={busy} footer={footer}>
      <Stack gap="4" minW="0">
        <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
          <HeadingBlock title={labels.templateTitle} lead={labels.templateHint} leadSize="xs" titleProps={{ fontWeight: 'medium' }} />
          <HStack gap="2" mt="2" wrap="wrap">
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button key={format} size="xs" variant="outline" loading={downloading === format} onClick={() => void download(format)} data-testid={`template-${format}`}>
                <LuDownload />
                {format === 'xlsx' ? labels.templateXlsx : labels.templateCsv}
              </Button>
            ))}
          </HStack>
        </Box>

        <FormField label={labels.file} messages={fileError} helper={labels.fileHint}>
          <HStack gap="2" wrap="wrap" w="full">
            <Button size="sm" variant="outline" colorPalette="brand" onClick={() => input.current?.click()} disabled={busy}>
              <LuFileUp />
              {step.kind === 'choose' ? labels.chooseFile : labels.chooseAnother}
            </Button>
            {step.kind !== 'choose' && <FileLine file={step.file} />}
          </HStack>
          <Input
            ref={input}
            type="file"
            accept={ACCEPT}
            display="none"
            aria-label={labels.file}
            data-testid="import-file-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = ''; // the same file can be picked again after a fix
              if (file) void check(file);
            }}
          />
        </FormField>

        {step.kind === 'checking' && <ProgressLine label={labels.checking} file={step.file} />}
        {step.kind === 'importing' && <ProgressLine label={props.importingLabel(step.data)} file={step.file} />}

        {step.kind === 'done' && <Summary title={labels.summaryTitle} {...props.summary(step.data)} />}

        {(step.kind === 'preview' || step.kind === 'importing' || step.kind === 'done') && props.preview(step.data, step.kind)}
      </Stack>
    </DialogFrame>
  );
}

/** The file chosen: its name and size. */
function FileLine({ file }: { file: File }) {
  return (
    <HStack gap="1.5" minW="0" textStyle="sm" data-testid="import-file">
      <Icon color="green.600">
        <LuFileSpreadsheet />
      </Icon>
      <Text truncate>{file.name}</Text>
      <Text color="fg.muted" textStyle="xs" flexShrink={0}>
        {formatSize(file.size)}
      </Text>
    </HStack>
  );
}

/**
 * The server is working: an indeterminate bar with the file's name and size (the upload is quick;
 * reading and checking a large sheet take the time, and the server cannot say how far it is).
 */
function ProgressLine({ label, file }: { label: string; file: File }) {
  return (
    <Progress.Root value={null} size="sm" colorPalette="brand" data-testid="import-progress">
      <HStack justify="space-between" mb="1" gap="2" minW="0">
        <Progress.Label textStyle="xs">{label}</Progress.Label>
        <Text textStyle="xs" color="fg.muted" truncate>
          {file.name} · {formatSize(file.size)}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Summary({ title, text, created }: { title: string; text: string; created: boolean }) {
  return (
    <Alert.Root status={created ? 'success' : 'warning'} size="sm" data-testid="import-summary">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
