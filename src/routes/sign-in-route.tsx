/**
 * /sign-in: reads ?skipAuth and the single-player arguments, runs the entry
 * checks once per visit, and shows the screen they pick: a browser-check
 * screen, a redirect, or the sign-in form. Whether the user was already
 * signed in is read on arrival only, so a fresh sign-in can finish its
 * success animation before the stage opens.
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { detectCapabilities } from '../app/capabilities';
import { checkSignInEntry } from '../app/entry-checks';
import {
  allowUnsupportedBrowser,
  enableCompatibilityMode,
  preferences,
} from '../state/preferences.store';
import { sessionState } from '../state/session.store';
import {
  IncognitoView,
  OldBrowserView,
  UnsupportedBrowserView,
  UnsupportedWebSocketView,
} from '../views/browser-check/browser-check-views';
import { SignInView } from '../views/sign-in/sign-in-view';

function flag(value: string | null): boolean {
  return value === 'true' || value === '1';
}

export function SignInRoute(): ReactElement {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const prefs = useSnapshot(preferences);
  const [authenticatedOnArrival] = useState(() => sessionState.status === 'authenticated');
  const [capabilities] = useState(detectCapabilities);
  const skipAuth = flag(params.get('skipAuth'));
  const singlePlayer = params.has('single-player');

  const result = useMemo(
    () =>
      checkSignInEntry(capabilities, {
        allowUnsupportedBrowser: prefs.allowUnsupportedBrowser,
        oldBrowserWarned: prefs.oldBrowserWarned,
        skipAuth,
        authenticated: authenticatedOnArrival,
        singlePlayer,
      }),
    [capabilities, prefs.allowUnsupportedBrowser, prefs.oldBrowserWarned, skipAuth, authenticatedOnArrival, singlePlayer],
  );

  useEffect(() => {
    if (result.useLowBandwidthDefault) enableCompatibilityMode();
  }, [result.useLowBandwidthDefault]);

  const { outcome } = result;
  if (outcome.type === 'redirect') {
    return <Navigate to={{ pathname: outcome.to, search: outcome.to === '/player' ? location.search : '' }} replace />;
  }
  if (outcome.type === 'screen') {
    switch (outcome.screen) {
      case 'incognito':
        return <IncognitoView />;
      case 'unsupported-ws':
        return <UnsupportedWebSocketView />;
      case 'unsupported-browser':
        return <UnsupportedBrowserView onContinue={allowUnsupportedBrowser} />;
      case 'old-browser':
        return (
          <OldBrowserView
            onCompatibilityMode={() => {
              enableCompatibilityMode();
              void navigate('/sign-in', { replace: true });
            }}
          />
        );
    }
  }
  return <SignInView />;
}
