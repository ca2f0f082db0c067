/**
 * The question import's preview (issue 35): what the server's dry run read of the sheet — the layout
 * (our template or Kahoot's) and the encoding, the file-wide notices and the images not found above
 * the table, then one row per sheet row (row number, kind, title, text, options, answer, seconds,
 * level in a level game, images) with each problem in the cell of the field it concerns: an error in
 * red, a warning in amber, its message written under the value (with its sheet column and the word
 * "Error"/"Warning", so neither colour nor sight is needed). A problem of the row as a whole (a field the
 * preview does not show) is written in a line under the row. The table scrolls sideways inside the
 * dialog on a phone; it is a focusable region so a keyboard scrolls it too.
 */
import { Alert, Badge, Box, HStack, Icon, List, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleAlert, LuTriangleAlert } from 'react-icons/lu';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import type { QuestionImportData, QuestionImportRow, QuestionSheetProblem } from '../api/question-bulk';
import { answerText, imagesOf, optionsText, type PreviewCell, problemsByCell, rowHasError, worstOf } from '../lib/question-sheet-preview';

/** Text on red.50 / orange.50 stays readable with the 700/800 shades (axe's contrast check). */
const TONE = {
  error: { bg: 'red.50', fg: 'red.700', icon: LuCircleAlert },
  warning: { bg: 'orange.50', fg: 'orange.800', icon: LuTriangleAlert },
} as const;

/** The counts, the file-wide messages and the table. */
export function QuestionImportPreview({ data, levelGame }: { data: QuestionImportData; levelGame: boolean }) {
  const { t } = useTranslation('trivia');
  const warned = data.rows.filter((row) => !rowHasError(row) && row.problems.length > 0).length;
  return (
    <Stack gap="3" minW="0">
      <HStack gap="2" wrap="wrap" textStyle="xs" data-testid="import-counts">
        <Text fontWeight="medium" textStyle="sm">
          {t('sheetImport.preview')}
        </Text>
        <Badge size="sm" variant="subtle" colorPalette="brand" data-testid="import-layout">
          {t('sheetImport.layoutLabel', { layout: t(data.layout === 'kahoot' ? 'sheetImport.layoutKahoot' : 'sheetImport.layoutTemplate'), row: data.header_row })}
        </Badge>
        {data.encoding && (
          <Badge size="sm" variant="subtle" data-testid="import-encoding">
            {t(data.encoding === 'big5' ? 'sheetImport.encodingBig5' : 'sheetImport.encodingUtf8')}
          </Badge>
        )}
        <Badge size="sm" variant="subtle">
          {t('sheetImport.rows', { count: data.total })}
        </Badge>
        {data.invalid > 0 && (
          <Badge size="sm" colorPalette="red" variant="subtle">
            <LuCircleAlert />
            {t('sheetImport.invalid', { count: data.invalid })}
          </Badge>
        )}
        {warned > 0 && (
          <Badge size="sm" colorPalette="orange" variant="subtle">
            <LuTriangleAlert />
            {t('sheetImport.warnings', { count: warned })}
          </Badge>
        )}
      </HStack>
      {data.invalid > 0 && (
        <Text textStyle="xs" color="red.700" data-testid="import-blocked">
          {t('sheetImport.allOrNothing')}
        </Text>
      )}
      {data.notices.length > 0 && (
        <Alert.Root status="info" size="sm" data-testid="import-notices">
          <Alert.Indicator />
          <Alert.Content>
            <List.Root gap="0.5" ps="4" textStyle="xs">
              {data.notices.map((notice) => (
                <List.Item key={notice}>{notice}</List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      {data.missing_images.length > 0 && (
        <Alert.Root status="error" size="sm" data-testid="import-missing-images">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title textStyle="xs">{t('sheetImport.missingImages')}</Alert.Title>
            <List.Root gap="0.5" ps="4" textStyle="xs" wordBreak="break-all">
              {data.missing_images.map((name) => (
                <List.Item key={name}>{name}</List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      <PreviewTable rows={data.rows} levelGame={levelGame} />
    </Stack>
  );
}

function PreviewTable({ rows, levelGame }: { rows: QuestionImportRow[]; levelGame: boolean }) {
  const { t } = useTranslation('trivia');
  if (rows.length === 0) return null;
  const cells: Array<{ cell: PreviewCell; header: string; minW: string; value: (row: QuestionImportRow) => ReactNode }> = [
    { cell: 'kind', header: t('sheetImport.kind'), minW: '24', value: (row) => t(`question.${kindLabelOf(row.question.question_type).label}`) },
    { cell: 'title', header: t('sheetImport.titleCol'), minW: '40', value: (row) => row.question.title },
    { cell: 'text', header: t('sheetImport.text'), minW: '48', value: (row) => row.question.question_text },
    { cell: 'options', header: t('sheetImport.options'), minW: '48', value: (row) => optionsText(row.question) },
    {
      cell: 'answer',
      header: t('sheetImport.answer'),
      minW: '28',
      value: (row) => answerText(row.question, { true: t('question.true'), false: t('question.false') }),
    },
    {
      cell: 'seconds',
      header: t('sheetImport.seconds'),
      minW: '20',
      value: (row) =>
        !kindLabelOf(row.question.question_type).answerable ? '' : row.question.have_answering_time === 1 ? t('question.seconds', { n: row.question.answering_time }) : t('sheetImport.noLimit'),
    },
    ...(levelGame ? [{ cell: 'level' as const, header: t('sheetImport.level'), minW: '16', value: (row: QuestionImportRow) => (row.level === null ? '' : t('question.levelN', { n: row.level })) }] : []),
    { cell: 'images', header: t('sheetImport.images'), minW: '40', value: (row) => imagesOf(row.question).join('\n') },
  ];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH={{ base: 'none', md: '96' }} tabIndex={0} role="region" aria-label={t('sheetImport.preview')} data-testid="import-preview-scroll">
      <Table.Root size="sm" stickyHeader data-testid="import-preview">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader w="12">{t('sheetImport.row')}</Table.ColumnHeader>
            {cells.map((c) => (
              <Table.ColumnHeader key={c.cell} minW={c.minW}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.flatMap((row) => {
            const byCell = problemsByCell(row.problems);
            const bad = rowHasError(row);
            const rowWide = byCell.get('row');
            const main = (
              <Table.Row key={row.row} data-testid="import-row" data-row={row.row} data-invalid={bad || undefined}>
                <Table.Cell fontVariantNumeric="tabular-nums" color={bad ? 'red.700' : 'fg.muted'} fontWeight={bad ? 'semibold' : undefined} verticalAlign="top">
                  {row.row}
                </Table.Cell>
                {cells.map((c) => {
                  const problems = byCell.get(c.cell);
                  const worst = worstOf(problems);
                  const value = c.value(row);
                  return (
                    <Table.Cell
                      key={c.cell}
                      verticalAlign="top"
                      whiteSpace="pre-line"
                      wordBreak="break-word"
                      bg={worst ? TONE[worst].bg : undefined}
                      minW={worst ? '56' : undefined}
                      data-cell={c.cell}
                      data-severity={worst ?? undefined}
                    >
                      {value || (
                        <Text as="span" color="fg.subtle">
                          —
                        </Text>
                      )}
                      {problems && <Problems problems={problems} />}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
            if (!rowWide) return [main];
            const worst = worstOf(rowWide)!;
            return [
              main,
              <Table.Row key={`${row.row}-row`} bg={TONE[worst].bg} data-testid="import-row-problems" data-row={row.row} data-severity={worst}>
                <Table.Cell colSpan={cells.length + 1} pt="1">
                  <HStack gap="2" align="flex-start">
                    <Text textStyle="xs" fontWeight="semibold" flexShrink={0}>
                      {t('sheetImport.rowProblems', { row: row.row })}
                    </Text>
                    <Problems problems={rowWide} />
                  </HStack>
                </Table.Cell>
              </Table.Row>,
            ];
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A cell's (or a row's) messages: each with its severity in words, its sheet column and its text. */
function Problems({ problems }: { problems: QuestionSheetProblem[] }) {
  const { t } = useTranslation('trivia');
  return (
    <List.Root gap="0.5" ps="0" mt="1" listStyle="none" textStyle="xs" whiteSpace="normal" data-testid="import-problems">
      {problems.map((problem, i) => {
        const tone = TONE[problem.severity];
        return (
          <List.Item key={i} color={tone.fg} fontWeight="medium" display="flex" gap="1" alignItems="flex-start" data-severity={problem.severity}>
            <Icon mt="0.5" flexShrink={0} aria-hidden>
              <tone.icon />
            </Icon>
            <Box>
              <VisuallyHidden>{t(problem.severity === 'error' ? 'sheetImport.error' : 'sheetImport.warning')}: </VisuallyHidden>
              {problem.column && (
                <Text as="span" fontWeight="semibold" title={problem.header}>
                  {t('sheetImport.problemAt', { column: problem.column })} ·{' '}
                </Text>
              )}
              {problem.message}
            </Box>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
