/**
 * Create and edit a trivia game: title, answer type (speed / levels), the open time range (level
 * games only; empty = no limit), the player cap, status and the autopilot (./autopilot-fields.tsx). Checked with the shared `validateGame`
 * (the cap's range message on blur, every rule on save); the server's 422 messages appear under
 * their fields.
 */
import { HStack, Input, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import type { AutoAdvance } from '@machines/game/autopilot';
import type { components } from '@openapi/admin-api';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { NumberField } from '@/app/components/number-field';
import { useFormDialog } from '@/app/components/use-form-submit';
import { savedMessage } from '@/app/lib/feedback';
import { type GameDraft, PLAYER_CAP_DEFAULT, PLAYER_CAP_MAX, PLAYER_CAP_MIN, validateGame } from '@/domain/game-rules';
import { hasErrors } from '@/domain/question-rules';
import { domainLang, formatFieldErrors, mergeMessages } from '../lib/question-form';
import { AutopilotFields, autoAdvanceOf } from './autopilot-fields';

type Game = components['schemas']['TriviaGame'];

interface GameForm {
  title: string;
  type: 1 | 2;
  /** `datetime-local` values ('' = no limit). */
  start: string;
  end: string;
  status: 0 | 1;
  /** The most players the game admits (NaN = the input is empty). */
  playerCap: number;
  autoAdvance: AutoAdvance;
}

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';
const toLocal = (iso: string | null) => (iso ? dayjs(iso).format(LOCAL_FORMAT) : '');
const toIso = (local: string) => (local ? dayjs(local).toISOString() : null);

const formOf = (game: Game | null): GameForm =>
  game
    ? {
        title: game.title,
        type: game.type,
        start: toLocal(game.start_time),
        end: toLocal(game.end_time),
        status: game.status,
        playerCap: game.player_cap,
        autoAdvance: autoAdvanceOf(game.auto_advance),
      }
    : { title: '', type: 1, start: '', end: '', status: 1, playerCap: PLAYER_CAP_DEFAULT, autoAdvance: autoAdvanceOf(null) };

interface GameDialogProps {
  open: boolean;
  /** The game to edit; null = a new game. */
  game: Game | null;
  onClose: () => void;
  onSaved: () => void;
}

export function GameDialog({ open, game, onClose, onSaved }: GameDialogProps) {
  const { t, i18n } = useTranslation('trivia');
  const [fields, setFields] = useState<GameForm>(() => formOf(game));
  const [submitted, setSubmitted] = useState(false);
  const [capLeft, setCapLeft] = useState(false);

  const draft: GameDraft = { title: fields.title, type: fields.type, start_time: toIso(fields.start), end_time: toIso(fields.end), player_cap: fields.playerCap };
  const ruleErrors = validateGame(draft);
  const form = useFormDialog({
    open,
    record: game,
    reset: () => {
      setFields(formOf(game));
      setSubmitted(false);
      setCapLeft(false);
    },
    submit: async () => {
      setSubmitted(true);
      if (hasErrors(ruleErrors)) return;
      const body = {
        title: fields.title.trim(),
        type: fields.type,
        status: fields.status,
        player_cap: fields.playerCap,
        auto_advance: fields.autoAdvance,
        ...(fields.type === 2 ? { start_time: draft.start_time as string | null, end_time: draft.end_time as string | null } : {}),
      };
      if (game) await dataOf(client.POST('/triviaGame/update', { body: { ...body, id: game.id } }));
      else await dataOf(client.POST('/triviaGame/create', { body }));
      savedMessage(t('common.saved'));
      onSaved();
    },
  });
  const shownErrors = submitted ? ruleErrors : capLeft && ruleErrors.player_cap ? { player_cap: ruleErrors.player_cap } : {};
  const messages = mergeMessages(formatFieldErrors(shownErrors, domainLang(i18n.language)), form.errors);
  const change = (changed: Partial<GameForm>) => {
    setFields((f) => ({ ...f, ...changed }));
    form.clear();
  };

  return (
    <FormDialog open={open} onClose={onClose} title={game ? t('game.editTitle') : t('game.createTitle')} testId="game-dialog" form={form}>
      <FormField label={t('game.title')} required messages={messages.title}>
        <Input size="sm" value={fields.title} placeholder={t('game.titlePlaceholder')} onChange={(e) => change({ title: e.target.value })} />
      </FormField>
      <FormField label={t('game.type')} messages={messages.type}>
        <RadioGroup.Root size="sm" colorPalette="brand" value={String(fields.type)} onValueChange={({ value }) => value && change({ type: Number(value) as 1 | 2 })}>
          <Stack gap="2">
            {([1, 2] as const).map((type) => (
              <RadioGroup.Item key={type} value={String(type)}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText textStyle="sm">
                  {t(type === 1 ? 'game.type1' : 'game.type2')}
                  <Text as="span" color="fg.muted" textStyle="xs" ms="2">
                    {t(type === 1 ? 'game.type1Hint' : 'game.type2Hint')}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </FormField>
      {fields.type === 2 && (
        <FormField label={t('game.openTime')} messages={[...(messages.start_time ?? []), ...(messages.end_time ?? [])]} helper={t('game.openTimeHint')}>
          <HStack gap="2" w="full" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Input size="sm" type="datetime-local" aria-label={t('game.startTime')} value={fields.start} onChange={(e) => change({ start: e.target.value })} />
            <Text color="fg.muted">~</Text>
            <Input size="sm" type="datetime-local" aria-label={t('game.endTime')} value={fields.end} onChange={(e) => change({ end: e.target.value })} />
          </HStack>
        </FormField>
      )}
      <FormField label={t('game.playerCap')} required messages={messages.player_cap} helper={t('game.playerCapHint')} testId="field-player-cap">
        <NumberField
          label={t('game.playerCap')}
          min={PLAYER_CAP_MIN}
          max={PLAYER_CAP_MAX}
          step={100}
          value={fields.playerCap}
          onChange={(value) => change({ playerCap: value })}
          onBlur={() => setCapLeft(true)}
        />
      </FormField>
      <FormField label={t('game.status')} messages={messages.status}>
        <Switch.Root size="sm" colorPalette="brand" checked={fields.status === 1} onCheckedChange={({ checked }) => change({ status: checked ? 1 : 0 })}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label textStyle="sm" fontWeight="normal">
            {fields.status === 1 ? t('game.status1') : t('game.status0')}
          </Switch.Label>
        </Switch.Root>
      </FormField>
      <AutopilotFields value={fields.autoAdvance} messages={messages} onChange={(changed) => change({ autoAdvance: { ...fields.autoAdvance, ...changed } })} />
    </FormDialog>
  );
}
