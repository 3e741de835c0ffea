/**
 * The caller's session as every feature sees it once the access check has
 * let a request through (http/auth.ts sets it on the request). Identity
 * makes and keeps sessions; everything else only reads this shape.
 */
import type { User } from '../shared/api';

export interface AuthenticatedSession {
  id: string;
  user: User;
  expiresAt: number;
  /** 'jwt' for a session a trusted issuer's token stands for (the recorder's identity/jwt-sessions.ts); 'fsid' for an aggregator sign-in; 'sid' for a recorder sign-in. */
  tokenType?: 'sid' | 'jwt' | 'fsid';
}
