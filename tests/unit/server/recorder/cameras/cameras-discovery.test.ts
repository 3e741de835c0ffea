import { describe, expect, it } from 'vitest';
import { discoverCameras, parseProbeTarget } from '../../../../../server/recorder/cameras/cameras-discovery';
import type { ProbeMatch } from '../../../../../server/protocols/ws-discovery';

const match = (xaddr: string, name = 'Lobby%20Cam'): ProbeMatch => ({
  endpointReference: `urn:uuid:${xaddr}`,
  types: ['dn:NetworkVideoTransmitter'],
  scopes: [`onvif://www.onvif.org/name/${name}`, 'onvif://www.onvif.org/hardware/X1'],
  xaddrs: [xaddr],
  metadataVersion: 1,
});

describe('camera discovery', () => {
  it('parses an address with an optional port', () => {
    expect(parseProbeTarget('10.0.0.5')).toEqual({ host: '10.0.0.5', port: 3702 });
    expect(parseProbeTarget('10.0.0.5:21002')).toEqual({ host: '10.0.0.5', port: 21002 });
    expect(parseProbeTarget('[fe80::1]:3702')).toEqual({ host: 'fe80::1', port: 3702 });
    expect(parseProbeTarget('fe80::1')).toEqual({ host: 'fe80::1', port: 3702 });
    expect(parseProbeTarget('cam.local')).toEqual({ host: 'cam.local', port: 3702 });
    for (const bad of ['', 'a b', '10.0.0.5:99999', '$(reboot)', 'x\u0000']) expect(parseProbeTarget(bad)).toBeUndefined();
  });

  it('answers spec 3 fields and marks registered devices', async () => {
    const probed: Array<[string, number]> = [];
    const found = await discoverCameras(
      { ip: '127.0.0.1:21002' },
      ['http://127.0.0.1:21000/onvif/device_service'],
      async (host, port) => {
        probed.push([host, port]);
        return [match('http://127.0.0.1:21000/onvif/device_service'), match('http://127.0.0.1:21010/onvif/device_service', 'Yard')];
      },
    );
    expect(probed).toEqual([['127.0.0.1', 21002]]);
    expect(found).toEqual([
      { name: 'Lobby%20Cam', ip: '127.0.0.1', url: 'http://127.0.0.1:21000/onvif/device_service', configured: true, registered: true },
      { name: 'Yard', ip: '127.0.0.1', url: 'http://127.0.0.1:21010/onvif/device_service', configured: true, registered: false },
    ]);
  });

  it('refuses a bad address and answers nothing when nobody answers', async () => {
    await expect(discoverCameras({ ip: 'a;b' }, [], async () => [])).rejects.toMatchObject({ status: 400 });
    await expect(discoverCameras({}, [], async () => [])).rejects.toMatchObject({ status: 400 });
    expect(await discoverCameras({ ip: '10.0.0.9' }, [], async () => [])).toEqual([]);
  });
});
