/**
 * Servers ("orchids") of the multi-server edition (spec 3 'Server', spec 7
 * aggregator calls GET, POST /service/orchids, PATCH, DELETE
 * /service/orchids/{id}, POST /service/orchids/{id}/cache, GET
 * /service/orchids/time). A server's password goes in, never out: no answer
 * carries it.
 */
import { Type, type Static } from 'typebox';
import type { DiscoverableOrchid } from './license';

/** healthy: reachable, compatible, signed in; degraded: reachable with a problem (license, sign-in); offline; unsupported: too old. */
export type OrchidHealth = 'healthy' | 'degraded' | 'offline' | 'unsupported';

export interface OrchidVersion {
  version: string;
  major: number;
  minor: number;
  patch: number;
  /** False when the recorder's version text is not major.minor.patch. */
  parsed: boolean;
}

export interface OrchidRetentionPolicy {
  /** Disk use (% of the archive volume) above which the recorder removes the oldest archives. */
  thresholdPercentage: number;
  /** Most archive bytes the license keeps; null for unlimited. */
  licenseRetentionBytes: number | null;
  description: string;
}

export interface Orchid {
  /** The recorder's own server id: the orchidId its cameras carry. */
  id: string;
  name: string;
  uri: string;
  /** The same as uri (spec 3 names both). */
  baseUrl: string;
  /** The account the aggregator uses there; shown to administrators only. */
  username?: string;
  version: OrchidVersion | null;
  isAvailable: boolean;
  /** Why the server is not healthy; null when it is. */
  failureReason: string | null;
  health: OrchidHealth;
  isCompatibleVersion: boolean;
  /** Registered cameras, and those whose primary stream runs. */
  cameras: number;
  camerasOnline: number;
  /** Epoch ms the license expires (above 8623372036854776 means n/a); null before the first check. */
  licenseExpiry: number | null;
  retentionPolicy: OrchidRetentionPolicy | null;
  rtspPort: number | null;
  rtspProtocol: 'rtsp' | null;
  maxExportHours: number | null;
  discoverableOrchid: DiscoverableOrchid | null;
  /** Epoch ms of the last check. */
  checkedAt: number | null;
  /** The aggregator page origin this server lets call it directly (spec 7 direct routing); null: through the proxy only. */
  pageOrigin: string | null;
  /** The signed-in user's own session on this server (direct routing); absent when none could be had ('no_session'). */
  permissions?: { sessionId: string; token: string };
}

export interface OrchidsResponse {
  data: { orchids: Orchid[] };
}

/**
 * One server's clock (spec 3 'time info per server': offset, tz, tzOffset).
 * Every field is null before the aggregator has read that clock.
 */
export interface OrchidTime {
  id: string;
  /** The server's clock minus the aggregator's, ms (positive: the server is ahead); kept steady (shared/clock-samples.ts). */
  offset: number | null;
  /** The round trip of the reading the offset rests on, ms: the offset is right to within half of it. */
  roundTripMs: number | null;
  /** The server's IANA time zone and its minutes east of UTC. */
  tz: string | null;
  tzOffset: number | null;
  /** The server's clock in its last answer, epoch ms. */
  time: number | null;
  /** The aggregator's clock when it last read the server's, epoch ms. */
  measuredAt: number | null;
}

export interface OrchidsTimeResponse {
  /** The aggregator's clock, epoch ms (the page measures its own offset from it). */
  time: number;
  orchids: OrchidTime[];
}

// Limits are generous; spec 5's rules (required fields, http(s) URL) are checked by shared/orchid-validation.ts for its wording.
export const RegisterOrchidBody = Type.Object(
  {
    name: Type.String({ maxLength: 1024 }),
    uri: Type.String({ maxLength: 4096 }),
    username: Type.String({ maxLength: 1024 }),
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type RegisterOrchidRequest = Static<typeof RegisterOrchidBody>;

/** A blank or absent password leaves the stored one. */
export const UpdateOrchidBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 256 })),
    name: Type.Optional(Type.String({ maxLength: 1024 })),
    uri: Type.Optional(Type.String({ maxLength: 4096 })),
    username: Type.Optional(Type.String({ maxLength: 1024 })),
    password: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateOrchidRequest = Static<typeof UpdateOrchidBody>;

export const RemoveOrchidQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });
export type RemoveOrchidQuery = Static<typeof RemoveOrchidQuery>;

/** Error codes of the orchid calls (spec 8 wording in shared/orchid-validation.ts). */
export type OrchidErrorCode =
  | 'orchid-not-available'
  | 'no_session'
  | 'authentication-failed'
  | 'unregister-failed'
  | 'orchid-exists'
  | 'unsupported-version';
