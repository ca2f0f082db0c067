/**
 * Import admins from a sheet (issue 15), on the shared sheet import (components/sheet-import): download
 * the template (Excel or CSV), pick an .xlsx or .csv, see the server's dry run of it — every row as
 * read, the rows it would refuse highlighted with their messages under the columns at fault — then
 * import the valid rows (one transaction on the server) with a progress bar while it works, and a
 * summary of what was created and skipped. The server reads and checks the sheet.
 */
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuTriangleAlert } from 'react-icons/lu';
import { SheetImportDialog } from '@/app/components/sheet-import/sheet-import-dialog';
import { type AdminImportData, adminApi } from '../api/admin-api';
import { hasErrors, OtherErrors, PreviewTable } from './import-preview';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Admins were created: the list reloads. */
  onImported: () => void;
}

const validRows = (data: AdminImportData) => (data.rows ?? []).filter((row) => !hasErrors(row)).length;

export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <SheetImportDialog<AdminImportData>
      open={open}
      onClose={onClose}
      onImported={onImported}
      labels={{
        title: t('import.title'),
        templateTitle: t('import.templateTitle'),
        templateHint: t('import.templateHint'),
        templateXlsx: t('import.templateXlsx'),
        templateCsv: t('import.templateCsv'),
        file: t('import.file'),
        fileHint: t('import.fileHint'),
        chooseFile: t('import.chooseFile'),
        chooseAnother: t('import.chooseAnother'),
        checking: t('import.checking'),
        summaryTitle: t('import.summaryTitle'),
        cancel: t('common.cancel'),
        close: t('common.close'),
      }}
      template={adminApi.template}
      check={(file) => adminApi.importSheet(file, true)}
      run={(file) => adminApi.importSheet(file, false)}
      runButton={(data) => ({ label: t('import.run', { count: validRows(data) }), enabled: validRows(data) > 0 })}
      importingLabel={(data) => t('import.importing', { count: validRows(data) })}
      summary={(data) => ({ text: t('import.summary', { created: data.created, skipped: data.skipped }), created: data.created > 0 })}
      preview={(data) => <AdminPreview data={data} />}
    />
  );
}

/** The dry run's counts, its rows and the messages about rows it does not list. */
function AdminPreview({ data }: { data: AdminImportData }) {
  const { t } = useTranslation('admin');
  const rows = data.rows ?? [];
  const invalid = rows.filter(hasErrors).length;
  const valid = rows.length - invalid;
  return (
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
      <OtherErrors data={data} rows={rows} />
    </Stack>
  );
}
