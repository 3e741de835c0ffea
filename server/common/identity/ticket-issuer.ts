/**
 * Tickets: short-lived, single-purpose credentials for the URLs a browser
 * opens without a header (sockets, downloads in a new window, an <img> on
 * another origin), where a session token must never go. Both servers issue
 * them with this one store: the recorder's (POST /service/tickets,
 * recorder/identity/tickets.ts) and the aggregator's camera preview tickets
 * (aggregator/cameras/). Each server says which scopes it issues, how long
 * each lives and whether it opens its URL once or until it expires.
 *
 * A ticket is 256 random bits, handed out once and kept only as its
 * SHA-256, in memory (a restart voids them all, which costs a client one
 * more ask). It names the scope and the resource it opens (a stream id, a
 * server and camera), checked on redemption, and is bound to the session
 * that asked: redeeming re-reads that session through `sessions`, so a
 * signed-out or expired session's tickets open nothing and a role change
 * applies at once; it never outlives that session. A single-use ticket is
 * spent when it is redeemed (before the session is read, so two requests
 * racing with one ticket cannot both get in), even when its session has gone.
 *
 * Memory is bounded: expired tickets are swept on every issue and at most
 * `maxTickets` live at once (the oldest go first).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TicketResponse } from '../../shared/api';
import type { AuthenticatedSession } from '../session';

/** How one scope's tickets behave. */
export interface TicketKind {
  ttlMs: number;
  /** Spent by its first redemption; otherwise it opens its URL until it expires (browsers retry pictures and downloads on their own). */
  singleUse: boolean;
}

/** What the issuer asks of a server's sessions: the live session with an id, or undefined. */
export interface TicketSessions {
  authenticateId(id: string): AuthenticatedSession | undefined | Promise<AuthenticatedSession | undefined>;
}

export const DEFAULT_MAX_TICKETS = 10_000;
/** Longer is no ticket this issuer made (43 characters of base64url); refused before hashing. */
const MAX_TICKET_LENGTH = 128;

interface Entry<Scope extends string> {
  sessionId: string;
  scope: Scope;
  resource: string | null;
  expiresAtMs: number;
}

function hash(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

export class TicketIssuer<Scope extends string> {
  private readonly tickets = new Map<string, Entry<Scope>>();
  private readonly now: () => number;
  private readonly maxTickets: number;

  constructor(
    private readonly kinds: Readonly<Record<Scope, TicketKind>>,
    private readonly sessions: TicketSessions,
    options: { now?: () => number; maxTickets?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxTickets = options.maxTickets ?? DEFAULT_MAX_TICKETS;
  }

  /** A ticket for `session` that opens `scope` on `resource` (null: the scope names no resource). */
  issue(session: AuthenticatedSession, scope: Scope, resource: string | null): TicketResponse {
    this.sweep();
    const ticket = randomBytes(32).toString('base64url');
    const expiresAtMs = Math.min(this.now() + this.kinds[scope].ttlMs, session.expiresAt);
    this.tickets.set(hash(ticket), { sessionId: session.id, scope, resource, expiresAtMs });
    while (this.tickets.size > this.maxTickets) {
      const oldest = this.tickets.keys().next().value;
      if (oldest === undefined) break;
      this.tickets.delete(oldest);
    }
    return { ticket, expiresAt: expiresAtMs };
  }

  /**
   * The live session behind a ticket issued for exactly this scope and
   * resource, or undefined. `scope` is any text: a scope this issuer does
   * not issue finds nothing.
   */
  async redeem(ticket: string, scope: string, resource: string | null): Promise<AuthenticatedSession | undefined> {
    // Spent before the first await: the check and the removal cannot interleave with another redemption.
    const sessionId = this.spend(ticket, scope, resource);
    return sessionId === undefined ? undefined : this.sessions.authenticateId(sessionId);
  }

  /** How many tickets are held (expired ones until the next sweep). */
  get size(): number {
    return this.tickets.size;
  }

  /** The session id a valid ticket stands for; a single-use ticket is removed here, synchronously. */
  private spend(ticket: string, scope: string, resource: string | null): string | undefined {
    if (ticket.length === 0 || ticket.length > MAX_TICKET_LENGTH) return undefined;
    const key = hash(ticket);
    const entry = this.tickets.get(key);
    if (!entry || entry.scope !== scope || entry.resource !== resource) return undefined;
    if (entry.expiresAtMs <= this.now()) {
      this.tickets.delete(key);
      return undefined;
    }
    if (this.kinds[entry.scope].singleUse) this.tickets.delete(key);
    return entry.sessionId;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.tickets) if (entry.expiresAtMs <= now) this.tickets.delete(key);
  }
}
