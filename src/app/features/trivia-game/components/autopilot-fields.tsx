/**
 * The game dialog's autopilot section (the game's `auto_advance`, docs/game-rules.md "Autopilot"):
 * on or off; the answer published when the countdown ends (the one way there is, said as text); the
 * seconds before the ranking and before the next question (0 = the operator takes that step); the
 * game ended after the last question. The server takes the steps; this only edits the settings, and
 * the server's 422 messages (`auto_advance.<field>`) appear under their fields.
 */
import { Stack, Switch, Text } from '@chakra-ui/react';
import { AUTO_ADVANCE_DEFAULT, type AutoAdvance } from '@machines/game/autopilot';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/app/components/form-field';
import { NumberField } from '@/app/components/number-field';

export const AUTO_ADVANCE_MAX_S = 600;

/** A game's settings as the dialog opens them: the game's, or the defaults for a new game. */
export const autoAdvanceOf = (settings: AutoAdvance | null | undefined): AutoAdvance => ({ ...AUTO_ADVANCE_DEFAULT, ...settings });

interface AutopilotFieldsProps {
  value: AutoAdvance;
  onChange: (changed: Partial<AutoAdvance>) => void;
  /** The dialog's messages by field name (`auto_advance.ranking_after_s`, ...). */
  messages: Record<string, string[] | undefined>;
}

function Toggle({ checked, label, onChange }: { checked: boolean; label: string; onChange: (checked: boolean) => void }) {
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={checked} onCheckedChange={(e) => onChange(e.checked)}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label textStyle="sm" fontWeight="normal">
        {label}
      </Switch.Label>
    </Switch.Root>
  );
}

export function AutopilotFields({ value, onChange, messages }: AutopilotFieldsProps) {
  const { t } = useTranslation('trivia');
  const seconds = (field: 'ranking_after_s' | 'next_after_s', label: string) => (
    <FormField label={label} messages={messages[`auto_advance.${field}`]} helper={t('game.autopilotWaitHint')} testId={`field-${field}`}>
      <NumberField label={label} min={0} max={AUTO_ADVANCE_MAX_S} step={1} value={value[field]} onChange={(v) => onChange({ [field]: v })} />
    </FormField>
  );
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="autopilot-fields">
      <FormField label={t('game.autopilot')} messages={messages['auto_advance.enabled'] ?? messages.auto_advance} helper={t('game.autopilotHint')}>
        <Toggle checked={value.enabled} label={value.enabled ? t('game.autopilotOn') : t('game.autopilotOff')} onChange={(enabled) => onChange({ enabled })} />
      </FormField>
      {value.enabled ? (
        <>
          <Text textStyle="sm" color="fg.muted" data-testid="autopilot-reveal">
            {t('game.autopilotReveal')}
          </Text>
          {seconds('ranking_after_s', t('game.rankingAfter'))}
          {seconds('next_after_s', t('game.nextAfter'))}
          <FormField messages={messages['auto_advance.end_after_last']}>
            <Toggle checked={value.end_after_last} label={t('game.endAfterLast')} onChange={(end_after_last) => onChange({ end_after_last })} />
          </FormField>
        </>
      ) : null}
    </Stack>
  );
}
