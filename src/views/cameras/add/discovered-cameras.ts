/**
 * The Auto tab's discovered cameras (spec 3 "Discovered camera"): the
 * addresses to probe, the rows of the table (URL-decoded name, ip, url,
 * selected, configured/registered state) and what registering them sends.
 *
 * The recorder's probe (GET /service/discoverable/cameras) asks one address
 * at a time with unicast WS-Discovery, so the person gives the addresses to
 * search: IP addresses or host names, optionally with :port, separated by
 * commas, spaces or lines, and IPv4 ranges of the last part
 * (192.168.1.10-40). At most MAX_SEARCH_ADDRESSES in one search, because
 * every silent address costs the probe's time-out. Pure.
 */
import type { DiscoveredCamera, RegisterCameraRequest } from '../../../../server/shared/api';

export const MAX_SEARCH_ADDRESSES = 256;

export type AddressParse = { ok: true; addresses: string[] } | { ok: false; error: 'empty' | 'invalid' | 'tooMany'; token?: string };

const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const RANGE = /^(\d{1,3}\.\d{1,3}\.\d{1,3}\.)(\d{1,3})-(\d{1,3})$/;

function octetsOk(...parts: string[]): boolean {
  return parts.every((part) => Number(part) <= 255);
}

function portOk(port: string | undefined): boolean {
  if (port === undefined) return true;
  const value = Number(port);
  return /^\d{1,5}$/.test(port) && value >= 1 && value <= 65535;
}

/** One token as the addresses it stands for, or null when it is not an address, host or range. */
function expand(token: string): string[] | null {
  const withPort = /^(.*?)(?::(\d+))?$/.exec(token)!;
  const body = withPort[1]!;
  const port = withPort[2];
  if (!portOk(port)) return null;
  const suffix = port === undefined ? '' : `:${port}`;
  const range = RANGE.exec(body);
  if (range) {
    const [, prefix, fromText, toText] = range;
    const from = Number(fromText);
    const to = Number(toText);
    if (!octetsOk(...prefix!.slice(0, -1).split('.'), fromText!, toText!) || from > to) return null;
    return Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}${suffix}`);
  }
  const ip = IPV4.exec(body);
  if (ip) return octetsOk(...ip.slice(1)) ? [`${body}${suffix}`] : null;
  return HOST.test(body) && !/^[\d.]+$/.test(body) ? [`${body}${suffix}`] : null;
}

export function parseSearchAddresses(text: string): AddressParse {
  const tokens = text.split(/[\s,;]+/).filter((token) => token.length > 0);
  if (tokens.length === 0) return { ok: false, error: 'empty' };
  const addresses: string[] = [];
  for (const token of tokens) {
    const expanded = expand(token);
    if (!expanded) return { ok: false, error: 'invalid', token };
    for (const address of expanded) if (!addresses.includes(address)) addresses.push(address);
    if (addresses.length > MAX_SEARCH_ADDRESSES) return { ok: false, error: 'tooMany' };
  }
  return { ok: true, addresses };
}

/** Names arrive URL-encoded (an ONVIF name scope); shown decoded, kept as they came when the encoding is broken. */
export function decodeDiscoveredName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

export interface DiscoveredRow {
  /** The device service URL: one row per device. */
  key: string;
  name: string;
  ip: string;
  url: string;
  configured: boolean;
  registered: boolean;
  selected: boolean;
}

/** A device can be registered only when it gave a service address and is not registered yet. */
export function canSelect(row: Pick<DiscoveredRow, 'configured' | 'registered'>): boolean {
  return row.configured && !row.registered;
}

/**
 * Merges a probe's answer into the table: new devices are added (selected
 * when they can be registered), known ones keep the person's selection and
 * take the fresh registered flag.
 */
export function mergeDiscovered(rows: readonly DiscoveredRow[], found: readonly DiscoveredCamera[]): DiscoveredRow[] {
  const merged = [...rows];
  for (const camera of found) {
    const key = camera.url || `${camera.ip}#${camera.name}`;
    const row: DiscoveredRow = {
      key,
      name: decodeDiscoveredName(camera.name),
      ip: camera.ip,
      url: camera.url,
      configured: camera.configured,
      registered: camera.registered,
      selected: canSelect(camera),
    };
    const index = merged.findIndex((existing) => existing.key === key);
    if (index === -1) merged.push(row);
    else merged[index] = { ...row, selected: row.selected && merged[index]!.selected };
  }
  return merged;
}

export interface Credentials {
  username: string;
  password: string;
}

export function registrationRequest(row: Pick<DiscoveredRow, 'url' | 'name' | 'ip'>, credentials: Credentials): RegisterCameraRequest {
  return {
    driver: 'ONVIF',
    connection: { uri: row.url, username: credentials.username, password: credentials.password },
    name: row.name.trim() || row.ip,
  };
}
