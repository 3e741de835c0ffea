/**
 * WS-Discovery (2005/04, SOAP-over-UDP) as ONVIF uses it: the Probe a client
 * sends, the ProbeMatches a device answers, parsers for both, and
 * `probeOnvif`, a unicast probe client for the recorder ("is there an ONVIF
 * device at this address, and where is its device service?").
 *
 * Why unicast: several simulated cameras share 127.0.0.1 and answer on
 * their own UDP ports; real cameras answer on 3702 (multicast
 * 239.255.255.250 also works with this client, it then waits the full timeout).
 *
 * Cost: one UDP socket per probe. Limits: no Hello/Bye/Resolve; scope
 * matching is the default RFC 3986 prefix rule only.
 */
import { randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';
import { childrenNamed, escapeXml, parseXml, path, text, type XmlElement } from './xml-reader';

export const WS_DISCOVERY_PORT = 3702;
const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://schemas.xmlsoap.org/ws/2004/08/addressing',
  wsd: 'http://schemas.xmlsoap.org/ws/2005/04/discovery',
  dn: 'http://www.onvif.org/ver10/network/wsdl',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
};

export interface ProbeMatch {
  /** Stable device identity, e.g. `urn:uuid:...`. */
  endpointReference: string;
  types: string[];
  scopes: string[];
  /** Device service URLs. */
  xaddrs: string[];
  metadataVersion: number;
}

export interface ProbeRequest {
  messageId: string;
  /** Local names of the requested types (prefixes dropped). */
  types: string[];
  scopes: string[];
}

export function buildProbe(messageId: string, types = 'dn:NetworkVideoTransmitter'): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<s:Envelope xmlns:s="${NS.soap}" xmlns:a="${NS.wsa}" xmlns:d="${NS.wsd}" xmlns:dn="${NS.dn}">` +
    `<s:Header><a:MessageID>${escapeXml(messageId)}</a:MessageID>` +
    `<a:To>urn:schemas-xmlsoap-org:ws:2005:04:discovery</a:To>` +
    `<a:Action>${NS.wsd}/Probe</a:Action></s:Header>` +
    `<s:Body><d:Probe><d:Types>${escapeXml(types)}</d:Types></d:Probe></s:Body></s:Envelope>`
  );
}

const words = (value: string | undefined): string[] => (value ?? '').split(/\s+/).filter(Boolean);
const localName = (qname: string): string => qname.slice(qname.indexOf(':') + 1);

/** Parses a Probe; undefined if the message is not one. Throws XmlError on malformed XML. */
export function parseProbe(xml: string): ProbeRequest | undefined {
  const envelope = parseXml(xml, { maxBytes: 16 * 1024 });
  const probe = path(envelope, 'Body', 'Probe');
  if (!probe) return undefined;
  return {
    messageId: text(envelope, 'Header', 'MessageID') ?? '',
    types: words(text(probe, 'Types')).map(localName),
    scopes: words(text(probe, 'Scopes')),
  };
}

/** Whether a device with these types and scopes answers the probe (WS-Discovery 5.1 matching). */
export function probeMatches(probe: ProbeRequest, deviceTypes: string[], deviceScopes: string[]): boolean {
  const ours = new Set(deviceTypes.map(localName));
  if (!probe.types.every((t) => ours.has(t))) return false;
  const trim = (s: string): string => s.replace(/\/+$/, '');
  return probe.scopes.every((wanted) => deviceScopes.some((have) => trim(have) === trim(wanted) || have.startsWith(`${trim(wanted)}/`)));
}

export function buildProbeMatches(opts: {
  relatesTo: string;
  endpointReference: string;
  xaddrs: string[];
  scopes: string[];
  messageNumber: number;
  instanceId: number;
}): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<s:Envelope xmlns:s="${NS.soap}" xmlns:a="${NS.wsa}" xmlns:d="${NS.wsd}" xmlns:dn="${NS.dn}" xmlns:tds="${NS.tds}">` +
    `<s:Header><a:MessageID>urn:uuid:${randomUUID()}</a:MessageID>` +
    `<a:RelatesTo>${escapeXml(opts.relatesTo)}</a:RelatesTo>` +
    `<a:To>${NS.wsa}/role/anonymous</a:To>` +
    `<a:Action>${NS.wsd}/ProbeMatches</a:Action>` +
    `<d:AppSequence InstanceId="${opts.instanceId}" MessageNumber="${opts.messageNumber}"/></s:Header>` +
    `<s:Body><d:ProbeMatches><d:ProbeMatch>` +
    `<a:EndpointReference><a:Address>${escapeXml(opts.endpointReference)}</a:Address></a:EndpointReference>` +
    `<d:Types>dn:NetworkVideoTransmitter tds:Device</d:Types>` +
    `<d:Scopes>${escapeXml(opts.scopes.join(' '))}</d:Scopes>` +
    `<d:XAddrs>${escapeXml(opts.xaddrs.join(' '))}</d:XAddrs>` +
    `<d:MetadataVersion>1</d:MetadataVersion>` +
    `</d:ProbeMatch></d:ProbeMatches></s:Body></s:Envelope>`
  );
}

/** Parses a ProbeMatches message; also returns the RelatesTo it answers. */
export function parseProbeMatches(xml: string): { relatesTo: string; matches: ProbeMatch[] } | undefined {
  const envelope = parseXml(xml, { maxBytes: 64 * 1024 });
  const body = path(envelope, 'Body', 'ProbeMatches');
  if (!body) return undefined;
  const matches = childrenNamed(body, 'ProbeMatch').map((m: XmlElement) => ({
    endpointReference: text(m, 'EndpointReference', 'Address') ?? '',
    types: words(text(m, 'Types')),
    scopes: words(text(m, 'Scopes')),
    xaddrs: words(text(m, 'XAddrs')),
    metadataVersion: Number(text(m, 'MetadataVersion') ?? '0') || 0,
  }));
  return { relatesTo: text(envelope, 'Header', 'RelatesTo') ?? '', matches };
}

function isMulticast(host: string): boolean {
  const first = Number(host.split('.')[0]);
  return isIP(host) === 4 && first >= 224 && first <= 239;
}

/**
 * Sends one Probe to host:port and collects ProbeMatches answering it.
 * A unicast target resolves on its first answer; otherwise (or with no
 * answer) after timeoutMs. Never rejects for silence: resolves [].
 */
export function probeOnvif(host: string, port = WS_DISCOVERY_PORT, timeoutMs = 2000): Promise<ProbeMatch[]> {
  const messageId = `urn:uuid:${randomUUID()}`;
  const socket = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
  const found: ProbeMatch[] = [];
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: Error): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(found);
    };
    const timer = setTimeout(() => finish(), timeoutMs);
    socket.on('error', (err) => finish(err));
    socket.on('message', (message) => {
      let parsed;
      try {
        parsed = parseProbeMatches(message.toString('utf8'));
      } catch {
        return; // not XML we understand: some other device's chatter
      }
      if (!parsed || parsed.relatesTo !== messageId) return;
      for (const match of parsed.matches) {
        if (!found.some((f) => f.endpointReference === match.endpointReference)) found.push(match);
      }
      if (!isMulticast(host) && found.length > 0) finish();
    });
    socket.send(Buffer.from(buildProbe(messageId), 'utf8'), port, host, (err) => {
      if (err) finish(err);
    });
  });
}
