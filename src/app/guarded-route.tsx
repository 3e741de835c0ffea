/**
 * Applies the guard table to one route: renders the screen, or redirects to
 * sign-in (no session) or to the stage (role or mode not allowed).
 */
import type { ReactElement, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { serverMode, serverState } from '../state/server.store';
import { sessionState } from '../state/session.store';
import { guardRoute, type GuardedRoute } from './guards';

export function GuardedRoute({ route, children }: { route: GuardedRoute; children: ReactNode }): ReactElement {
  const session = useSnapshot(sessionState);
  const server = useSnapshot(serverState);
  const decision = guardRoute(route, {
    authenticated: session.status === 'authenticated',
    role: session.session?.role,
    mode: serverMode(server),
  });
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
