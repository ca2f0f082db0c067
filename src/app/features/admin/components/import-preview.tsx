/**
 * What the admin import shows of the server's dry run: every row of the sheet as read, a refused row
 * in red with its messages (under the row on a phone), and the messages about rows it does not list.
 */
import { Icon, List, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck } from 'react-icons/lu';
import type { AdminImportData, ImportPreviewRow } from '../api/admin-api';

const COLUMNS = ['username', 'name', 'email', 'roles', 'status'] as const;

export const hasErrors = (row: ImportPreviewRow) => Object.values(row.errors).some((list) => list.length > 0);

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
export function PreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
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
export function OtherErrors({ data, rows }: { data: AdminImportData; rows: ImportPreviewRow[] }) {
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
