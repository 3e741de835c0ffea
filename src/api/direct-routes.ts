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
 * refusal; a server the browser cannot reach goes behind the proxy. Force
 * Orchid Proxy (the aggregator's client config) keeps every server behind
 * the proxy; lifting it probes every server again. A direct call that gets
 * no answer or a 401 (the token expired) drops the server back to the proxy
 * (forgetDirect), and the call is made again through it.
 *
 * Behind the proxy is not for good: a server that failed its probe or
 * dropped a direct call (it restarted, say, for a property change) is
 * probed again on the first server list at least DIRECT_RETRY_MS later.
 * The stage reads the list every minute (stage-bag.store.ts
 * SERVER_REFRESH_MS), the servers screen too (orchids.store.ts), so such a
 * server is retried within about two minutes; cost: one ping per such
 * server per minute at most. The clock is injectable (setDirectRoutesClock)
 * so tests step time instead of waiting.
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

/** proxy: sinceMs is when the server went behind the proxy. */
type Decision = { kind: 'direct'; route: DirectRoute } | { kind: 'proxy'; sinceMs: number } | { kind: 'probing'; token: string };

/** How long a probe waits for the server's answer. */
export const DIRECT_PROBE_TIMEOUT_MS = 3_000;

/** How long a server stays behind the proxy after a failed probe or direct call before it is probed again. */
export const DIRECT_RETRY_MS = 60_000;

type ServerEntry = Pick<Orchid, 'id' | 'uri' | 'isAvailable' | 'permissions' | 'pageOrigin'>;

const decisions = new Map<string, Decision>();
let forceProxy = false;
let now: () => number = Date.now;
/** The last server list learned, for probing again when Force Orchid Proxy is lifted. */
let lastServers: readonly ServerEntry[] = [];

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

/** The clock the retry delay is measured with (tests step it). */
export function setDirectRoutesClock(clock: () => number): void {
  now = clock;
}

/**
 * Force Orchid Proxy: every server through the aggregator from now on.
 * Lifting it forgets every decision and probes the last servers learned
 * again. Resolves when those probes have answered (callers need not wait).
 */
export async function setForceProxy(force: boolean, probe: Probe = probeByFetch): Promise<void> {
  const lifted = forceProxy && !force;
  forceProxy = force;
  if (force) for (const id of decisions.keys()) decisions.set(id, { kind: 'proxy', sinceMs: now() });
  if (!lifted) return;
  decisions.clear();
  await learnServers(lastServers, probe);
}

/** Whether the server is to be probed now: never decided, or behind the proxy for DIRECT_RETRY_MS. */
function dueForProbe(decided: Decision | undefined): boolean {
  if (!decided) return true;
  return decided.kind === 'proxy' && now() - decided.sinceMs >= DIRECT_RETRY_MS;
}

/**
 * Learns the servers and their tokens; probes each one not decided yet, or
 * behind the proxy for DIRECT_RETRY_MS. Resolves when the probes started
 * here have answered (callers need not wait).
 */
export async function learnServers(orchids: readonly ServerEntry[], probe: Probe = probeByFetch): Promise<void> {
  lastServers = orchids;
  const probes: Array<Promise<void>> = [];
  for (const orchid of orchids) {
    const token = orchid.permissions?.token;
    const decided = decisions.get(orchid.id);
    if (decided?.kind === 'direct' && token) decided.route.token = token; // a fresh session on the same server
    if (!dueForProbe(decided) || forceProxy || !token || !orchid.isAvailable) continue;
    const origin = originOf(orchid.uri);
    const here = globalThis.location?.origin;
    if (!origin || origin === here || orchid.pageOrigin !== here) continue;
    const probing: Decision = { kind: 'probing', token };
    decisions.set(orchid.id, probing);
    probes.push(
      probe(origin).then((reachable) => {
        // Forced to the proxy, or probed afresh, meanwhile: this answer is stale.
        if (decisions.get(orchid.id) !== probing) return;
        decisions.set(orchid.id, reachable && !forceProxy ? { kind: 'direct', route: { origin, token } } : { kind: 'proxy', sinceMs: now() });
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

/** The server did not answer a direct call, or refused its token: the proxy until probed again DIRECT_RETRY_MS later. */
export function forgetDirect(orchidId: string): void {
  decisions.set(orchidId, { kind: 'proxy', sinceMs: now() });
}

/** Forgets every decision (signing out; tests). */
export function resetDirectRoutes(): void {
  decisions.clear();
  forceProxy = false;
  lastServers = [];
  now = Date.now;
}
