/**
 * The server scope of the multi-server edition: while a server's own
 * screens are open (the server admin container: its activation, cameras,
 * status, report, retention and settings), their /service calls go to that
 * server through the aggregator's proxy (spec 7 "directly or via aggregator
 * proxy path"): HTTP under /service/orchid-proxy/{id}, sockets under
 * /service/orchid-proxy-ws/{id}. The single-server screens are reused as
 * they are: the REST client (http.ts) and the socket addresses
 * (live-api.ts) apply the scope, the screens do not know it.
 *
 * The aggregator's own calls, which the shell keeps making meanwhile (ping,
 * clock, session, the server list), are never scoped. Only one scope is
 * open at a time: the container is one screen.
 */
const AGGREGATOR_OWN = /^\/service\/(ping|time|sessions|orchids|orchid-proxy|orchid-proxy-ws|about|version|identity|layouts|users)(\/|\?|$)/;

let scope: string | null = null;

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

/** A REST path as it goes out: through the proxy to the scoped server, unless it is the aggregator's own. */
export function scopedPath(path: string, orchidId: string | null = scope): string {
  if (!orchidId || !path.startsWith('/service/') || AGGREGATOR_OWN.test(path)) return path;
  return `/service/orchid-proxy/${encodeURIComponent(orchidId)}${path}`;
}

/** A socket path as it goes out: through the socket proxy to the scoped server. */
export function scopedSocketPath(path: string, orchidId: string | null = scope): string {
  if (!orchidId || !path.startsWith('/service/') || AGGREGATOR_OWN.test(path)) return path;
  return `/service/orchid-proxy-ws/${encodeURIComponent(orchidId)}${path}`;
}
