/**
 * A cheap watch between the full health checks (orchid-health.ts): every
 * PING_INTERVAL_MS each registered recorder is asked GET /service/ping (no
 * sign-in, a short time-out), and when its answer changes (it answered and
 * now fails, or the other way) that recorder gets a full check at once. So
 * a recorder that stops or comes back shows within a few seconds while the
 * full check, a handful of signed-in calls per recorder, keeps its longer
 * period.
 *
 * The first ping of a recorder is compared with what its last full check
 * saw (isAvailable), so a recorder that went away right after that check is
 * not missed. Rounds never overlap; at most PING_CONCURRENCY pings are in
 * flight, so a round over 50 recorders costs 50 small loopback requests
 * and, when some hang, at most PING_TIMEOUT_MS per PING_CONCURRENCY of them.
 *
 * Limits: a recorder that answers ping but fails the full check (a wrong
 * password, a broken route) is left to the full period; a change that
 * flips back within one ping period may go unseen.
 */
import { callRecorder } from './recorder-client';
import type { OrchidHealthMonitor } from './orchid-health';
import type { RecorderTarget } from './recorder-sessions';

export const PING_INTERVAL_MS = 2_000;
const PING_TIMEOUT_MS = 1_500;
const PING_CONCURRENCY = 8;

export interface PingWatchDeps {
  health: Pick<OrchidHealthMonitor, 'status' | 'check'>;
  targets: () => Promise<RecorderTarget[]>;
  onError?: (message: string) => void;
}

export class OrchidPingWatch {
  /** Whether each recorder answered its last ping. */
  private readonly answered = new Map<string, boolean>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(private readonly deps: PingWatchDeps) {}

  start(intervalMs = PING_INTERVAL_MS): void {
    this.timer = setInterval(() => {
      this.round ??= this.pingAll().finally(() => {
        this.round = undefined;
      });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  /** One round: pings every recorder, and checks those whose answer changed. */
  async pingAll(): Promise<void> {
    let targets: RecorderTarget[];
    try {
      targets = await this.deps.targets();
    } catch (error) {
      this.deps.onError?.(`the servers were not listed for a ping: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const known = new Set(targets.map((target) => target.id));
    for (const id of this.answered.keys()) if (!known.has(id)) this.answered.delete(id);
    const queue = [...targets];
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) await this.pingOne(target);
    };
    await Promise.all(Array.from({ length: Math.min(PING_CONCURRENCY, queue.length) }, worker));
  }

  private async pingOne(target: RecorderTarget): Promise<void> {
    const answers = await callRecorder(target.uri, '/service/ping', { timeoutMs: PING_TIMEOUT_MS }).then(
      () => true,
      () => false,
    );
    const status = this.deps.health.status(target.id);
    const before = this.answered.get(target.id) ?? (status.checkedAt === null ? undefined : status.isAvailable);
    this.answered.set(target.id, answers);
    // Not awaited: a full check takes several calls, and the other recorders' pings should not wait for it.
    if (before !== undefined && before !== answers) void this.deps.health.check(target);
  }
}
