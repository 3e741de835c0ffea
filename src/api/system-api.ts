/** System calls: about (mode, greeting), version, ping, server time and update client (spec 7). */
import type { ClientDeploymentResponse, PingResponse, ServerAbout, TimeResponse, VersionInfo } from '../../server/shared/api';
import { http } from './http';

/** Spec 9: the time probe waits 2000 ms. */
export const TIME_PROBE_TIMEOUT_MS = 2000;

export const systemApi = {
  about: () => http.get<ServerAbout>('/service/about'),
  version: (all: boolean) => http.get<VersionInfo>('/service/version', all ? { query: { all: true } } : {}),
  /** `server`: a registered server's own ping (multi-server mode), not the aggregator's. */
  ping: (timeoutMs: number, server?: string) => http.get<PingResponse>('/service/ping', { timeoutMs, server }),
  /** Update client (administrators): the .zip goes as the raw body; the recorder checks it before serving it. */
  updateClient: (archive: Blob) => http.post<ClientDeploymentResponse>('/service/ui', archive),
  time: (timeoutMs = TIME_PROBE_TIMEOUT_MS) => http.get<TimeResponse>('/service/time', { timeoutMs }),
};
