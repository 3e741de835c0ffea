/** Servers of the multi-server edition (spec 7 aggregator calls): list, register, edit, unregister, refresh. */
import type { Orchid, OrchidsResponse, OrchidsTimeResponse, RegisterOrchidRequest, UpdateOrchidRequest } from '../../server/shared/api';
import { learnServers } from './direct-routes';
import { http } from './http';
import { TIME_PROBE_TIMEOUT_MS } from './system-api';

export const orchidsApi = {
  /** The servers, with the user's own session on each: which of them this page may call directly is decided from it (direct-routes.ts). */
  list: async (): Promise<Orchid[]> => {
    const { orchids } = (await http.get<OrchidsResponse>('/service/orchids')).data;
    void learnServers(orchids);
    return orchids;
  },
  register: (body: RegisterOrchidRequest) => http.post<Orchid>('/service/orchids', body),
  update: (id: string, body: UpdateOrchidRequest) => http.patch<Orchid>(`/service/orchids/${encodeURIComponent(id)}`, body),
  /** `force`: remove it here even when the server cannot be told to forget the aggregator. */
  remove: (id: string, force = false) => http.delete(`/service/orchids/${encodeURIComponent(id)}${force ? '?force=true' : ''}`),
  /** Checks the server again now (health, version, license, cameras). */
  refresh: (id: string) => http.post<Orchid>(`/service/orchids/${encodeURIComponent(id)}/cache`, {}),
  /** Each server's clock against the aggregator's, and the aggregator's own time (spec 9: the time probe waits 2000 ms). */
  time: (timeoutMs = TIME_PROBE_TIMEOUT_MS) => http.get<OrchidsTimeResponse>('/service/orchids/time', { timeoutMs }),
};
