/**
 * The display's session (no long-lived token ever travels in a URL). Either the address carries a
 * single-use code valid for a minute (the control screen's button), exchanged once by POST
 * /display/exchange and removed from the address bar at once; or the display has neither code nor
 * session and pairs by a code it shows (./pairing.ts). The display token (a server-side session,
 * valid until unpaired) is kept in local storage — a venue computer resumes after a reload or a
 * browser restart — and in this tab's session storage, so a tab opened for another game by the
 * button keeps its own game on reload.
 */
import { PlayApiError, type PlayApi } from '@/audience/api';
import { backoffDelay } from '@/shared/backoff';

const KEY = 'live-trivia.display';

export interface DisplaySession {
  token: string;
  gameId: number;
}

export type BootResult = { kind: 'ready'; session: DisplaySession } | { kind: 'codeInvalid'; message: string } | { kind: 'noCode' };

function read(storage: Storage): DisplaySession | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as DisplaySession | null;
    return value && typeof value.token === 'string' && typeof value.gameId === 'number' ? value : null;
  } catch {
    return null;
  }
}

export const displayStorage = {
  /** This tab's session, else the computer's. */
  get(): DisplaySession | null {
    return read(sessionStorage) ?? read(localStorage);
  },
  set(value: DisplaySession | null): void {
    for (const storage of [sessionStorage, localStorage]) {
      try {
        if (value) storage.setItem(KEY, JSON.stringify(value));
        else storage.removeItem(KEY);
      } catch {
        // No storage: a reload pairs again.
      }
    }
  },
  /** Forgets a token the server refused (unpaired, expired), wherever it is kept; another is left alone. */
  forget(token: string): void {
    for (const storage of [sessionStorage, localStorage]) {
      try {
        if (read(storage)?.token === token) storage.removeItem(KEY);
      } catch {
        // Nothing kept.
      }
    }
  },
};

/** The address without its `token` parameter (company_id and trivia_game_id stay). */
export function withoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A code is refused for good (used, expired); a lost network is worth a few more tries. */
async function exchangeWithRetries(api: PlayApi, code: string, attempts = 4) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.displayExchange(code);
    } catch (error) {
      if (!(error instanceof PlayApiError && error.offline) || attempt + 1 >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
    }
  }
}

let booting: Promise<BootResult> | null = null;

/** Exchanges the code in the address (once per page, whoever asks) or resumes the stored session. */
export function bootDisplay(api: PlayApi): Promise<BootResult> {
  booting ??= (async () => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('token');
    const wantedGame = Number(params.get('trivia_game_id')) || null;
    const stored = displayStorage.get();
    const resumable = stored && (wantedGame === null || stored.gameId === wantedGame) ? stored : null;
    if (!code) return resumable ? { kind: 'ready', session: resumable } : { kind: 'noCode' };
    // The code leaves the address bar (and the history) whatever happens next.
    window.history.replaceState(window.history.state, '', withoutToken(window.location.href));
    try {
      const data = await exchangeWithRetries(api, code);
      const session = { token: data.display_token, gameId: data.game.id };
      displayStorage.set(session);
      return { kind: 'ready', session };
    } catch (error) {
      if (resumable) return { kind: 'ready', session: resumable };
      return { kind: 'codeInvalid', message: error instanceof PlayApiError ? error.message : String(error) };
    }
  })();
  return booting;
}
