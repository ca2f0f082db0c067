/**
 * The display's pairing screen (issue 16): a venue computer opened at /quiz with no code and no
 * stored session shows a short code, large enough to read from the stage, and how to use it in both
 * languages (whoever stands at the screen may read either). The code renews by itself; once the
 * operator types it on the control screen, the display follows the game (./pairing.ts).
 */
import { useEffect, useState } from 'react';
import type { PlayApi } from '@/audience/api';
import { currentLanguage, useT } from '@/audience/i18n';
import type { DisplaySession } from './display-session';
import { formatPairingCode, PairingLoop, type PairingView } from './pairing';

export interface PairingScreenProps {
  api: PlayApi;
  onPaired: (session: DisplaySession) => void;
  /** Why the display is here (a used link, a display unpaired), shown above the code. */
  notice?: { title: string; message?: string } | null;
}

export function PairingScreen({ api, onPaired, notice }: PairingScreenProps) {
  const t = useT();
  const [view, setView] = useState<PairingView>({ kind: 'asking' });
  useEffect(() => {
    const loop = new PairingLoop(api, { onView: setView, onPaired: (session) => onPaired(session) });
    loop.start();
    return () => loop.stop();
  }, [api, onPaired]);

  const code = view.kind === 'showing' ? view.code : view.kind === 'offline' ? view.code : null;
  // Both languages, the page's first: the instruction is for whoever stands at the screen.
  const first = currentLanguage();
  const other = first === 'en' ? 'zh-TW' : 'en';
  return (
    <section className="pairing" data-testid="pairing">
      {notice ? (
        <div className="pairing-notice" role="alert" data-testid="display-error">
          <p className="pairing-notice-title">{notice.title}</p>
          {notice.message ? <p className="server-message">{notice.message}</p> : null}
        </div>
      ) : null}
      <h1 className="pairing-title">{t('pair.title')}</h1>
      <p className="pairing-code" data-testid="pairing-code" data-code={code ?? ''} aria-live="polite" aria-label={code ? t('pair.codeLabel', { code: code.split('').join(' ') }) : undefined}>
        {code ? formatPairingCode(code) : '··· ···'}
      </p>
      <p className="pairing-how" lang={first}>
        {t('pair.instruction', { lng: first })}
      </p>
      <p className="pairing-how other" lang={other}>
        {t('pair.instruction', { lng: other })}
      </p>
      <p className={`pairing-status${view.kind === 'offline' ? ' offline' : ''}`} role="status" data-testid="pairing-status">
        {view.kind === 'offline' ? view.message : view.kind === 'asking' ? t('pair.asking') : t('pair.waiting')}
      </p>
    </section>
  );
}
