/**
 * The password input of the login form: a show/hide toggle, and a warning tooltip while Caps Lock is
 * on (read from every key event with `getModifierState('CapsLock')`, hidden again on blur). The tooltip
 * (./caps-lock-tooltip.tsx) loads the first time Caps Lock is on.
 */
import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { type KeyboardEvent, lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff, LuLock } from 'react-icons/lu';

const CapsLockTooltip = lazy(async () => ({ default: (await import('./caps-lock-tooltip')).CapsLockTooltip }));

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}

export function PasswordField({ value, onChange, error, disabled = false }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [capsLockSeen, setCapsLockSeen] = useState(false);
  const triggerId = useId();
  const tooltipId = useId();
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) => {
    const on = event.getModifierState('CapsLock');
    setCapsLock(on);
    if (on) setCapsLockSeen(true);
  };

  return (
    <Field.Root invalid={error !== null} required disabled={disabled}>
      <Field.Label>
        {t('login.password')}
        <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup
        id={triggerId}
        aria-describedby={capsLock ? tooltipId : undefined}
        startElement={<LuLock />}
        endElementProps={{ pe: '1' }}
        endElement={
          <IconButton
            variant="ghost"
            size="xs"
            aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            disabled={disabled}
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <Input
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={readCapsLock}
          onKeyUp={readCapsLock}
          onBlur={() => setCapsLock(false)}
          size="lg"
        />
      </InputGroup>
      {capsLockSeen && (
        <Suspense fallback={null}>
          <CapsLockTooltip open={capsLock} anchorId={triggerId} contentId={tooltipId} />
        </Suspense>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
