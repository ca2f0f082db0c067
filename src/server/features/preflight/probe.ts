/**
 * Whether an outside address answers, asked from the server for the pre-flight check (an image or a
 * pre-question video an operator typed or imported). The server must not become a way into the
 * networks it sits in (server-side request forgery), so:
 * - only `http:` and `https:` addresses, without credentials;
 * - the host is resolved first and every address it resolves to must be a public one (no loopback,
 *   private, link-local, carrier-grade NAT, unique-local, multicast, documentation or reserved
 *   ranges; an IPv4 address inside IPv6 counts as the IPv4 address); the request then connects to
 *   that very address (no second resolution a rebinding DNS could answer differently);
 * - a redirect is followed (at most MAX_REDIRECTS) only to an address that passes the same checks;
 * - a short timeout on the whole probe, a HEAD request (GET, read no body, when HEAD is refused).
 * A refused address is never requested: it is reported as a problem like one that does not answer.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList } from 'node:net';

export const PROBE_TIMEOUT_MS = 3_000;
export const MAX_REDIRECTS = 3;

export type ProbeOutcome =
  | { ok: true; status: number }
  | { ok: false; reason: 'notHttp' | 'privateAddress' | 'unresolved' | 'status' | 'timeout' | 'network' | 'tooManyRedirects'; status?: number };

export interface ProbeOptions {
  timeoutMs?: number;
  /** Host name → addresses (the system's resolver unless a test gives one). */
  lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>;
  /** Whether an address may be requested (public addresses only unless a test gives its own rule). */
  addressAllowed?: (address: string) => boolean;
}

const blocked = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (`::ffff:127.0.0.1`), else null. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:(?:0:)?)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (match?.[1]) return match[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether `address` (an IP address) is a public one the server may request. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner) return net.isIP(inner) === 4 && !blocked.check(inner, 'ipv4');
  return !blocked.check(address, 'ipv6');
}

const systemLookup = async (host: string) => dnsLookup(host, { all: true, verbatim: true });

class ProbeStop extends Error {
  constructor(readonly outcome: ProbeOutcome) {
    super(outcome.ok ? 'ok' : outcome.reason);
  }
}

/** The address to connect to for `url`'s host, after checking every address it resolves to. */
async function vettedAddress(url: URL, options: Required<ProbeOptions>): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await options.lookup(host);
    } catch {
      throw new ProbeStop({ ok: false, reason: 'unresolved' });
    }
  }
  if (addresses.length === 0) throw new ProbeStop({ ok: false, reason: 'unresolved' });
  // Every address: a host that also resolves to an inner address is refused whichever one a connection would take.
  if (addresses.some((a) => !options.addressAllowed(a.address))) throw new ProbeStop({ ok: false, reason: 'privateAddress' });
  return addresses[0]!;
}

/** Whether `raw` is an address the probe may request at all (http or https, no credentials). */
export function probeableUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}

function requestOnce(url: URL, target: { address: string; family: number }, method: 'HEAD' | 'GET', signal: AbortSignal) {
  return new Promise<{ status: number; location: string | null }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method,
        signal,
        headers: { 'user-agent': 'live-trivia-preflight', accept: '*/*' },
        // Connect to the vetted address, whatever the resolver would say now (the TLS name stays the host's).
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        response.destroy();
        resolve({ status, location });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Asks `raw` whether it answers (2xx after at most MAX_REDIRECTS vetted redirects). Never throws. */
export async function probeUrl(raw: string, given: ProbeOptions = {}): Promise<ProbeOutcome> {
  const options: Required<ProbeOptions> = {
    timeoutMs: given.timeoutMs ?? PROBE_TIMEOUT_MS,
    lookup: given.lookup ?? systemLookup,
    addressAllowed: given.addressAllowed ?? isPublicAddress,
  };
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = probeableUrl(raw);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!url) return { ok: false, reason: 'notHttp' };
      const target = await vettedAddress(url, options);
      if (signal.aborted) return { ok: false, reason: 'timeout' };
      let answer = await requestOnce(url, target, 'HEAD', signal);
      // Some servers refuse HEAD; GET answers the same question (the body is not read).
      if (answer.status === 405 || answer.status === 501) answer = await requestOnce(url, target, 'GET', signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        url = probeableUrl(new URL(answer.location, url).toString());
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
      return { ok: false, reason: 'status', status: answer.status };
    }
    return { ok: false, reason: 'tooManyRedirects' };
  } catch (error) {
    if (error instanceof ProbeStop) return error.outcome;
    return { ok: false, reason: signal.aborted ? 'timeout' : 'network' };
  }
}
