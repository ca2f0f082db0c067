/**
 * The server's clock as this browser can tell it (the rule: countdowns run from the server's
 * deadline corrected by a measured clock offset). The offset comes from the real-time channel's
 * ping/pong when there was one (half the round trip taken into account), otherwise from the
 * `server_time` of the last HTTP answer. Never used for scoring: only to draw the countdown.
 */
export class ServerClock {
  private offset = 0;
  private measured = false;

  /** An offset measured by ping/pong (server minus local, ms): preferred over HTTP times. */
  setMeasuredOffset(offsetMs: number): void {
    this.offset = offsetMs;
    this.measured = true;
  }

  /** A server time read from a response received at `localMs`; used until ping/pong measured one. */
  observe(serverIso: string, localMs = Date.now()): void {
    if (this.measured) return;
    const server = Date.parse(serverIso);
    if (Number.isFinite(server)) this.offset = server - localMs;
  }

  /** The server's clock now (ms since epoch). */
  now(localMs = Date.now()): number {
    return localMs + this.offset;
  }
}
