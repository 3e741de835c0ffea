/**
 * Finding an ONVIF camera at one address (GET /service/discoverable/cameras):
 * a unicast WS-Discovery probe to `ip` (optional `:port`, default 3702), or
 * to the host of `url` (a device service URL). Answers the discovered-camera
 * fields of spec 3, marking devices already registered here.
 *
 * Cost: one UDP round trip, at most `timeoutMs` when nothing answers.
 * Limits: unicast only (multicast discovery of a whole subnet is not offered
 * by this call); a device that ignores unicast probes is not found.
 */
import { isIP } from 'node:net';
import type { DiscoveredCamera } from '../../shared/api';
import type { ProbeMatch } from '../../protocols/ws-discovery';
import { withoutCredentials } from '../../protocols/uri-redaction';
import { badRequest } from '../../common/api-error';
import { hasControlCharacters } from './cameras-validation';

export const DISCOVERY_PORT = 3702;
export const DISCOVERY_TIMEOUT_MS = 2_000;

export type OnvifProbe = (host: string, port: number, timeoutMs: number) => Promise<ProbeMatch[]>;

/** Parses '10.0.0.5', '10.0.0.5:3702', 'cam.local', '[fe80::1]:3702'; undefined when it is none of these. */
export function parseProbeTarget(text: string): { host: string; port: number } | undefined {
  const value = text.trim();
  if (!value || value.length > 255 || hasControlCharacters(value)) return undefined;
  let host = value;
  let port = DISCOVERY_PORT;
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) {
    host = bracketed[1]!;
    if (bracketed[2]) port = Number(bracketed[2]);
  } else if (isIP(value) !== 6) {
    const withPort = /^([^:]+):(\d{1,5})$/.exec(value);
    if (withPort) {
      host = withPort[1]!;
      port = Number(withPort[2]);
    }
  }
  if (port < 1 || port > 65535) return undefined;
  if (isIP(host) === 0 && !/^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(host)) {
    return undefined;
  }
  return { host, port };
}

function nameOf(match: ProbeMatch, fallback: string): string {
  const scope = match.scopes.find((s) => /^onvif:\/\/www\.onvif\.org\/name\//i.test(s));
  const raw = scope ? scope.replace(/^onvif:\/\/www\.onvif\.org\/name\//i, '') : fallback;
  // Scopes carry names percent-encoded already; make sure what we answer is encoded exactly once.
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw; // not valid percent-encoding: take it as plain text
  }
  return encodeURIComponent(decoded);
}

export async function discoverCameras(
  query: { ip?: string | undefined; url?: string | undefined },
  registeredUris: readonly string[],
  probe: OnvifProbe,
  timeoutMs = DISCOVERY_TIMEOUT_MS,
): Promise<DiscoveredCamera[]> {
  let target: { host: string; port: number } | undefined;
  let wantedUrl: string | undefined;
  if (query.ip) {
    target = parseProbeTarget(query.ip);
    if (!target) throw badRequest('The address must be an IP address or host name, optionally with :port.');
  } else if (query.url) {
    let url: URL;
    try {
      url = new URL(query.url);
    } catch {
      throw badRequest('The url must be an http:// or https:// device service URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('The url must be an http:// or https:// device service URL.');
    target = { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: DISCOVERY_PORT };
    wantedUrl = withoutCredentials(query.url);
  } else {
    throw badRequest('Give the address to search (ip) or a device service URL (url).');
  }
  let matches: ProbeMatch[];
  try {
    matches = await probe(target.host, target.port, timeoutMs);
  } catch {
    // An address the probe cannot even be sent to answers like one where nothing listens.
    matches = [];
  }
  const registered = new Set(registeredUris.map(withoutCredentials));
  const found: DiscoveredCamera[] = [];
  for (const match of matches) {
    const xaddrs = match.xaddrs.filter((x) => /^https?:\/\//i.test(x)).map(withoutCredentials);
    if (wantedUrl && xaddrs.length > 0 && !xaddrs.includes(wantedUrl)) continue;
    const url = wantedUrl ?? xaddrs[0] ?? '';
    let ip = target.host;
    try {
      if (url) ip = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    } catch {
      ip = target.host;
    }
    found.push({
      name: nameOf(match, ip),
      ip,
      url,
      configured: xaddrs.length > 0,
      registered: xaddrs.some((x) => registered.has(x)) || (url !== '' && registered.has(url)),
    });
  }
  return found;
}
