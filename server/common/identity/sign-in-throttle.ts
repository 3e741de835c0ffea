/**
 * Slows password guessing without letting an attacker lock the real user out.
 *
 * Two counters, both keyed by the caller's address so that nobody elsewhere is
 * ever slowed:
 * - per (username, address) pair: after FREE_PAIR_FAILURES tries the pair must
 *   wait an exponentially growing cool-down (capped) before its next try;
 * - per address across all usernames: the same after FREE_ADDRESS_FAILURES, so
 *   one address spraying a password over many usernames is cut off too.
 *
 * A try is counted when it is reserved, before the slow password hash, not
 * after it: a parallel burst therefore gets no more checks than a sequence of
 * the same tries would (the cool-down even starts earlier). A success clears
 * the pair; a failure simply leaves the reservation counted. A success takes
 * back only its own try from the address counter, never the failures before
 * it (an attacker with one valid account could otherwise reset it); that
 * counter is forgotten after FORGET_AFTER_MS of quiet, as is every entry.
 *
 * Cost: two map look-ups per sign-in. Memory is bounded: at most MAX_ENTRIES
 * entries, the least recently touched dropped first (an attacker filling the
 * table can at worst make an older entry forget its count).
 */
const FREE_PAIR_FAILURES = 3;
const FREE_ADDRESS_FAILURES = 10;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;
const FORGET_AFTER_MS = 15 * 60_000;
export const MAX_ENTRIES = 10_000;

interface Entry {
  tries: number;
  blockedUntilMs: number;
  lastTryMs: number;
}

/** Cool-down after the given number of counted tries, 0 while still free. */
function delayAfterMs(tries: number, freeTries: number): number {
  if (tries <= freeTries) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(30, tries - freeTries - 1));
}

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  private pairKey(username: string, address: string): string {
    return `u\u0000${username.toLowerCase()}\u0000${address}`;
  }

  private addressKey(address: string): string {
    return `a\u0000${address}`;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastTryMs > FORGET_AFTER_MS && entry.blockedUntilMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private waitFor(key: string): number {
    const entry = this.live(key);
    return entry ? Math.max(0, entry.blockedUntilMs - this.now()) : 0;
  }

  private count(key: string, freeTries: number): void {
    const nowMs = this.now();
    const entry = this.live(key) ?? { tries: 0, blockedUntilMs: 0, lastTryMs: nowMs };
    entry.tries += 1;
    entry.lastTryMs = nowMs;
    const delayMs = delayAfterMs(entry.tries, freeTries);
    if (delayMs > 0) entry.blockedUntilMs = nowMs + delayMs;
    // Re-insert so the map's order stays least-recently-touched first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Milliseconds the caller must still wait before a try is checked, 0 when allowed now. */
  waitMs(username: string, address: string): number {
    return Math.max(this.waitFor(this.pairKey(username, address)), this.waitFor(this.addressKey(address)));
  }

  /**
   * Counts a try before it is checked. Answers 0 when the try may go ahead
   * (it is then already counted as a failure until `succeeded` clears it),
   * otherwise the milliseconds to wait; a refused try is not counted.
   */
  reserve(username: string, address: string): number {
    const waitMs = this.waitMs(username, address);
    if (waitMs > 0) return waitMs;
    this.count(this.pairKey(username, address), FREE_PAIR_FAILURES);
    this.count(this.addressKey(address), FREE_ADDRESS_FAILURES);
    return 0;
  }

  /**
   * Settles a reserved try that passed: the pair starts afresh, and the
   * address takes back this one try only (its earlier failures stay counted).
   */
  succeeded(username: string, address: string): void {
    this.entries.delete(this.pairKey(username, address));
    const entry = this.live(this.addressKey(address));
    if (!entry) return;
    // A cool-down already running stays: an address past its free tries gains nothing by a success.
    entry.tries = Math.max(0, entry.tries - 1);
  }

  /** Number of entries held (for the memory bound). */
  get size(): number {
    return this.entries.size;
  }
}
