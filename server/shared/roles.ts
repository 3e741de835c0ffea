/**
 * Roles and what each may do (spec point 6). Used by the recorder to enforce
 * and by the client to decide what to show; the server is the authority.
 */
export const ROLES = ['Live Viewer', 'Viewer', 'Manager', 'Administrator'] as const;
export type Role = (typeof ROLES)[number];

/** New users get this role when none is given (spec 6). */
export const DEFAULT_ROLE: Role = 'Manager';

/** Role names match case-insensitively (spec 6); answers the canonical name or undefined. */
export function parseRole(value: unknown): Role | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return ROLES.find((role) => role.toLowerCase() === wanted);
}

export type Ability =
  | 'live'
  | 'playback'
  | 'export'
  | 'ptz'
  | 'system-report'
  | 'configure-cameras'
  | 'manage-users'
  | 'license'
  | 'server-settings'
  | 'manage-ptz-presets'
  | 'share-stages'
  /** Replace the served web client with an uploaded one, or roll it back (spec 6: update client). */
  | 'update-client';

const ABILITIES: Record<Role, ReadonlySet<Ability>> = {
  'Live Viewer': new Set(['live']),
  Viewer: new Set(['live', 'playback']),
  Manager: new Set(['live', 'playback', 'export', 'ptz', 'system-report']),
  Administrator: new Set([
    'live',
    'playback',
    'export',
    'ptz',
    'system-report',
    'configure-cameras',
    'manage-users',
    'license',
    'server-settings',
    'manage-ptz-presets',
    'share-stages',
    'update-client',
  ]),
};

export function can(role: Role | undefined, ability: Ability): boolean {
  return role !== undefined && ABILITIES[role].has(ability);
}

export function isAdministrator(role: Role | undefined): boolean {
  return role === 'Administrator';
}

/** Camera permission actions (spec 3, permissions.actions) a role grants. */
export function cameraActionsFor(role: Role): { playback: boolean; live: boolean; ptz: boolean; export: boolean } {
  return {
    live: can(role, 'live'),
    playback: can(role, 'playback'),
    ptz: can(role, 'ptz'),
    export: can(role, 'export'),
  };
}
