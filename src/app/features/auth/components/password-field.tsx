/**
 * The password input of the login form: a show/hide toggle, and a warning tooltip while Caps Lock is
 * on (read from every key event with `getModifierState('CapsLock')`, hidden again on blur).
 */
import { Field, IconButton, Input, InputGroup, Portal, Tooltip } from '@chakra-ui/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff, LuLock, LuTriangleAlert } from 'react-icons/lu';

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
  const triggerId = useId();
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock'));

  return (
    <Field.Root invalid={error !== null} required disabled={disabled}>
      <Field.Label>
        {t('login.password')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Tooltip.Root open={capsLock} ids={{ trigger: triggerId }} positioning={{ placement: 'right', gutter: 12 }}>
        <Tooltip.Trigger asChild>
          <InputGroup
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
        </Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content
              data-testid="caps-lock-tooltip"
              css={{ '--tooltip-bg': 'colors.orange.solid' }}
              color="orange.contrast"
              px="3"
              py="2"
            >
              <Tooltip.Arrow>
                <Tooltip.ArrowTip />
              </Tooltip.Arrow>
              <LuTriangleAlert aria-hidden style={{ display: 'inline', marginInlineEnd: 6, verticalAlign: '-2px' }} />
              {t('login.capsLockOn')}
            </Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
