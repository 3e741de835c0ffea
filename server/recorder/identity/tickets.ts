/**
 * The recorder's tickets (server/shared/api/tickets.ts, POST /service/tickets):
 * which scopes it issues, how long each opens its URL and which are
 * single-use, over the one ticket store both servers use
 * (common/identity/ticket-issuer.ts). Socket tickets are single-use;
 * picture and download tickets may be used again until they expire,
 * because browsers retry those on their own.
 */
import { TicketIssuer, type TicketKind, type TicketSessions } from '../../common/identity/ticket-issuer';
import type { TicketScope } from '../../shared/api';

/** A socket or picture is opened at once; a download window may take a moment. */
export const RECORDER_TICKETS: Readonly<Record<TicketScope, TicketKind>> = {
  webrtc: { ttlMs: 30_000, singleUse: true },
  'low-bandwidth': { ttlMs: 30_000, singleUse: true },
  frame: { ttlMs: 30_000, singleUse: false },
  'motion-mask': { ttlMs: 30_000, singleUse: false },
  export: { ttlMs: 60_000, singleUse: false },
  log: { ttlMs: 60_000, singleUse: false },
};

export type RecorderTickets = TicketIssuer<TicketScope>;

export function recorderTickets(sessions: TicketSessions, now?: () => number): RecorderTickets {
  return new TicketIssuer(RECORDER_TICKETS, sessions, { now });
}
