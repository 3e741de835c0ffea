/**
 * The route guard table of spec 2, as data plus one pure decision function.
 * Every route below the 'singularity' parent needs a session (else sign-in);
 * some also need a role and a server mode (else the stage). The router and
 * the navigation both read this table, so a screen's rule is written once.
 */
import type { ServerMode } from '../../server/shared/api';
import type { Role } from '../../server/shared/roles';

export type GuardedRoute =
  | 'stage'
  | 'servers'
  | 'server-admin'
  | 'cameras'
  | 'retention'
  | 'system-status'
  | 'system-report'
  | 'activation'
  | 'advanced-settings'
  | 'properties'
  | 'server-restarting'
  | 'users'
  | 'flags'
  | 'version';

export interface RouteRule {
  path: `/${string}`;
  /** Roles allowed; 'any' means every signed-in user. */
  roles: readonly Role[] | 'any';
  /** Server modes the screen exists in. */
  modes: readonly ServerMode[] | 'any';
}

const ADMIN: readonly Role[] = ['Administrator'];
const ADMIN_OR_MANAGER: readonly Role[] = ['Administrator', 'Manager'];
const SINGLE: readonly ServerMode[] = ['single-server'];
const MULTI: readonly ServerMode[] = ['multi-server'];

export const ROUTE_RULES: Readonly<Record<GuardedRoute, RouteRule>> = {
  stage: { path: '/stage', roles: 'any', modes: 'any' },
  servers: { path: '/servers', roles: ADMIN, modes: MULTI },
  'server-admin': { path: '/server-admin', roles: ADMIN, modes: MULTI },
  cameras: { path: '/cameras', roles: ADMIN, modes: SINGLE },
  retention: { path: '/retention', roles: ADMIN, modes: SINGLE },
  'system-status': { path: '/system-status', roles: ADMIN_OR_MANAGER, modes: SINGLE },
  'system-report': { path: '/system-report', roles: ADMIN_OR_MANAGER, modes: SINGLE },
  activation: { path: '/activation', roles: ADMIN, modes: 'any' },
  'advanced-settings': { path: '/advanced-settings', roles: ADMIN, modes: 'any' },
  properties: { path: '/properties', roles: ADMIN, modes: SINGLE },
  'server-restarting': { path: '/server-restarting', roles: ADMIN, modes: 'any' },
  users: { path: '/users', roles: ADMIN, modes: 'any' },
  flags: { path: '/flags', roles: 'any', modes: 'any' },
  version: { path: '/version', roles: 'any', modes: 'any' },
};

export const GUARDED_ROUTES = Object.keys(ROUTE_RULES) as GuardedRoute[];

export const SIGN_IN_PATH = '/sign-in';
export const STAGE_PATH = '/stage';

export interface GuardContext {
  authenticated: boolean;
  role: Role | undefined;
  mode: ServerMode;
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: typeof SIGN_IN_PATH | typeof STAGE_PATH };

/** Whether a signed-in user with `role` in `mode` may open `route`. */
export function mayOpen(route: GuardedRoute, role: Role | undefined, mode: ServerMode): boolean {
  const rule = ROUTE_RULES[route];
  const roleOk = rule.roles === 'any' || (role !== undefined && rule.roles.includes(role));
  const modeOk = rule.modes === 'any' || rule.modes.includes(mode);
  return roleOk && modeOk;
}

export function guardRoute(route: GuardedRoute, context: GuardContext): GuardDecision {
  if (!context.authenticated) return { type: 'redirect', to: SIGN_IN_PATH };
  return mayOpen(route, context.role, context.mode) ? { type: 'allow' } : { type: 'redirect', to: STAGE_PATH };
}
