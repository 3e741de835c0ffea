/**
 * Tickets: short-lived, single-purpose credentials for the URLs a browser
 * cannot add a header to (WebSocket upgrades, downloads opened in a new
 * window, <img> sources). A session token never travels in a URL; a ticket
 * does, as `?ticket=`, and opens only the one route and resource it names.
 */

export const TICKET_SCOPES = ['webrtc', 'low-bandwidth', 'frame', 'export', 'motion-mask'] as const;
export type TicketScope = (typeof TICKET_SCOPES)[number];

/**
 * POST /service/tickets. `resource` names what the URL opens: the
 * low-bandwidth stream id, the stream id of a frame or an export, the
 * stream id of a motion mask; none for the WebRTC signalling socket.
 */
export interface TicketRequest {
  scope: TicketScope;
  resource?: string;
}

export interface TicketResponse {
  ticket: string;
  /** Epoch ms after which the ticket opens nothing. */
  expiresAt: number;
}
