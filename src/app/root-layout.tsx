/**
 * The root of every route: drops queued requests whenever the location
 * changes (spec 7). A layout effect, so the reset runs before the new
 * screen's effects queue its own requests.
 */
import { useLayoutEffect, type ReactElement } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { resetQueues } from '../api/queues';

export function RootLayout(): ReactElement {
  const location = useLocation();
  useLayoutEffect(() => {
    resetQueues();
  }, [location.pathname, location.search]);
  return <Outlet />;
}
