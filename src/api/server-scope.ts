/**
 * Which server a recorder call goes to in the multi-server edition (spec 7
 * "directly or via aggregator proxy path"): through the aggregator's proxy,
 * HTTP under /service/orchid-proxy/{id}, sockets under
 * /service/orchid-proxy-ws/{id}.
 *
 * Two ways to name the server:
 * - per call: a player, the timeline, PTZ and export pass the camera's
 *   orchidId (RequestOptions.server, the `server` argument of the API
 *   modules), so one stage plays cameras of many servers at once;
 * - the scope: while a server's own screens are open (the server admin
 *   container: its activation, cameras, status, report, retention and
 *   settings), calls that name no server go to that one. The single-server
 *   screens are reused as they are: the REST client (http.ts) and the
 *   socket addresses (live-api.ts) apply the scope, the screens do not know
 *   it. Only one scope is open at a time: the container is one screen.
 *
 * In single-server mode the serving recorder is every camera's server, so
 * server ids change nothing. The aggregator's own calls, which the shell
 * keeps making meanwhile (ping, clock, session, the server list), are never
 * sent on by the scope. A call that names its server is always sent on:
 * some paths are both the aggregator's and each recorder's (/service/users,
 * which the users screen's bulk dialogs manage on each server).
 */
const AGGREGATOR_OWN = /^\/service\/(ping|time|sessions|orchids|orchid-proxy|orchid-proxy-ws|about|version|identity|layouts|users)(\/|\?|$)/;

/** A stream and its server (its camera's orchidId), for calls about the stream's recording. */
export interface StreamRef {
  streamId: string;
  server?: string;
}

/** Each stream once (a camera shown in two tiles is one stream). */
export function distinctStreams<T extends StreamRef>(streams: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const stream of streams) seen.set(`${stream.server ?? ''}\u0000${stream.streamId}`, stream);
  return [...seen.values()];
}

let scope: string | null = null;
let multiServer = false;

/** Set from the serving server's mode (GET /service/about) before any recorder call. */
export function setMultiServerRouting(enabled: boolean): void {
  multiServer = enabled;
}

/** Opens a server's scope (its id); the returned function closes it again. */
export function enterServerScope(orchidId: string): () => void {
  scope = orchidId;
  return () => {
    if (scope === orchidId) scope = null;
  };
}

export function currentServerScope(): string | null {
  return scope;
}

/** The proxy's own paths: never wrapped in the proxy again. */
const PROXY_PATH = /^\/service\/orchid-proxy(-ws)?\//;

function sentOn(path: string, orchidId: string | null | undefined, named: boolean): orchidId is string {
  if (!multiServer || !orchidId || !path.startsWith('/service/') || PROXY_PATH.test(path)) return false;
  return named || !AGGREGATOR_OWN.test(path);
}

/**
 * A REST path as it goes out: through the proxy to `orchidId`, or else to the
 * scoped server unless the path is the aggregator's own.
 */
export function scopedPath(path: string, orchidId?: string | null): string {
  const target = orchidId ?? scope;
  return sentOn(path, target, !!orchidId) ? `/service/orchid-proxy/${encodeURIComponent(target)}${path}` : path;
}

/** A socket path as it goes out: through the socket proxy to `orchidId` (default: the scoped server). */
export function scopedSocketPath(path: string, orchidId?: string | null): string {
  const target = orchidId ?? scope;
  return sentOn(path, target, !!orchidId) ? `/service/orchid-proxy-ws/${encodeURIComponent(target)}${path}` : path;
}
