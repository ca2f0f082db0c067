/**
 * `joining.form` (and `joining.submitting`): the PIN and nickname, checked as the server checks them.
 * The page's first screen, drawn before the player machine has loaded (../app.tsx): what it shows of
 * the machine (busy, the server's refusal) and where a join goes come from the page.
 */
import { useState, type FormEvent } from 'react';
import { formatNicknameMessage } from '@/domain/nickname-messages';
import { checkNickname } from '@/domain/nickname';
import { currentLanguage, useT } from '@/audience/i18n';

export const PIN_RE = /^[0-9]{6}$/;

/** The machine's `player.join`, without its type. */
export interface JoinRequest {
  pin: string;
  nickname: string;
}

interface JoinScreenProps {
  defaultPin: string;
  /** A join is on its way (the machine's `busy` tag). */
  busy: boolean;
  /** The server's refusal of the last join. */
  serverError: string | null;
  onJoin: (request: JoinRequest) => void;
}

export function JoinScreen({ defaultPin, busy, serverError, onJoin }: JoinScreenProps) {
  const t = useT();
  const [pin, setPin] = useState(defaultPin);
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; nickname?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule (src/domain/nickname.ts): characters as users see them, never cut.
    const checked = checkNickname(nickname);
    const next: typeof errors = {};
    if (!PIN_RE.test(pin)) next.pin = t('join.pinInvalid');
    if (!checked.ok) next.nickname = formatNicknameMessage(currentLanguage(), checked.key, checked.params);
    setErrors(next);
    if (next.pin || !checked.ok) return;
    onJoin({ pin, nickname: checked.nickname });
  };

  return (
    <form className="card join" onSubmit={submit} noValidate>
      <h1>{t('join.title')}</h1>
      <p className="muted">{t('join.lead')}</p>
      <label className="field">
        <span>{t('join.pin')}</span>
        <input
          name="pin"
          className="pin-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pin}
          placeholder="123456"
          aria-invalid={!!errors.pin}
          aria-describedby="pin-help"
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <small id="pin-help" className={errors.pin ? 'error' : 'muted'}>
          {errors.pin ?? t('join.pinHint')}
        </small>
      </label>
      <label className="field">
        <span>{t('join.nickname')}</span>
        <input
          name="nickname"
          autoComplete="nickname"
          value={nickname}
          aria-invalid={!!errors.nickname}
          aria-describedby="nickname-help"
          onChange={(e) => setNickname(e.target.value)}
        />
        <small id="nickname-help" className={errors.nickname ? 'error' : 'muted'}>
          {errors.nickname ?? t('join.nicknameHint')}
        </small>
      </label>
      {serverError ? (
        <p className="alert" role="alert">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="primary big" disabled={busy}>
        {busy ? t('join.submitting') : t('join.submit')}
      </button>
    </form>
  );
}
