/** The serving server's version info with change log, acknowledgements and EULA (GET /service/version?all=true). */
import { proxy, ref } from 'valtio/vanilla';
import type { VersionInfo } from '../../server/shared/api';
import { systemApi } from '../api/system-api';

export interface VersionState {
  info: VersionInfo | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

export const versionState = proxy<VersionState>({ info: null, status: 'idle' });

export async function loadVersion(): Promise<void> {
  versionState.status = 'loading';
  try {
    versionState.info = ref(await systemApi.version(true));
    versionState.status = 'ready';
  } catch {
    versionState.status = 'failed'; // the page shows unableToLoadChangeLog
  }
}
