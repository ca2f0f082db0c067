/**
 * Where this server may be reached on the venue's network: `http://<address>:<port>` for each
 * non-internal IPv4 address of the machine. The control screen offers them when the operator's page
 * is on a loopback address and no public URL is set (phones cannot reach localhost).
 */
import os from 'node:os';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

export function lanUrls(port: number, interfaces: Interfaces = os.networkInterfaces()): string[] {
  const urls: string[] = [];
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      // Node 18.0–18.3 reported the family as a number.
      const ipv4 = address.family === 'IPv4' || (address.family as unknown) === 4;
      if (ipv4 && !address.internal) urls.push(`http://${address.address}:${port}`);
    }
  }
  return [...new Set(urls)];
}
