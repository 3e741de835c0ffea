/**
 * The 'singularity' parent of spec 2: every child route requires a session
 * (otherwise sign-in) and is shown inside the main shell.
 */
import type { ReactElement } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { sessionState } from '../state/session.store';
import { SIGN_IN_PATH } from './guards';
import { Shell } from './shell/shell';

export function Singularity(): ReactElement {
  const { status } = useSnapshot(sessionState);
  if (status !== 'authenticated') return <Navigate to={SIGN_IN_PATH} replace />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
