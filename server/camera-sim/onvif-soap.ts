/**
 * SOAP 1.2 envelopes for the simulated ONVIF services: reading a request
 * (operation, namespace, WS-Security UsernameToken) and writing responses
 * and faults the way cameras do (ONVIF Core 5.11: Sender faults with HTTP
 * 400, ter:NotAuthorized for bad credentials, Receiver faults with 500).
 * Pure; XML is read with the safe reader in server/protocols (no DTD, size-limited).
 */
import { attr, child, escapeXml, parseXml, path, text, XmlError, type XmlElement } from '../protocols/xml-reader';

export const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
  tt: 'http://www.onvif.org/ver10/schema',
  ter: 'http://www.onvif.org/ver10/error',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
} as const;

export const PASSWORD_DIGEST_TYPE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest';

export interface UsernameToken {
  username: string;
  password: string;
  /** 'digest' unless the Type attribute says PasswordText. */
  passwordType: 'digest' | 'text';
  nonce?: string;
  created?: string;
}

export interface SoapRequest {
  /** Local name of the operation, e.g. GetProfiles. */
  operation: string;
  /** Namespace URI of the operation element. */
  namespace: string;
  body: XmlElement;
  token?: UsernameToken;
}

export class SoapFault extends Error {
  constructor(
    readonly code: 'Sender' | 'Receiver',
    readonly subcodes: string[],
    readonly reason: string,
    readonly httpStatus = code === 'Sender' ? 400 : 500,
  ) {
    super(reason);
  }
}

export const faults = {
  notAuthorized: () => new SoapFault('Sender', ['ter:NotAuthorized'], 'Sender not Authorized'),
  actionNotSupported: (operation: string) => new SoapFault('Receiver', ['ter:ActionNotSupported'], `Optional Action Not Implemented: ${operation}`),
  invalidArgs: (subcode: string, reason: string) => new SoapFault('Sender', ['ter:InvalidArgVal', `ter:${subcode}`], reason),
  wellFormed: (reason: string) => new SoapFault('Sender', ['ter:WellFormed'], reason),
};

export function parseSoapRequest(xml: string): SoapRequest {
  let envelope: XmlElement;
  try {
    envelope = parseXml(xml, { maxBytes: 64 * 1024, maxDepth: 32 });
  } catch (err) {
    throw faults.wellFormed(err instanceof XmlError ? err.message : 'malformed XML');
  }
  if (envelope.local !== 'Envelope' || envelope.ns !== NS.soap) throw faults.wellFormed('not a SOAP 1.2 envelope');
  const operation = child(envelope, 'Body')?.children[0];
  if (!operation) throw faults.wellFormed('empty SOAP body');
  const tokenElement = path(envelope, 'Header', 'Security', 'UsernameToken');
  let token: UsernameToken | undefined;
  if (tokenElement) {
    const password = child(tokenElement, 'Password');
    const type = attr(password, 'Type');
    token = {
      username: text(tokenElement, 'Username') ?? '',
      password: password?.text.trim() ?? '',
      passwordType: type && type.endsWith('#PasswordText') ? 'text' : 'digest',
      nonce: text(tokenElement, 'Nonce'),
      created: text(tokenElement, 'Created'),
    };
  }
  return { operation: operation.local, namespace: operation.ns, body: operation, token };
}

export function soapEnvelope(bodyXml: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<s:Envelope xmlns:s="${NS.soap}" xmlns:tds="${NS.tds}" xmlns:trt="${NS.trt}" xmlns:tptz="${NS.tptz}" xmlns:tt="${NS.tt}" xmlns:ter="${NS.ter}">` +
    `<s:Body>${bodyXml}</s:Body></s:Envelope>`
  );
}

export function faultEnvelope(fault: SoapFault): string {
  const subcodes = fault.subcodes.reduceRight((inner, subcode) => `<s:Subcode><s:Value>${subcode}</s:Value>${inner}</s:Subcode>`, '');
  return soapEnvelope(
    `<s:Fault><s:Code><s:Value>s:${fault.code}</s:Value>${subcodes}</s:Code>` +
      `<s:Reason><s:Text xml:lang="en">${escapeXml(fault.reason)}</s:Text></s:Reason></s:Fault>`,
  );
}
