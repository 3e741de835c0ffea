import { describe, expect, it } from 'vitest';
import { faultEnvelope, faults, NS, parseSoapRequest, SoapFault, soapEnvelope } from '../../../../server/camera-sim/onvif-soap';
import { parseXml, path, text } from '../../../../server/protocols/xml-reader';

// The envelope the onvif npm client sends (cam.js _envelopeHeader).
const ONVIF_CLIENT_REQUEST =
  '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing"><s:Header>' +
  '<Security s:mustUnderstand="1" xmlns="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><UsernameToken>' +
  '<Username>admin</Username>' +
  '<Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest">c2VjcmV0ZGlnZXN0</Password>' +
  '<Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">bm9uY2U=</Nonce>' +
  '<Created xmlns="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">2026-01-01T12:00:00.000Z</Created>' +
  '</UsernameToken></Security></s:Header>' +
  '<s:Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
  '<GetStreamUri xmlns="http://www.onvif.org/ver10/media/wsdl"><StreamSetup><Stream xmlns="http://www.onvif.org/ver10/schema">RTP-Unicast</Stream></StreamSetup>' +
  '<ProfileToken>profile_main</ProfileToken></GetStreamUri></s:Body></s:Envelope>';

describe('parseSoapRequest', () => {
  it('finds the operation, its namespace and the UsernameToken', () => {
    const request = parseSoapRequest(ONVIF_CLIENT_REQUEST);
    expect(request.operation).toBe('GetStreamUri');
    expect(request.namespace).toBe(NS.trt);
    expect(text(request.body, 'ProfileToken')).toBe('profile_main');
    expect(request.token).toEqual({
      username: 'admin',
      password: 'c2VjcmV0ZGlnZXN0',
      passwordType: 'digest',
      nonce: 'bm9uY2U=',
      created: '2026-01-01T12:00:00.000Z',
    });
  });

  it('has no token when the header has none', () => {
    const request = parseSoapRequest(
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><GetSystemDateAndTime xmlns="http://www.onvif.org/ver10/device/wsdl"/></s:Body></s:Envelope>',
    );
    expect(request).toMatchObject({ operation: 'GetSystemDateAndTime', namespace: NS.tds, token: undefined });
  });

  it('answers malformed, hostile or non-SOAP input with a Sender fault', () => {
    const cases = [
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body>',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      '<Envelope xmlns="urn:not-soap"><Body><X/></Body></Envelope>',
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body></s:Body></s:Envelope>',
      `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><X>${'a'.repeat(70_000)}</X></s:Body></s:Envelope>`,
    ];
    for (const xml of cases) {
      const error = (() => {
        try {
          parseSoapRequest(xml);
        } catch (err) {
          return err;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(SoapFault);
      expect((error as SoapFault).httpStatus).toBe(400);
    }
  });
});

describe('faults and envelopes', () => {
  it('writes SOAP 1.2 faults with nested subcodes and a reason', () => {
    const xml = faultEnvelope(faults.notAuthorized());
    const fault = path(parseXml(xml), 'Body', 'Fault')!;
    expect(text(fault, 'Code', 'Value')).toBe('s:Sender');
    expect(text(fault, 'Code', 'Subcode', 'Value')).toBe('ter:NotAuthorized');
    expect(text(fault, 'Reason', 'Text')).toBe('Sender not Authorized');
    const nested = path(parseXml(faultEnvelope(faults.invalidArgs('NoProfile', 'x'))), 'Body', 'Fault', 'Code', 'Subcode', 'Subcode', 'Value');
    expect(nested?.text).toBe('ter:NoProfile');
    expect(faults.actionNotSupported('X').httpStatus).toBe(500);
  });

  it('wraps bodies in a parseable envelope', () => {
    const root = parseXml(soapEnvelope('<tds:GetHostnameResponse/>'));
    expect(path(root, 'Body', 'GetHostnameResponse')?.ns).toBe(NS.tds);
  });
});
