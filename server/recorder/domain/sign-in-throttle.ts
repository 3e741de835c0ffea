/**
 * Slows password guessing without letting an attacker lock the real user out.
 * Failures are counted per (username, address) pair: after a few, that pair
 * must wait an exponentially growing cool-down (capped) before its next try
 * is even checked. The same username from another address is unaffected, and
 * a success clears the pair. Memory is bounded: the oldest entries are dropped.
 */
const FREE_FAILURES = 3;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  failures: number;
  blockedUntilMs: number;
}

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  private key(username: string, address: string): string {
    return `${username.toLowerCase()}\u0000${address}`;
  }

  /** Milliseconds the caller must still wait, 0 when a try is allowed now. */
  waitMs(username: string, address: string): number {
    const entry = this.entries.get(this.key(username, address));
    return entry ? Math.max(0, entry.blockedUntilMs - this.now()) : 0;
  }

  recordFailure(username: string, address: string): void {
    const key = this.key(username, address);
    const entry = this.entries.get(key) ?? { failures: 0, blockedUntilMs: 0 };
    entry.failures += 1;
    if (entry.failures > FREE_FAILURES) {
      const delayMs = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (entry.failures - FREE_FAILURES - 1));
      entry.blockedUntilMs = this.now() + delayMs;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  recordSuccess(username: string, address: string): void {
    this.entries.delete(this.key(username, address));
  }
}
