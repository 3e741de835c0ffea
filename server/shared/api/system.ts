/**
 * Errors, sessions, users and server facts (spec 7 "Sessions and identity",
 * server calls). Request bodies are TypeBox schemas: the recorder's routes
 * validate with them and their types are derived from them, so a field or
 * a limit is written once. Limits are generous; spec 5's rules (username
 * characters, password length, role names in any case) are checked by the
 * domain so the person gets its wording, not a schema message.
 */
import { Type, type Static } from 'typebox';
import type { Role } from '../roles';

/** Every error reply: a stable code and a human-readable reason (spec 8 wording where given). */
export interface ApiError {
  code: string;
  reason: string;
}

export type ServerMode = 'single-server' | 'multi-server';

export type TokenType = 'jwt' | 'sid' | 'fsid';

export const SignInBody = Type.Object(
  {
    username: Type.String({ maxLength: 256 }),
    password: Type.String({ maxLength: 1024 }),
    // 'persistent' when the user ticked stay-signed-in; 'session' when absent.
    cookie: Type.Optional(Type.Enum(['persistent', 'session'], { type: 'string' })),
    // Seconds; default 2592000 (30 days).
    expiresIn: Type.Optional(Type.Integer({ minimum: 1 })),
    type: Type.Optional(Type.Enum(['user'], { type: 'string' })),
  },
  { additionalProperties: false },
);
export type SignInRequest = Static<typeof SignInBody>;

export interface Session {
  id: string;
  owner: { id: string };
  /** The username. */
  name: string;
  token: string;
  tokenType: TokenType;
  role: Role;
  /** Epoch ms when the token stops working. */
  expiresAt: number;
}

export interface User {
  id: string;
  username: string;
  role: Role;
  email?: string | null;
  /** True for the built-in administrator: username and role locked, cannot be deleted. */
  superUser: boolean;
  admin: boolean;
}

const nullableText = Type.Union([Type.String({ maxLength: 1024 }), Type.Null()]);
// Any case is accepted ('manager'), so the role is text here and parsed by the domain (roles.ts parseRole).
const roleName = Type.String({ maxLength: 64 });

export const CreateUserBody = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    password: Type.String({ maxLength: 1024 }),
    passwordConfirm: Type.Optional(Type.String({ maxLength: 1024 })),
    role: Type.Optional(roleName),
    email: Type.Optional(nullableText),
  },
  { additionalProperties: false },
);
export type CreateUserRequest = Static<typeof CreateUserBody>;

/** A null or blank password leaves the password unchanged (spec 5). The client may echo the id back; it must match the path. */
export const UpdateUserBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    username: Type.Optional(Type.String({ maxLength: 64 })),
    password: Type.Optional(nullableText),
    passwordConfirm: Type.Optional(nullableText),
    role: Type.Optional(roleName),
    email: Type.Optional(nullableText),
  },
  { additionalProperties: false },
);
export type UpdateUserRequest = Static<typeof UpdateUserBody>;

export interface UsersResponse {
  data: { users: User[] };
}

export interface PingResponse {
  ok: true;
  mode: ServerMode;
}

export interface VersionInfo {
  version: string;
  /** user and host (who built it, where) are given to signed-in callers only. */
  buildInfo: { target: string; hash: string; user?: string; host?: string };
  buildDate: string;
  /** HTML, rendered by the version page. Present with ?all=true. */
  changelog?: string;
  eula?: string;
  acknowledgements?: string;
}

/** GET /service/version?all=true adds the changelog, EULA and acknowledgements. */
export const VersionQuery = Type.Object({ all: Type.Optional(Type.Boolean()) });
export type VersionQuery = Static<typeof VersionQuery>;

/**
 * GET, POST /service/ui and POST /service/ui/rollback: which client the
 * recorder serves. 'shipped' is the one installed with the recorder; any
 * other value is the id of an uploaded client. `previous` is what a rollback
 * would serve (null: nothing to go back to).
 */
export const ClientDeploymentResponse = Type.Object({
  current: Type.String(),
  previous: Type.Union([Type.String(), Type.Null()]),
});
export type ClientDeploymentResponse = Static<typeof ClientDeploymentResponse>;

export interface TimeResponse {
  time: number;
}

export interface TimeExtendedResponse {
  time: number;
  /** IANA zone name of the server. */
  tz: string;
  /** Minutes east of UTC, as Date#getTimezoneOffset would give negated. */
  tzOffset: number;
}

/** What the serving server tells the client before sign-in (mode, branding). */
export interface ServerAbout {
  mode: ServerMode;
  version: string;
  greeting: string | null;
  agreement: { title: string; href: string } | null;
  authProviders: Array<'google.sign.in' | 'azure.active.directory'>;
  rtspPort: number;
  rtspProtocol: 'rtsp';
  maxExportHours: number;
  /** Multi-server mode: the oldest recorder version the aggregator works with. */
  minimumOrchidVersion?: string;
  /** Multi-server mode: the aggregator's settings for every client (GET, PATCH /service/about/config). */
  config?: ClientConfig;
}

/**
 * The aggregator's settings for its clients. forceOrchidProxy: players and
 * screens reach every server through the aggregator's proxy, even when the
 * browser could reach the server directly (advanced settings, aggregator
 * mode only).
 */
export interface ClientConfig {
  forceOrchidProxy: boolean;
}

export const ClientConfigPatch = Type.Object({ forceOrchidProxy: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type ClientConfigPatch = Static<typeof ClientConfigPatch>;

/** The greeting shown on the sign-in page; null or blank removes it. */
export const GREETING_MAX_LENGTH = 2000;
export const GreetingPatch = Type.Object(
  { greeting: Type.Union([Type.String({ maxLength: GREETING_MAX_LENGTH }), Type.Null()]) },
  { additionalProperties: false },
);
export type GreetingPatch = Static<typeof GreetingPatch>;

export const AboutPatch = Type.Object(
  {
    greeting: Type.Optional(Type.Union([Type.String({ maxLength: GREETING_MAX_LENGTH }), Type.Null()])),
    config: Type.Optional(ClientConfigPatch),
  },
  { additionalProperties: false },
);
export type AboutPatch = Static<typeof AboutPatch>;
