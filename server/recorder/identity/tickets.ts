/**
 * Tickets (server/shared/api/tickets.ts): a signed-in session asks for one
 * right before it opens a URL that cannot carry a header. A ticket is 256
 * random bits, handed out once and kept only as its SHA-256, in memory (a
 * restart voids them all, which costs a client one more ask). It is bound to
 * the session that asked: redeeming it re-reads that session, so a signed-out
 * or expired session's tickets open nothing and a role change applies at
 * once. Socket tickets are single-use; picture and download tickets may be
 * used again until they expire, because browsers retry those on their own.
 *
 * Memory is bounded: expired tickets are swept on every issue and at most
 * MAX_TICKETS live at once (the oldest go first).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TicketResponse, TicketScope } from '../../shared/api';
import type { AuthenticatedSession, SessionsService } from './sessions';

/** How long each kind of ticket opens its URL. A socket or picture is opened at once; a download window may take a moment. */
export const TICKET_TTL_MS: Record<TicketScope, number> = {
  webrtc: 30_000,
  'low-bandwidth': 30_000,
  frame: 30_000,
  'motion-mask': 30_000,
  export: 60_000,
  log: 60_000,
};

const SINGLE_USE: ReadonlySet<TicketScope> = new Set(['webrtc', 'low-bandwidth']);
export const MAX_TICKETS = 10_000;

interface Ticket {
  sessionId: string;
  scope: TicketScope;
  resource: string | null;
  expiresAtMs: number;
}

function hash(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

export class TicketIssuer {
  private readonly tickets = new Map<string, Ticket>();

  constructor(
    private readonly sessions: Pick<SessionsService, 'authenticateId'>,
    private readonly now: () => number = Date.now,
  ) {}

  issue(session: AuthenticatedSession, scope: TicketScope, resource: string | undefined): TicketResponse {
    this.sweep();
    const ticket = randomBytes(32).toString('base64url');
    // A ticket never outlives the session it stands for.
    const expiresAtMs = Math.min(this.now() + TICKET_TTL_MS[scope], session.expiresAt);
    this.tickets.set(hash(ticket), { sessionId: session.id, scope, resource: resource ?? null, expiresAtMs });
    while (this.tickets.size > MAX_TICKETS) {
      const oldest = this.tickets.keys().next().value;
      if (oldest === undefined) break;
      this.tickets.delete(oldest);
    }
    return { ticket, expiresAt: expiresAtMs };
  }

  /**
   * The live session behind a ticket issued for exactly this scope and
   * resource, or undefined. A single-use ticket is spent even when the
   * session behind it has gone.
   */
  redeem(ticket: string, scope: TicketScope, resource: string | null): AuthenticatedSession | undefined {
    if (ticket.length === 0 || ticket.length > 128) return undefined;
    const key = hash(ticket);
    const entry = this.tickets.get(key);
    if (!entry || entry.scope !== scope || entry.resource !== resource) return undefined;
    if (entry.expiresAtMs <= this.now()) {
      this.tickets.delete(key);
      return undefined;
    }
    if (SINGLE_USE.has(scope)) this.tickets.delete(key);
    return this.sessions.authenticateId(entry.sessionId);
  }

  get size(): number {
    return this.tickets.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.tickets) if (entry.expiresAtMs <= now) this.tickets.delete(key);
  }
}
