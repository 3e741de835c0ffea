import { describe, expect, it } from 'vitest';
import type { ServerMode } from '../../../../server/shared/api';
import { ROLES, type Role } from '../../../../server/shared/roles';
import { GUARDED_ROUTES, guardRoute, mayOpen, ROUTE_RULES, type GuardedRoute } from '../../../../src/app/guards';

const MODES: ServerMode[] = ['single-server', 'multi-server'];

/** Spec 2's table, written out: who may open each route, in which mode. */
const EXPECTED: Record<GuardedRoute, (role: Role, mode: ServerMode) => boolean> = {
  stage: () => true,
  servers: (role, mode) => role === 'Administrator' && mode === 'multi-server',
  'server-admin': (role, mode) => role === 'Administrator' && mode === 'multi-server',
  cameras: (role, mode) => role === 'Administrator' && mode === 'single-server',
  retention: (role, mode) => role === 'Administrator' && mode === 'single-server',
  'system-status': (role, mode) => (role === 'Administrator' || role === 'Manager') && mode === 'single-server',
  'system-report': (role, mode) => (role === 'Administrator' || role === 'Manager') && mode === 'single-server',
  activation: (role) => role === 'Administrator',
  'advanced-settings': (role) => role === 'Administrator',
  properties: (role, mode) => role === 'Administrator' && mode === 'single-server',
  'server-restarting': (role) => role === 'Administrator',
  users: (role) => role === 'Administrator',
  flags: () => true,
  version: () => true,
};

describe('route guards (spec 2)', () => {
  it('covers every guarded route with its path', () => {
    expect(GUARDED_ROUTES.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const route of GUARDED_ROUTES) expect(ROUTE_RULES[route].path).toBe(`/${route}`);
  });

  for (const route of Object.keys(EXPECTED) as GuardedRoute[]) {
    describe(route, () => {
      it('sends a visitor without a session to sign-in, whatever the mode', () => {
        for (const mode of MODES) {
          expect(guardRoute(route, { authenticated: false, role: undefined, mode })).toEqual({ type: 'redirect', to: '/sign-in' });
          expect(guardRoute(route, { authenticated: false, role: 'Administrator', mode })).toEqual({
            type: 'redirect',
            to: '/sign-in',
          });
        }
      });

      for (const mode of MODES) {
        for (const role of ROLES) {
          const allowed = EXPECTED[route](role, mode);
          it(`${allowed ? 'lets' : 'sends to the stage'} a ${role} in ${mode} mode`, () => {
            expect(mayOpen(route, role, mode)).toBe(allowed);
            expect(guardRoute(route, { authenticated: true, role, mode })).toEqual(
              allowed ? { type: 'allow' } : { type: 'redirect', to: '/stage' },
            );
          });
        }
      }
    });
  }

  it('never redirects the stage to itself', () => {
    for (const mode of MODES) {
      for (const role of [...ROLES, undefined]) {
        expect(guardRoute('stage', { authenticated: true, role, mode })).toEqual({ type: 'allow' });
      }
    }
  });

  it('treats a signed-in user with no known role as allowed only where every role is', () => {
    expect(guardRoute('version', { authenticated: true, role: undefined, mode: 'single-server' })).toEqual({ type: 'allow' });
    expect(guardRoute('users', { authenticated: true, role: undefined, mode: 'single-server' })).toEqual({
      type: 'redirect',
      to: '/stage',
    });
  });
});
