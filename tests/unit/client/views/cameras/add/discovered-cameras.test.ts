import { describe, expect, it } from 'vitest';
import type { DiscoveredCamera } from '../../../../../../server/shared/api';
import {
  decodeDiscoveredName,
  MAX_SEARCH_ADDRESSES,
  mergeDiscovered,
  parseSearchAddresses,
  registrationRequest,
} from '../../../../../../src/views/cameras/add/discovered-cameras';

const found = (over: Partial<DiscoveredCamera> = {}): DiscoveredCamera => ({
  name: 'Argus_cam1',
  ip: '10.0.0.5',
  url: 'http://10.0.0.5/onvif/device_service',
  configured: true,
  registered: false,
  ...over,
});

describe('discovered camera names (spec 3: URL-encoded)', () => {
  it('decodes percent-encoding', () => {
    expect(decodeDiscoveredName('Lobby%20Camera%20%231')).toBe('Lobby Camera #1');
    expect(decodeDiscoveredName('Caf%C3%A9')).toBe('Café');
    expect(decodeDiscoveredName('Front+Door')).toBe('Front Door');
  });

  it('keeps a name with broken encoding as it came', () => {
    expect(decodeDiscoveredName('100%')).toBe('100%');
    expect(decodeDiscoveredName('Cam%E0%A4')).toBe('Cam%E0%A4');
  });

  it('shows decoded names in the table and registers under them', () => {
    const rows = mergeDiscovered([], [found({ name: 'Gate%20North' })]);
    expect(rows[0]!.name).toBe('Gate North');
    expect(registrationRequest(rows[0]!, { username: 'u', password: 'p' })).toEqual({
      driver: 'ONVIF',
      connection: { uri: 'http://10.0.0.5/onvif/device_service', username: 'u', password: 'p' },
      name: 'Gate North',
    });
  });
});

describe('discovered camera rows', () => {
  it('selects what can be registered; registered or address-less devices are not selected', () => {
    const rows = mergeDiscovered(
      [],
      [found(), found({ url: 'http://10.0.0.6/onvif/device_service', registered: true }), found({ url: '', ip: '10.0.0.7', configured: false })],
    );
    expect(rows.map((row) => row.selected)).toEqual([true, false, false]);
  });

  it('a second search keeps the person’s choice and takes the fresh registered flag', () => {
    let rows = mergeDiscovered([], [found()]);
    rows = rows.map((row) => ({ ...row, selected: false }));
    rows = mergeDiscovered(rows, [found(), found({ url: 'http://10.0.0.8/onvif/device_service' })]);
    expect(rows.map((row) => [row.url, row.selected])).toEqual([
      ['http://10.0.0.5/onvif/device_service', false],
      ['http://10.0.0.8/onvif/device_service', true],
    ]);
    rows = mergeDiscovered(rows, [found({ registered: true })]);
    expect(rows[0]!.registered).toBe(true);
  });
});

describe('addresses to search', () => {
  it('reads addresses, host names and ports separated by commas, spaces or lines', () => {
    expect(parseSearchAddresses('10.0.0.5, 10.0.0.6:3702\ncam.local  [::1]')).toEqual({ ok: false, error: 'invalid', token: '[::1]' });
    expect(parseSearchAddresses('10.0.0.5, 10.0.0.6:3702\ncam.local')).toEqual({ ok: true, addresses: ['10.0.0.5', '10.0.0.6:3702', 'cam.local'] });
  });

  it('expands a last-part range, with its port', () => {
    expect(parseSearchAddresses('192.168.1.10-12:3702')).toEqual({
      ok: true,
      addresses: ['192.168.1.10:3702', '192.168.1.11:3702', '192.168.1.12:3702'],
    });
  });

  it('refuses empty, malformed and too large searches', () => {
    expect(parseSearchAddresses('  ')).toEqual({ ok: false, error: 'empty' });
    expect(parseSearchAddresses('10.0.0.300')).toEqual({ ok: false, error: 'invalid', token: '10.0.0.300' });
    expect(parseSearchAddresses('10.0.0.5:70000')).toMatchObject({ ok: false, error: 'invalid' });
    expect(parseSearchAddresses('10.0.0.9-3')).toMatchObject({ ok: false, error: 'invalid' });
    expect(parseSearchAddresses('10.0.0.0-255 10.0.1.0-1')).toEqual({ ok: false, error: 'tooMany' });
    expect(MAX_SEARCH_ADDRESSES).toBe(256);
  });
});
