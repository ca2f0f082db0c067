/**
 * The levels of a level game (type 2) and their promotion scores: one input per level
 * except the last, digits only (`keepDigits`); leaving an input validates all of them with
 * `validatePromotionScores` and, when valid, saves them all through /triviaGame/updateLevel. Levels
 * are added or the last one removed here too (saved at once when the scores allow it).
 */
import { Button, Field, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { dataOf, isApiError } from '@/app/api/api';
import { client } from '@/app/api/client';
import { savedMessage } from '@/app/lib/feedback';
import { formatDomainMessage } from '@/domain/messages';
import { keepDigits, validatePromotionScores } from '@/domain/question-rules';
import { domainLang } from '../lib/question-form';

type Level = components['schemas']['Level'];

interface Row {
  level: number;
  promotion_score: string;
}

const rowsOf = (levels: readonly Level[]): Row[] =>
  [...levels].sort((a, b) => a.level - b.level).map((l) => ({ level: l.level, promotion_score: l.promotion_score === null ? '' : String(l.promotion_score) }));

const payloadOf = (rows: readonly Row[]) =>
  rows.map((row, i) => ({ level: row.level, promotion_score: i === rows.length - 1 ? null : Number(row.promotion_score) }));

interface PromotionScoresProps {
  gameId: number;
  levels: readonly Level[];
  editable: boolean;
  onSaved: (levels: Level[]) => void;
}

export function PromotionScores({ gameId, levels, editable, onSaved }: PromotionScoresProps) {
  const { t, i18n } = useTranslation('trivia');
  const lang = domainLang(i18n.language);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(levels));
  // Level number → message; the keys stay so that a language switch re-words them.
  const [missing, setMissing] = useState<number[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);

  // Saved levels from the parent replace the rows (while rendering: no effect that sets state).
  const [rowsFrom, setRowsFrom] = useState(levels);
  if (levels !== rowsFrom) {
    setRowsFrom(levels);
    setRows(rowsOf(levels));
  }

  async function validateAndSave(next: Row[]) {
    setRows(next);
    setServerErrors({});
    const errors = validatePromotionScores(next);
    setMissing(errors.map((e) => e.level));
    if (errors.length > 0) return;
    if (JSON.stringify(payloadOf(next)) === JSON.stringify(payloadOf(rowsOf(levels)))) return;
    setSaving(true);
    try {
      const data = await dataOf(client.POST('/triviaGame/updateLevel', { body: { trivia_game_id: gameId, trivia_game_level: payloadOf(next) } }));
      savedMessage(t('header.saved'));
      onSaved(data.list);
    } catch (error) {
      if (isApiError(error, 'validation')) {
        const byLevel: Record<number, string> = {};
        for (const [field, list] of Object.entries(error.fields)) {
          const index = /^trivia_game_level\.(\d+)\./.exec(field)?.[1];
          const row = index === undefined ? undefined : next[Number(index)];
          if (row) byLevel[row.level] = list.join(' ');
        }
        setServerErrors(byLevel);
      } else {
        setRows(rowsOf(levels)); // refused (a removed level still has questions): back to what is stored
        setMissing([]);
      }
    } finally {
      setSaving(false);
    }
  }

  const last = rows.length - 1;
  return (
    <Stack gap="3" data-testid="promotion-scores">
      <Wrap gap="4" align="flex-start">
        {rows.map((row, index) => {
          if (index === last) {
            return (
              <Stack key={row.level} gap="1" justify="flex-end" minH="16">
                <Text textStyle="sm" fontWeight="medium">
                  {t('question.levelN', { n: row.level })}
                </Text>
                <Text textStyle="xs" color="fg.muted" h="8" display="flex" alignItems="center">
                  {t('header.lastLevel')}
                </Text>
              </Stack>
            );
          }
          const message = missing.includes(row.level) ? formatDomainMessage(lang, 'level.promotionScoreRequired', { n: row.level }) : serverErrors[row.level];
          return (
            <Field.Root key={row.level} invalid={message !== undefined} required w="44" gap="1">
              <Field.Label textStyle="sm">{t('header.promotionScore', { n: row.level })}</Field.Label>
              <Input
                size="sm"
                inputMode="numeric"
                readOnly={!editable}
                value={row.promotion_score}
                onChange={(e) => setRows((prev) => prev.map((r, i) => (i === index ? { ...r, promotion_score: keepDigits(e.target.value) } : r)))}
                onBlur={() => editable && void validateAndSave(rows)}
              />
              {message !== undefined && <Field.ErrorText textStyle="xs">{message}</Field.ErrorText>}
            </Field.Root>
          );
        })}
      </Wrap>
      {editable && (
        <HStack gap="2">
          <Button size="xs" variant="outline" colorPalette="brand" disabled={saving} onClick={() => void validateAndSave([...rows, { level: rows.length + 1, promotion_score: '' }])}>
            <LuPlus />
            {t('header.addLevel')}
          </Button>
          {rows.length > 1 && (
            <Button size="xs" variant="ghost" colorPalette="red" disabled={saving} onClick={() => void validateAndSave(rows.slice(0, -1))}>
              <LuMinus />
              {t('header.removeLevel')}
            </Button>
          )}
          <Text textStyle="xs" color="fg.muted">
            {t('header.levelsHint')}
          </Text>
        </HStack>
      )}
    </Stack>
  );
}
