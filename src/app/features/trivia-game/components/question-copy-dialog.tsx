/**
 * Copy the selected questions to another game of the company (issue 35): choose the game, see the
 * server's dry run — each question with its level from → to and what the copy changes (warnings) or
 * why it cannot go there (errors) — then copy, all or nothing, after that game's last question.
 * Loaded on first use (lazyDialog).
 */
import { Badge, Button, Field, HStack, List, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowRight } from 'react-icons/lu';
import { DialogFrame } from '@/app/components/form-dialog';
import { messages } from '@/app/components/ui/toaster';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import type { components } from '@openapi/admin-api';
import { type QuestionCopyData, questionBulkApi } from '../api/question-bulk';
import { rowHasError } from '../lib/question-sheet-preview';

type Game = components['schemas']['TriviaGame'];

export interface QuestionCopyDialogProps {
  open: boolean;
  gameId: number;
  ids: number[];
  onClose: () => void;
  /** The copies were made: the selection clears. */
  onCopied: () => void;
}

export function QuestionCopyDialog({ open, gameId, ids, onClose, onCopied }: QuestionCopyDialogProps) {
  const { t } = useTranslation('trivia');
  const [games, setGames] = useState<Game[] | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [preview, setPreview] = useState<QuestionCopyData | null>(null);
  const [busy, setBusy] = useState<'preview' | 'copy' | null>(null);

  useResetOnOpen(open, null, () => {
    setTarget(null);
    setPreview(null);
  });
  useEffect(() => {
    if (!open) return;
    let live = true;
    questionBulkApi.games().then(
      (list) => live && setGames(list.filter((g) => g.id !== gameId)),
      () => live && setGames([]),
    );
    return () => {
      live = false;
    };
  }, [open, gameId]);

  async function choose(id: number | null) {
    setTarget(id);
    setPreview(null);
    if (id === null) return;
    setBusy('preview');
    try {
      setPreview(await questionBulkApi.copy(ids, id, true));
    } catch {
      // shown by the API client
    } finally {
      setBusy(null);
    }
  }

  async function copy() {
    if (target === null) return;
    setBusy('copy');
    try {
      const data = await questionBulkApi.copy(ids, target, false);
      messages.success(t('bulk.copied', { count: data.created, title: games?.find((g) => g.id === target)?.title ?? '' }));
      onCopied();
      onClose();
    } catch {
      // shown by the API client; the preview stays
    } finally {
      setBusy(null);
    }
  }

  const blocked = preview !== null && preview.invalid > 0;
  const footer = (
    <>
      <Button size="sm" variant="outline" onClick={onClose} disabled={busy === 'copy'}>
        {t('common.cancel')}
      </Button>
      <Button size="sm" colorPalette="brand" disabled={preview === null || blocked} loading={busy === 'copy'} onClick={() => void copy()} data-testid="copy-run">
        {t('bulk.copyRun', { count: ids.length })}
      </Button>
    </>
  );
  return (
    <DialogFrame open={open} onClose={onClose} title={t('bulk.copyTitle', { count: ids.length })} testId="copy-dialog" layout="page" busy={busy === 'copy'} footer={footer}>
      <Stack gap="4" minW="0">
        <Field.Root>
          <Field.Label>{t('bulk.copyTarget')}</Field.Label>
          {games === null ? (
            <Spinner size="sm" />
          ) : games.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t('bulk.noGames')}
            </Text>
          ) : (
            <NativeSelect.Root size="sm" disabled={busy !== null}>
              <NativeSelect.Field value={target ?? ''} onChange={(e) => void choose(e.target.value ? Number(e.target.value) : null)} data-testid="copy-target">
                <option value="">{t('bulk.copyTargetPlaceholder')}</option>
                {games.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.title} · {t(g.type === 2 ? 'game.type2' : 'game.type1')}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          <Field.HelperText>{t('bulk.copyTargetHint')}</Field.HelperText>
        </Field.Root>

        {busy === 'preview' && <Spinner size="sm" />}
        {blocked && (
          <Text textStyle="sm" color="red.700" data-testid="copy-blocked">
            {t('bulk.copyBlocked')}
          </Text>
        )}
        {preview && (
          <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('bulk.copyPreview')}>
            <Table.Root size="sm" data-testid="copy-preview">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader minW="40">{t('question.title')}</Table.ColumnHeader>
                  <Table.ColumnHeader minW="24">{t('question.kindLabel')}</Table.ColumnHeader>
                  <Table.ColumnHeader minW="28">{t('bulk.copyLevel')}</Table.ColumnHeader>
                  <Table.ColumnHeader minW="48">{t('bulk.copyProblems')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {preview.rows.map((row) => {
                  const bad = rowHasError(row);
                  const level = (n: number | null) => (n === null ? t('common.none') : t('bulk.copyLevelN', { n }));
                  return (
                    <Table.Row key={row.id} data-testid="copy-row" data-invalid={bad || undefined} bg={bad ? 'red.50' : undefined}>
                      <Table.Cell fontWeight="medium">{row.title}</Table.Cell>
                      <Table.Cell>{t(`question.${kindLabelOf(row.question_type).label}`)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap" data-testid="copy-level">
                        <HStack gap="1">
                          <Text as="span">{level(row.level_from)}</Text>
                          <LuArrowRight aria-label="→" />
                          <Text as="span">{level(row.level_to)}</Text>
                        </HStack>
                      </Table.Cell>
                      <Table.Cell>
                        {row.problems.length === 0 ? (
                          <Text color="fg.subtle">{t('common.none')}</Text>
                        ) : (
                          <List.Root gap="0.5" ps="0" listStyle="none" textStyle="xs">
                            {row.problems.map((p, i) => (
                              <List.Item key={i} color={p.severity === 'error' ? 'red.700' : 'orange.800'}>
                                <Badge size="xs" colorPalette={p.severity === 'error' ? 'red' : 'orange'} variant="subtle" me="1">
                                  {t(p.severity === 'error' ? 'sheetImport.error' : 'sheetImport.warning')}
                                </Badge>
                                {p.message}
                              </List.Item>
                            ))}
                          </List.Root>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </DialogFrame>
  );
}

export default QuestionCopyDialog;
