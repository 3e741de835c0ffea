/**
 * The aggregator's own tickets, over the one ticket store both servers use
 * (common/identity/ticket-issuer.ts): a camera preview for a caller that
 * cannot send the header (an <img> on another origin), valid 30 s, once,
 * for one camera of one server. Tickets for a recorder's own URLs are that
 * recorder's (asked through the proxy, checked there).
 */
import { TicketIssuer, type TicketKind, type TicketSessions } from '../../common/identity/ticket-issuer';
import type { AggregatorTicketScope } from '../../shared/api';

export const AGGREGATOR_TICKETS: Readonly<Record<AggregatorTicketScope, TicketKind>> = {
  'camera-preview': { ttlMs: 30_000, singleUse: true },
};

export type AggregatorTickets = TicketIssuer<AggregatorTicketScope>;

export function aggregatorTickets(sessions: TicketSessions, now?: () => number): AggregatorTickets {
  return new TicketIssuer(AGGREGATOR_TICKETS, sessions, { now });
}
