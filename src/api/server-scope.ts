/**
 * Which server a recorder call goes to in the multi-server edition (spec 7
 * "directly or via aggregator proxy path"): straight to the server when
 * this page may reach it (direct-routes.ts decides, per server), else
 * through the aggregator's proxy, HTTP under /service/orchid-proxy/{id},
 * sockets under /service/orchid-proxy-ws/{id}.
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
import { directRoute } from './direct-routes';

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

/** The streams' ids grouped by their server (none: the serving server), for calls that take many streams of one server. */
export function streamsByServer(streams: readonly StreamRef[]): Map<string | undefined, string[]> {
  const byServer = new Map<string | undefined, string[]>();
  for (const { streamId, server } of streams) byServer.set(server, [...(byServer.get(server) ?? []), streamId]);
  return byServer;
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

/** The server a call goes to, if any: the one it names, else the scope's unless the path is the aggregator's own. */
function targetOf(path: string, named: string | null | undefined): string | null {
  const target = named ?? scope;
  if (!multiServer || !target || !path.startsWith('/service/') || PROXY_PATH.test(path)) return null;
  return named || !AGGREGATOR_OWN.test(path) ? target : null;
}

/** Where a call goes: `url` relative to this page (the serving server, or through the proxy), or absolute for a server called directly, with that server's token. */
export interface CallRoute {
  url: string;
  direct?: { server: string; token: string };
}

/** Whether calls to `orchidId`'s recorder go through the aggregator's proxy: the multi-server edition, and not called directly. */
export function throughProxy(orchidId: string | null | undefined): boolean {
  return multiServer && !!orchidId && directRoute(orchidId) === undefined;
}

/** A REST call's route to `orchidId` (default: the scoped server, for calls that are not the aggregator's own). */
export function routeCall(path: string, orchidId?: string | null): CallRoute {
  const target = targetOf(path, orchidId);
  if (!target) return { url: path };
  const direct = directRoute(target);
  if (direct) return { url: `${direct.origin}${path}`, direct: { server: target, token: direct.token } };
  return { url: `/service/orchid-proxy/${encodeURIComponent(target)}${path}` };
}

/** A REST path as it goes out (the address of a download window, too). */
export function scopedPath(path: string, orchidId?: string | null): string {
  return routeCall(path, orchidId).url;
}

/** A socket's address: to the server directly, through the socket proxy, or to the serving server. */
export function socketAddress(path: string, orchidId?: string | null): string {
  const here = globalThis.location;
  const sameHost = `${here.protocol === 'https:' ? 'wss' : 'ws'}://${here.host}`;
  const target = targetOf(path, orchidId);
  if (!target) return `${sameHost}${path}`;
  const direct = directRoute(target);
  if (direct) return `${direct.origin.replace(/^http/, 'ws')}${path}`;
  return `${sameHost}/service/orchid-proxy-ws/${encodeURIComponent(target)}${path}`;
}
