/**
 * Import admins from a sheet (issue 15): download the template (Excel or CSV), pick an .xlsx or .csv,
 * see the server's dry run of it — every row as read, the rows it would refuse highlighted with their
 * messages under the columns at fault — then import the valid rows (one transaction on the server)
 * with a progress bar while it works, and a summary of what was created and skipped. The server reads
 * and checks the sheet; this dialog never parses it.
 */
import { Alert, Badge, Box, Button, Dialog, Field, HStack, Icon, Input, List, Portal, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuDownload, LuFileSpreadsheet, LuFileUp, LuTriangleAlert } from 'react-icons/lu';
import { isApiError } from '@/app/api/api';
import { saveFile } from '@/app/lib/save-file';
import { type AdminImportData, adminApi, type ImportPreviewRow, type TemplateFormat } from '../api/admin-api';
import { dialogContentLayout, dialogSize } from './dialog-layout';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; data: AdminImportData }
  | { kind: 'importing'; file: File; data: AdminImportData }
  | { kind: 'done'; file: File; data: AdminImportData };

const COLUMNS = ['username', 'name', 'email', 'roles', 'status'] as const;
const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

const hasErrors = (row: ImportPreviewRow) => Object.values(row.errors).some((list) => list.length > 0);

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

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: isOpen }) => !isOpen && !busy && onClose()}
      placement="center"
      size={dialogSize}
      scrollBehavior="inside"
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-dialog" {...dialogContentLayout}>
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{t('import.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
                  <Text textStyle="sm" fontWeight="medium">
                    {t('import.templateTitle')}
                  </Text>
                  <Text textStyle="xs" color="fg.muted" mt="0.5">
                    {t('import.templateHint')}
                  </Text>
                  <HStack gap="2" mt="2" wrap="wrap">
                    {(['xlsx', 'csv'] as const).map((format) => (
                      <Button key={format} size="xs" variant="outline" loading={downloading === format} onClick={() => void download(format)} data-testid={`template-${format}`}>
                        <LuDownload />
                        {t(format === 'xlsx' ? 'import.templateXlsx' : 'import.templateCsv')}
                      </Button>
                    ))}
                  </HStack>
                </Box>

                <Field.Root invalid={fileError.length > 0}>
                  <Field.Label textStyle="sm">{t('import.file')}</Field.Label>
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
                  {fileError.length > 0 ? (
                    <Field.ErrorText textStyle="xs">{fileError.join(' ')}</Field.ErrorText>
                  ) : (
                    <Field.HelperText textStyle="xs">{t('import.fileHint')}</Field.HelperText>
                  )}
                </Field.Root>

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
            </Dialog.Body>
            <Dialog.Footer py="3" borderTopWidth="1px">
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
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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

/** A row's messages, each with its column's name. */
function RowErrors({ row }: { row: ImportPreviewRow }) {
  const { t } = useTranslation('admin');
  return (
    <List.Root gap="0.5" ps="0" listStyle="none">
      {Object.entries(row.errors).flatMap(([column, list]) =>
        list.map((message, i) => (
          <List.Item key={`${column}-${i}`}>{t('import.cellError', { column: t(`fields.${column}`, { defaultValue: column }), message })}</List.Item>
        )),
      )}
    </List.Root>
  );
}

/**
 * The rows as the server read them; a refused row is red, its faulty cells too, and its messages are
 * in the last column — on a phone, where only the row number and the username fit, in a line of
 * their own under the row.
 */
/** Text on a refused row's red.50: red.700 keeps the contrast readable (red.500 does not, axe). */
function PreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
  const { t } = useTranslation('admin');
  const statusLabel = (status: number) => (status === 1 ? t('status.enabled') : status === 0 ? t('status.disabled') : String(status));
  if (rows.length === 0) return null;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH={{ base: 'none', md: '80' }}>
      <Table.Root size="sm" stickyHeader data-testid="import-preview">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader w="12">{t('import.row')}</Table.ColumnHeader>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} hideBelow={column === 'username' ? undefined : 'md'}>
                {t(`fields.${column}`)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader hideBelow="md" minW="48">
              {t('import.problems')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.flatMap((row) => {
            const bad = hasErrors(row);
            const atFault = (column: string) => (row.errors[column]?.length ?? 0) > 0;
            const main = (
              <Table.Row key={row.row} data-testid="import-row" data-row={row.row} data-invalid={bad || undefined} bg={bad ? 'red.50' : undefined}>
                <Table.Cell fontVariantNumeric="tabular-nums" color="fg.muted" verticalAlign="top">
                  {row.row}
                </Table.Cell>
                {COLUMNS.map((column) => {
                  const value = column === 'roles' ? row.roles.join(', ') : column === 'status' ? statusLabel(row.status) : row[column];
                  return (
                    <Table.Cell
                      key={column}
                      hideBelow={column === 'username' ? undefined : 'md'}
                      color={atFault(column) ? 'red.700' : undefined}
                      fontWeight={atFault(column) ? 'medium' : undefined}
                      whiteSpace="nowrap"
                      data-column={column}
                    >
                      {value || (
                        <Text as="span" color="fg.subtle">
                          —
                        </Text>
                      )}
                      {column === 'username' && (
                        <Stack hideFrom="md" gap="0" textStyle="xs" color="fg.muted" fontWeight="normal" whiteSpace="normal" wordBreak="break-all">
                          <Text color={atFault('name') ? 'red.700' : undefined}>{row.name}</Text>
                          <Text color={atFault('email') ? 'red.700' : undefined}>{row.email}</Text>
                        </Stack>
                      )}
                    </Table.Cell>
                  );
                })}
                <Table.Cell hideBelow="md" textStyle="xs" color="red.700" data-testid="import-row-errors">
                  {bad ? (
                    <RowErrors row={row} />
                  ) : (
                    <Icon color="green.600" aria-label={t('import.rowOk')}>
                      <LuCircleCheck />
                    </Icon>
                  )}
                </Table.Cell>
              </Table.Row>
            );
            if (!bad) return [main];
            return [
              main,
              <Table.Row key={`${row.row}-errors`} hideFrom="md" bg="red.50">
                <Table.Cell colSpan={2} pt="0" textStyle="xs" color="red.700" whiteSpace="normal">
                  <RowErrors row={row} />
                </Table.Cell>
              </Table.Row>,
            ];
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Messages about rows the preview does not list (the server answered without `rows`, or a sheet-wide problem). */
function OtherErrors({ data, rows }: { data: AdminImportData; rows: ImportPreviewRow[] }) {
  const { t } = useTranslation('admin');
  const listed = new Set(rows.map((row) => row.row));
  const others = data.errors.filter((error) => !listed.has(error.row));
  if (others.length === 0) return null;
  return (
    <List.Root gap="1" textStyle="xs" color="red.700" data-testid="import-errors">
      {others.map((error, i) => (
        <List.Item key={i}>{t('import.rowError', { row: error.row, message: error.message })}</List.Item>
      ))}
    </List.Root>
  );
}
