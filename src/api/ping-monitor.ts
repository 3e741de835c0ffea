/**
 * The liveness ping (spec 7 and 9): GET /service/ping every 10000 ms. A ping
 * that gets no response (status -1, including its time-out) or a gateway
 * error (502, 503, 504) means the server is gone: the monitor reports it once
 * and stops; the app then shows the application-unresponsive page. Other
 * failures (a 500, a 404 from an odd proxy) are not taken as death.
 * Timers are injected so the logic is testable without waiting.
 */
import { browserTimers, type Timers } from '../../workers/core/browser-timers';
import { isHttpError, NO_RESPONSE } from './http-error';

export const PING_INTERVAL_MS = 10_000;
export const PING_TIMEOUT_MS = 5_000;
const DEAD_STATUSES = new Set([NO_RESPONSE, 502, 503, 504]);

export function isDeadPingFailure(error: unknown): boolean {
  return isHttpError(error) && DEAD_STATUSES.has(error.status);
}

export class PingMonitor {
  private handle: unknown = undefined;
  private running = false;

  constructor(
    private readonly ping: () => Promise<unknown>,
    private readonly onDead: (error: unknown) => void,
    private readonly intervalMs = PING_INTERVAL_MS,
    private readonly timers: Timers = browserTimers,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = undefined;
  }

  /** One ping now; answers whether the server still counts as alive. */
  async check(): Promise<boolean> {
    try {
      await this.ping();
      return true;
    } catch (error) {
      if (!isDeadPingFailure(error)) return true;
      this.stop();
      this.onDead(error);
      return false;
    }
  }

  private schedule(): void {
    this.handle = this.timers.setTimeout(() => {
      void this.check().then((alive) => {
        if (alive && this.running) this.schedule();
      });
    }, this.intervalMs);
  }
}
