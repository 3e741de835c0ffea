import { describe, expect, it } from 'vitest';
import { buildProbe, buildProbeMatches, parseProbe, parseProbeMatches, probeMatches } from '../../../../server/protocols/ws-discovery';

describe('WS-Discovery messages', () => {
  it('builds a Probe for NetworkVideoTransmitter that parses back', () => {
    const probe = parseProbe(buildProbe('urn:uuid:1234'))!;
    expect(probe).toEqual({ messageId: 'urn:uuid:1234', types: ['NetworkVideoTransmitter'], scopes: [] });
  });

  it('builds ProbeMatches with XAddrs and scopes that parse back', () => {
    const xml = buildProbeMatches({
      relatesTo: 'urn:uuid:1234',
      endpointReference: 'urn:uuid:cam-1',
      xaddrs: ['http://127.0.0.1:20000/onvif/device_service'],
      scopes: ['onvif://www.onvif.org/name/Argus_cam1', 'onvif://www.onvif.org/hardware/SimCam_PTZ'],
      messageNumber: 1,
      instanceId: 5,
    });
    expect(parseProbeMatches(xml)).toEqual({
      relatesTo: 'urn:uuid:1234',
      matches: [
        {
          endpointReference: 'urn:uuid:cam-1',
          types: ['dn:NetworkVideoTransmitter', 'tds:Device'],
          scopes: ['onvif://www.onvif.org/name/Argus_cam1', 'onvif://www.onvif.org/hardware/SimCam_PTZ'],
          xaddrs: ['http://127.0.0.1:20000/onvif/device_service'],
          metadataVersion: 1,
        },
      ],
    });
    expect(parseProbeMatches(buildProbe('x'))).toBeUndefined();
  });

  it('matches types by local name and scopes by prefix', () => {
    const types = ['dn:NetworkVideoTransmitter', 'tds:Device'];
    const scopes = ['onvif://www.onvif.org/name/Argus_cam1', 'onvif://www.onvif.org/type/ptz'];
    expect(probeMatches({ messageId: '', types: [], scopes: [] }, types, scopes)).toBe(true);
    expect(probeMatches({ messageId: '', types: ['NetworkVideoTransmitter'], scopes: ['onvif://www.onvif.org/type'] }, types, scopes)).toBe(true);
    expect(probeMatches({ messageId: '', types: ['NetworkVideoDisplay'], scopes: [] }, types, scopes)).toBe(false);
    expect(probeMatches({ messageId: '', types: [], scopes: ['onvif://www.onvif.org/name/Other'] }, types, scopes)).toBe(false);
  });
});
