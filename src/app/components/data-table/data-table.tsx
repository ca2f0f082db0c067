/**
 * The back office's data table. A list screen says what its columns are (header, cell, where a column
 * hides on a phone, how it sorts) and hands over its rows or its paged list; the table draws the
 * header, the rows, the tick boxes of a selection, the first load, the empty and the failed states,
 * and the pager (10, 25, 50 a page with the total) under a paged list. A screen never writes a
 * <table> of its own, so every list reads and behaves alike.
 */
import {
  Button,
  Checkbox,
  EmptyState,
  Spinner,
  Table,
  type TableCellProps,
  type TableColumnHeaderProps,
  type TableRootProps,
  type TableRowProps,
  VStack,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuTriangleAlert } from 'react-icons/lu';
import { ListPagination } from '@/app/components/list-pagination';
import type { PagedRows } from '@/app/hooks/use-paged-list';

type Key = string | number;
/** `data-testid` and the like, which Chakra's prop types do not list. */
export type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Hidden below this width; the screen shows the value elsewhere in the row on a phone. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  /** Numbers and actions line up at the end of the cell. */
  align?: 'end';
  headerProps?: TableColumnHeaderProps & DataAttributes;
  cellProps?: (TableCellProps & DataAttributes) | ((row: Row) => TableCellProps & DataAttributes);
  /** A column the list sorts by: its header is a button that turns the order round. */
  sort?: { order: 'asc' | 'desc'; onToggle: () => void; ascTitle: string; descTitle: string };
}

export interface TableSelection<Row> {
  selected: ReadonlySet<Key>;
  onChange: (next: Set<Key>) => void;
  /** A row that cannot be ticked shows its box disabled. */
  selectable: (row: Row) => boolean;
  allLabel: string;
  rowLabel: (row: Row) => string;
  rowTitle?: (row: Row) => string | undefined;
}

/** What the table shows in place of rows: nothing to list, or the list could not be read. */
export interface TableMessage {
  title: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  testId?: string;
  /** Buttons under the message; a failed paged list offers its retry without them. */
  actions?: ReactNode;
}

interface DataTableProps<Row> {
  /** `false` leaves a column out (one the user may not use). */
  columns: ReadonlyArray<Column<Row> | false>;
  rowKey: (row: Row) => Key;
  /** A paged list: its rows, loading, failure and pager. */
  list?: PagedRows<Row>;
  /** The list comes whole in one answer: no pager under it. */
  unpaged?: boolean;
  /** A list that is not paged. */
  rows?: readonly Row[];
  loading?: boolean;
  /** Shown instead of the rows, for a list that is not paged, when it could not be read. */
  error?: TableMessage | null;
  empty: TableMessage;
  /** Replaces the spinner of the first load. */
  loadingMessage?: TableMessage;
  rowProps?: (row: Row) => TableRowProps & DataAttributes;
  selection?: TableSelection<Row>;
  /** Shown beside the pager's total (how many rows are ticked). */
  footer?: ReactNode;
  /** A denser pager, for a table already dense on a phone. */
  compactPager?: boolean;
  /** The table's own props: data-testid, aria-label, interactive, stickyHeader. */
  tableProps?: TableRootProps & DataAttributes;
  /** Without its own bordered, scrolling frame (the screen draws one). */
  frameless?: boolean;
}

function StateRow({ span, message, spinner }: { span: number; message: TableMessage; spinner?: boolean }) {
  return (
    <Table.Row _hover={{ bg: 'transparent' }}>
      <Table.Cell colSpan={span} p="0">
        <EmptyState.Root size="sm" py="10" data-testid={message.testId}>
          <EmptyState.Content>
            {spinner ? <Spinner size="sm" color="fg.muted" /> : message.icon && <EmptyState.Indicator>{message.icon}</EmptyState.Indicator>}
            <VStack textAlign="center" gap="1">
              <EmptyState.Title textStyle="sm" color="fg.muted">
                {message.title}
              </EmptyState.Title>
              {message.hint && <EmptyState.Description textStyle="xs">{message.hint}</EmptyState.Description>}
            </VStack>
            {message.actions}
          </EmptyState.Content>
        </EmptyState.Root>
      </Table.Cell>
    </Table.Row>
  );
}

function SortButton({ sort, children }: { sort: NonNullable<Column<unknown>['sort']>; children: ReactNode }) {
  return (
    <Button size="2xs" variant="ghost" px="1" ms="-1" title={sort.order === 'asc' ? sort.descTitle : sort.ascTitle} onClick={sort.onToggle}>
      {children}
      {sort.order === 'asc' ? <LuArrowUp /> : <LuArrowDown />}
    </Button>
  );
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { rowKey, list, empty, selection, tableProps, rowProps } = props;
  const columns = props.columns.filter((column): column is Column<Row> => column !== false);
  const rows = list?.rows ?? props.rows ?? [];
  const loading = list?.loading ?? props.loading ?? false;
  const span = columns.length + (selection ? 1 : 0);
  const failure: TableMessage | null =
    props.error ??
    (list?.failed
      ? {
          title: t('table.loadFailed'),
          icon: <LuTriangleAlert />,
          actions: (
            <Button size="xs" variant="outline" onClick={list.reload}>
              {t('table.retry')}
            </Button>
          ),
        }
      : null);

  const selectable = selection ? rows.filter(selection.selectable) : [];
  const allTicked = selectable.length > 0 && selectable.every((row) => selection!.selected.has(rowKey(row)));
  const someTicked = selectable.some((row) => selection!.selected.has(rowKey(row)));
  const tick = (row: Row, on: boolean) => {
    const next = new Set(selection!.selected);
    if (on) next.add(rowKey(row));
    else next.delete(rowKey(row));
    selection!.onChange(next);
  };

  let state: ReactNode = null;
  if (failure && rows.length === 0) state = <StateRow span={span} message={failure} />;
  else if (loading && rows.length === 0) state = <StateRow span={span} message={props.loadingMessage ?? { title: t('app.loading') }} spinner />;
  else if (rows.length === 0) state = <StateRow span={span} message={empty} />;

  const table = (
    <Table.Root size="sm" aria-busy={loading} {...tableProps}>
      <Table.Header>
        <Table.Row bg="bg.muted">
          {selection && (
            <Table.ColumnHeader w="10" px="3">
              <Checkbox.Root
                size="sm"
                aria-label={selection.allLabel}
                disabled={selectable.length === 0}
                checked={allTicked ? true : someTicked ? 'indeterminate' : false}
                onCheckedChange={({ checked }) => selection.onChange(checked === true ? new Set(selectable.map(rowKey)) : new Set())}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
          )}
          {columns.map((column) => (
            <Table.ColumnHeader
              key={column.key}
              hideBelow={column.hideBelow}
              textAlign={column.align}
              aria-sort={column.sort ? (column.sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
              {...column.headerProps}
            >
              {column.sort ? <SortButton sort={column.sort}>{column.header}</SortButton> : column.header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
            {selection && (
              <Table.Cell px="3" onDoubleClick={(event) => event.stopPropagation()}>
                <Checkbox.Root
                  size="sm"
                  aria-label={selection.rowLabel(row)}
                  title={selection.rowTitle?.(row)}
                  disabled={!selection.selectable(row)}
                  checked={selection.selected.has(rowKey(row))}
                  onCheckedChange={({ checked }) => tick(row, checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
            )}
            {columns.map((column) => (
              <Table.Cell key={column.key} hideBelow={column.hideBelow} textAlign={column.align} {...(typeof column.cellProps === 'function' ? column.cellProps(row) : column.cellProps)}>
                {column.cell(row)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
        {state}
      </Table.Body>
    </Table.Root>
  );

  return (
    <>
      {props.frameless ? (
        table
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          {table}
        </Table.ScrollArea>
      )}
      {list && !props.unpaged && (
        <ListPagination
          total={list.total}
          page={list.query.page}
          pageSize={list.query.limit}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          compact={props.compactPager}
        >
          {props.footer}
        </ListPagination>
      )}
    </>
  );
}
