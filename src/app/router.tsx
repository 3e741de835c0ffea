/**
 * Hash routes of spec 2. '/' goes to sign-in; /sign-in and /player stand
 * alone (the player loads lazily); every other screen sits under the 'singularity' parent (session
 * required, main shell) with its guard from the guard table; anything else
 * is the 404 page.
 */
import type { ReactElement } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { SignInRoute } from '../routes/sign-in-route';
import { CamerasView } from '../views/cameras/cameras-view';
import { StageView } from '../views/stage/stage-view';
import { NotFoundView } from '../views/system/not-found-view';
import { ServerRestartingView } from '../views/system/server-restarting-view';
import { GuardedRoute } from './guarded-route';
import { lazyScreen } from './lazy-screen';
import { ROUTE_RULES, SIGN_IN_PATH, type GuardedRoute as GuardedRouteId } from './guards';
import { RootLayout } from './root-layout';
import { RouteErrorView } from './route-error-view';
import { Singularity } from './singularity';

/** The single player (embedded in other pages): its own chunk, loaded when /player opens. */
const PlayerScreen = lazyScreen(() => import('../routes/player-route'), 'PlayerRoute');

const SCREENS: Record<GuardedRouteId, () => ReactElement> = {
  stage: StageView,
  servers: lazyScreen(() => import('../views/servers/servers-view'), 'ServersView'),
  'server-admin': lazyScreen(() => import('../views/servers/server-admin-view'), 'ServerAdminView'),
  cameras: CamerasView,
  retention: lazyScreen(() => import('../views/retention/retention-view'), 'RetentionView'),
  'system-status': lazyScreen(() => import('../views/system/system-status-view'), 'SystemStatusView'),
  'system-report': lazyScreen(() => import('../views/system/system-report-view'), 'SystemReportView'),
  activation: lazyScreen(() => import('../views/activation/activation-view'), 'ActivationView'),
  'advanced-settings': lazyScreen(() => import('../views/settings/advanced-settings-view'), 'AdvancedSettingsView'),
  properties: lazyScreen(() => import('../views/settings/properties-view'), 'PropertiesView'),
  'server-restarting': ServerRestartingView,
  users: lazyScreen(() => import('../views/users/users-view'), 'UsersView'),
  flags: lazyScreen(() => import('../views/settings/flags-view'), 'FlagsView'),
  version: lazyScreen(() => import('../views/version/version-view'), 'VersionView'),
};

const guardedChildren: RouteObject[] = (Object.keys(SCREENS) as GuardedRouteId[]).map((route) => {
  const Screen = SCREENS[route];
  return {
    path: ROUTE_RULES[route].path.slice(1),
    element: (
      <GuardedRoute route={route}>
        <Screen />
      </GuardedRoute>
    ),
    errorElement: <RouteErrorView />,
  };
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorView />,
    children: [
      { index: true, element: <Navigate to={SIGN_IN_PATH} replace /> },
      { path: 'sign-in', element: <SignInRoute /> },
      { path: 'player', element: <PlayerScreen />, errorElement: <RouteErrorView /> },
      { element: <Singularity />, children: guardedChildren },
      { path: '*', element: <NotFoundView /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
