/**
 * Which servers of the multi-server edition this page calls directly
 * rather than through the aggregator's proxy (spec 7: "Server availability
 * decides direct or proxy routing; the decision is remembered per server").
 *
 * Each time the server list arrives (GET /service/orchids, with the user's
 * own session token on each server), a server not decided yet is probed
 * once: its GET /service/ping from this page, cross-origin. The recorder
 * allows that only for the aggregator page that registered it (its trusted
 * issuer's origin, server/recorder/core/http/cross-origin.ts, which the
 * server list gives as pageOrigin): a server registered from another origin
 * (or by API, with none) is not probed, as the browser would only log the
 * refusal; a server the browser cannot reach stays behind the proxy. Force Orchid Proxy (the aggregator's client config) keeps every
 * server behind the proxy. A direct call that gets no answer or a 401 (the
 * token expired) drops the server back to the proxy for the rest of the
 * page's life (forgetDirect), and the call is made again through it.
 *
 * Why direct at all: pictures, tickets, archives and signalling then load
 * the recorder that serves them, not the aggregator in front of all.
 */
import type { Orchid } from '../../server/shared/api';
import { originOf } from '../../server/shared/origin';

export interface DirectRoute {
  /** The server's origin as this page reaches it. */
  origin: string;
  /** The user's session token on that server. */
  token: string;
}

type Decision = { kind: 'direct'; route: DirectRoute } | { kind: 'proxy' } | { kind: 'probing'; token: string };

/** How long a probe waits for the server's answer. */
export const DIRECT_PROBE_TIMEOUT_MS = 3_000;

const decisions = new Map<string, Decision>();
let forceProxy = false;

export type Probe = (origin: string) => Promise<boolean>;

/** The browser's probe: the recorder's ping, cross-origin. */
const probeByFetch: Probe = async (origin) => {
  try {
    const reply = await fetch(`${origin}/service/ping`, { mode: 'cors', cache: 'no-store', signal: AbortSignal.timeout(DIRECT_PROBE_TIMEOUT_MS) });
    return reply.ok;
  } catch {
    return false;
  }
};

/** Force Orchid Proxy: every server through the aggregator from now on. */
export function setForceProxy(force: boolean): void {
  forceProxy = force;
  if (force) for (const id of decisions.keys()) decisions.set(id, { kind: 'proxy' });
}

/**
 * Learns the servers and their tokens; probes each one not decided yet.
 * Resolves when the probes started here have answered (callers need not wait).
 */
export async function learnServers(
  orchids: readonly Pick<Orchid, 'id' | 'uri' | 'isAvailable' | 'permissions' | 'pageOrigin'>[],
  probe: Probe = probeByFetch,
): Promise<void> {
  const probes: Array<Promise<void>> = [];
  for (const orchid of orchids) {
    const token = orchid.permissions?.token;
    const decided = decisions.get(orchid.id);
    if (decided?.kind === 'direct' && token) decided.route.token = token; // a fresh session on the same server
    if (decided || forceProxy || !token || !orchid.isAvailable) continue;
    const origin = originOf(orchid.uri);
    const here = globalThis.location?.origin;
    if (!origin || origin === here || orchid.pageOrigin !== here) continue;
    decisions.set(orchid.id, { kind: 'probing', token });
    probes.push(
      probe(origin).then((reachable) => {
        const current = decisions.get(orchid.id);
        if (current?.kind !== 'probing') return; // forced to the proxy meanwhile
        decisions.set(orchid.id, reachable && !forceProxy ? { kind: 'direct', route: { origin, token: current.token } } : { kind: 'proxy' });
      }),
    );
  }
  await Promise.all(probes);
}

/** The direct route to a server, when this page calls it directly. */
export function directRoute(orchidId: string): DirectRoute | undefined {
  const decided = decisions.get(orchidId);
  return decided?.kind === 'direct' ? decided.route : undefined;
}

/** The server did not answer a direct call, or refused its token: the proxy from now on. */
export function forgetDirect(orchidId: string): void {
  decisions.set(orchidId, { kind: 'proxy' });
}

/** Forgets every decision (signing out; tests). */
export function resetDirectRoutes(): void {
  decisions.clear();
  forceProxy = false;
}
