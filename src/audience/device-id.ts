/**
 * The device id the player page sends with a join (openapi/play-api.yaml, JoinRequest.device_id): a
 * random id kept in local storage, so the operator's fair-play flags can tell several players joined
 * from one phone (docs/game-rules.md, "Fair play"). Not a secret; without storage (private mode) it
 * lives as long as the page.
 */
const KEY = 'ltbo.deviceId';
let fallback: string | undefined;

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const id = newId();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    return (fallback ??= newId());
  }
}
