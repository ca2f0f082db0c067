/**
 * Whether the control screen should warn before opening the display (issue 16): with no public URL
 * (the game's `join_url` is null) the display shows and encodes its own address, which phones cannot
 * reach when it is a loopback one. Pure, unit-tested.
 */

/** localhost (and *.localhost), 127.0.0.0/8, ::1 in either of its spellings. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The display would show an address no phone reaches: no join_url, and this page on a loopback host. */
export function needsVenueWarning(joinUrl: string | null | undefined, hostname: string): boolean {
  return !joinUrl && isLoopbackHost(hostname);
}

/** This screen's own address on another host (a LAN address `http://ip:port`), to reopen it there. */
export function sameScreenOn(lanUrl: string, location: Pick<Location, 'pathname' | 'search'>): string {
  return `${lanUrl}${location.pathname}${location.search}`;
}
