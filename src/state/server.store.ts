/**
 * What the serving server says about itself before sign-in (GET
 * /service/about): the mode (single-server or multi-server), version,
 * greeting, access agreement and auth providers.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { ServerAbout, ServerMode } from '../../server/shared/api';
import { isHttpError } from '../api/http-error';
import { setForceProxy } from '../api/direct-routes';
import { setMultiServerRouting } from '../api/server-scope';
import { systemApi } from '../api/system-api';

export interface ServerState {
  about: ServerAbout | null;
  status: 'loading' | 'ready' | 'failed';
  /** Status of the failed call (-1 when the server did not answer). */
  failureStatus: number | null;
}

export const serverState = proxy<ServerState>({ about: null, status: 'loading', failureStatus: null });

export async function loadAbout(): Promise<void> {
  serverState.status = 'loading';
  try {
    const about = await systemApi.about();
    // Recorder calls go to their servers from here on, directly or through the aggregator's proxy (api/server-scope.ts).
    setMultiServerRouting(about.mode === 'multi-server');
    void setForceProxy(about.config?.forceOrchidProxy === true);
    serverState.about = ref(about);
    serverState.status = 'ready';
    serverState.failureStatus = null;
  } catch (error) {
    serverState.status = 'failed';
    serverState.failureStatus = isHttpError(error) ? error.status : null;
  }
}

/** Single-server until the server says otherwise: the recorder is the common case. */
export function serverMode(state: { readonly about: { readonly mode: ServerMode } | null } = serverState): ServerMode {
  return state.about?.mode ?? 'single-server';
}
