/** A realtime client for machine tests (machines/connection ConnectionClient): its status set by hand, its holders counted. */
import type { ClientStatus, ConnectionClient } from '@machines/connection/connection.machine';

export class FakeClient implements ConnectionClient {
  status: ClientStatus = 'idle';
  holders = 0;
  retries = 0;
  starts = 0;
  private readonly statusListeners = new Set<(status: ClientStatus) => void>();
  private readonly rejectedListeners = new Set<(error: unknown) => void>();

  onStatus(listener: (status: ClientStatus) => void) {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
  onRejected(listener: (error: unknown) => void) {
    this.rejectedListeners.add(listener);
    return () => this.rejectedListeners.delete(listener);
  }
  retain() {
    this.holders += 1;
    if (this.holders === 1) this.start();
    return () => {
      this.holders -= 1;
      if (this.holders === 0) this.setStatus('closed');
    };
  }
  retryNow() {
    this.retries += 1;
  }
  start() {
    this.starts += 1;
    this.setStatus('connecting');
  }
  setStatus(status: ClientStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
  reject() {
    this.setStatus('closed');
    for (const listener of [...this.rejectedListeners]) listener(new Error('token unknown'));
  }
}
