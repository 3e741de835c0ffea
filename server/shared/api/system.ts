/** Errors, sessions, users and server facts (spec 7 "Sessions and identity", server calls). */
import type { Role } from '../roles';

/** Every error reply: a stable code and a human-readable reason (spec 8 wording where given). */
export interface ApiError {
  code: string;
  reason: string;
}

export type ServerMode = 'single-server' | 'multi-server';

export type TokenType = 'jwt' | 'sid' | 'fsid';

export interface SignInRequest {
  username: string;
  password: string;
  /** 'persistent' when the user ticked stay-signed-in. */
  cookie: 'persistent' | 'session';
  /** Seconds; default 2592000 (30 days). */
  expiresIn?: number;
  type: 'user';
}

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

export interface CreateUserRequest {
  username: string;
  password: string;
  passwordConfirm?: string;
  role?: string;
  email?: string | null;
}

/** A null or blank password leaves the password unchanged (spec 5). */
export interface UpdateUserRequest {
  username?: string;
  password?: string | null;
  passwordConfirm?: string | null;
  role?: string;
  email?: string | null;
}

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
}
