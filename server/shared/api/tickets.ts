/**
 * Tickets: short-lived, single-purpose credentials for the URLs a browser
 * cannot add a header to (WebSocket upgrades, downloads opened in a new
 * window, <img> sources). A session token never travels in a URL; a ticket
 * does, as `?ticket=`, and opens only the one route and resource it names.
 * The scope list is written once: the route's schema, the TicketScope type
 * and the recorder's scope rules all come from TICKET_SCOPES.
 */
import { Type, type Static } from 'typebox';

export const TICKET_SCOPES = ['webrtc', 'low-bandwidth', 'frame', 'export', 'motion-mask', 'log'] as const;
export const TicketScope = Type.Enum(TICKET_SCOPES, { type: 'string' });
export type TicketScope = Static<typeof TicketScope>;

/**
 * Tickets the aggregator issues itself, each from its own route: a camera's
 * preview for an <img> that cannot send the header (POST
 * /service/orchids/{id}/cameras/{cameraId}/preview/tickets).
 */
export type AggregatorTicketScope = 'camera-preview';

/**
 * POST /service/tickets. `resource` names what the URL opens: the
 * low-bandwidth stream id, the stream id of a frame or an export, the
 * stream id of a motion mask; none for the WebRTC signalling socket and
 * the log export (GET /service/log).
 */
export const TicketBody = Type.Object(
  {
    scope: TicketScope,
    resource: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type TicketRequest = Static<typeof TicketBody>;

/** `?ticket=` of a route a browser opens without headers (an <img>'s motion mask). */
export const TicketQuery = Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 128 })) });
export type TicketQuery = Static<typeof TicketQuery>;

export interface TicketResponse {
  ticket: string;
  /** Epoch ms after which the ticket opens nothing. */
  expiresAt: number;
}
