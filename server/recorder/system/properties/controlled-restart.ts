/**
 * The controlled restart a property save asks for, and the confirmation
 * deadline of an unconfirmed change. The recorder cannot restart itself
 * safely: main.ts installs a handler that shuts down cleanly and exits with
 * RESTART_EXIT_CODE, and server/recorder/supervisor.ts starts it again. An
 * in-process recorder (tests) has no handler: the request is only logged.
 *
 * The deadline timer rolls the change back (previous properties file
 * restored) and restarts; a confirmation stops the timer.
 */
import { confirmProperties, readPending, restorePrevious, settlePendingAtStart } from './properties-file';

export interface RestartLog {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export class ControlledRestart {
  private handler: ((reason: string) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly windowMs: number,
    private readonly log: RestartLog,
  ) {}

  /** main.ts: how to restart this process. */
  onRequest(handler: (reason: string) => void): void {
    this.handler = handler;
  }

  request(reason: string): void {
    if (this.handler) this.handler(reason);
    else this.log.warn(`a restart was asked for (${reason}) but this recorder runs without a supervisor`);
  }

  /**
   * At start, after settlePendingAtStart: arms the timer for an unconfirmed
   * change. Cheap: one timer, unref'd so it never holds the process open.
   */
  armFromDisk(nowMs: number): void {
    const pending = settlePendingAtStart(this.dataDir, nowMs, this.windowMs);
    if (pending === undefined || pending === 'restored') return;
    const delayMs = Math.max(0, (pending.deadlineMs ?? nowMs) - nowMs);
    this.log.info(`the last property change must be confirmed within ${Math.ceil(delayMs / 1000)} s`);
    this.stopTimer();
    this.timer = setTimeout(() => this.expire(), delayMs);
    this.timer.unref();
  }

  confirmation(): { confirmed: boolean; deadlineMs: number | null } {
    const pending = readPending(this.dataDir);
    return pending ? { confirmed: false, deadlineMs: pending.deadlineMs } : { confirmed: true, deadlineMs: null };
  }

  confirm(): void {
    this.stopTimer();
    confirmProperties(this.dataDir);
  }

  stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private expire(): void {
    this.timer = undefined;
    if (!restorePrevious(this.dataDir)) return;
    this.log.warn('the property change was not confirmed in time: the previous properties are restored');
    this.request('property change not confirmed');
  }
}
