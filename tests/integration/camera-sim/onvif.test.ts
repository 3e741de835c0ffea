import onvif from 'onvif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { probeOnvif } from '../../../server/protocols/ws-discovery';
import { call, connectOnvif, fetchSnapshot, run, startSim, type OnvifCam } from './helpers';

let sim: CameraSim;
let cam: OnvifCam;

beforeAll(async () => {
  sim = await startSim({ count: 2 });
  cam = await connectOnvif(sim.cameras[0]!);
});

afterAll(async () => {
  await sim?.stop();
});

const soap = (body: string): string =>
  `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body>${body}</s:Body></s:Envelope>`;

describe('camera simulator ONVIF', () => {
  it('lets the onvif library connect and read device information', async () => {
    const info = await call(cam, 'getDeviceInformation');
    expect(info).toMatchObject({ manufacturer: 'Argus', model: 'SimCam PTZ', serialNumber: 'ARGUS-SIM-0001', hardwareId: 'SIMCAM-PTZ-1' });
    expect(String(info.firmwareVersion)).not.toBe('');
    const scopes = await call<Array<{ scopeItem: string }>>(cam, 'getScopes');
    expect(scopes.map((s) => s.scopeItem)).toContain('onvif://www.onvif.org/name/Argus_cam1');
  });

  it('lists main and sub profiles with their stream and snapshot URIs', async () => {
    const camera = sim.cameras[0]!;
    const profiles = await call<Array<{ $: { token: string }; videoEncoderConfiguration: { resolution: { width: number; height: number }; encoding: string } }>>(cam, 'getProfiles');
    expect(profiles.map((p) => [p.$.token, p.videoEncoderConfiguration.encoding, p.videoEncoderConfiguration.resolution])).toEqual([
      ['profile_main', 'H264', { width: 1280, height: 720 }],
      ['profile_sub', 'H264', { width: 640, height: 360 }],
    ]);
    expect((await call(cam, 'getStreamUri', { protocol: 'RTSP', profileToken: 'profile_main' })).uri).toBe(camera.rtspUrls.main);
    expect((await call(cam, 'getStreamUri', { protocol: 'UDP', profileToken: 'profile_sub' })).uri).toBe(camera.rtspUrls.sub);
    expect((await call(cam, 'getSnapshotUri', { profileToken: 'profile_main' })).uri).toBe(camera.snapshotUrl);
    await expect(call(cam, 'getStreamUri', { profileToken: 'nope' })).rejects.toThrow(/profile/i);
  });

  it('describes capabilities, services and encoder options', async () => {
    const capabilities = await call(cam, 'getCapabilities');
    expect(capabilities.media.XAddr).toMatch(/\/onvif\/media_service$/);
    expect(capabilities.PTZ.XAddr).toMatch(/\/onvif\/ptz_service$/);
    const services = await call<Array<{ namespace: string }>>(cam, 'getServices', true);
    expect(services.map((s) => s.namespace)).toEqual([
      'http://www.onvif.org/ver10/device/wsdl',
      'http://www.onvif.org/ver10/media/wsdl',
      'http://www.onvif.org/ver20/ptz/wsdl',
    ]);
    const configs = await call<Array<{ $: { token: string }; H264: { govLength: number } }>>(cam, 'getVideoEncoderConfigurations');
    expect(configs.map((c) => [c.$.token, c.H264.govLength])).toEqual([['vec_main', 25], ['vec_sub', 25]]);
    expect((await call(cam, 'getVideoEncoderConfiguration', 'vec_sub')).resolution).toEqual({ width: 640, height: 360 });
    const options = await call(cam, 'getVideoEncoderConfigurationOptions', { configurationToken: 'vec_main' });
    expect(options.H264.frameRateRange).toEqual({ min: 1, max: 25 });
    expect(options.H264.govLengthRange).toEqual({ min: 1, max: 250 });
    expect(options.qualityRange).toEqual({ min: 1, max: 10 });
    expect(options.H264.H264ProfilesSupported).toEqual(['Baseline', 'Main']);
    expect(options.extension.H264.bitrateRange).toEqual({ min: 64, max: 4096 });
    expect(options.H264.resolutionsAvailable).toContainEqual({ width: 1280, height: 720 });
  });

  it('refuses the onvif library with a wrong password', async () => {
    await expect(connectOnvif(sim.cameras[0]!, 'wrong-password')).rejects.toThrow(/not Authorized/i);
  });

  it('answers GetSystemDateAndTime without credentials, 401 with a Digest challenge otherwise', async () => {
    const url = sim.cameras[1]!.onvifUrl;
    const headers = { 'Content-Type': 'application/soap+xml; charset=utf-8' };
    const time = await fetch(url, { method: 'POST', headers, body: soap('<GetSystemDateAndTime xmlns="http://www.onvif.org/ver10/device/wsdl"/>') });
    expect(time.status).toBe(200);
    expect(await time.text()).toContain(`<tt:Year>${new Date().getUTCFullYear()}</tt:Year>`);
    const info = await fetch(url, { method: 'POST', headers, body: soap('<GetDeviceInformation xmlns="http://www.onvif.org/ver10/device/wsdl"/>') });
    expect(info.status).toBe(401);
    expect(info.headers.get('www-authenticate')).toMatch(/^Digest /);
    expect(await info.text()).toContain('ter:NotAuthorized');
    const huge = await fetch(url, { method: 'POST', headers, body: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it('refuses a replayed WS-Security request with HTTP 400', async () => {
    let captured: string | undefined;
    const listener = (body: string): void => {
      if (body.includes('GetDeviceInformation')) captured = body;
    };
    cam.on('rawRequest', listener);
    await call(cam, 'getDeviceInformation');
    cam.removeListener('rawRequest', listener);
    expect(captured).toContain('PasswordDigest');
    const replay = await fetch(sim.cameras[0]!.onvifUrl, { method: 'POST', headers: { 'Content-Type': 'application/soap+xml' }, body: captured });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('ter:NotAuthorized');
  });

  it('also accepts HTTP Digest instead of WS-Security', async () => {
    const camera = sim.cameras[1]!;
    const url = new URL(camera.onvifUrl);
    const digestCam = await new Promise<OnvifCam>((resolve, reject) => {
      const c: OnvifCam = new onvif.Cam(
        { hostname: url.hostname, port: Number(url.port), username: camera.username, password: camera.password, useWSSecurity: false, timeout: 10_000 },
        (err) => (err ? reject(err) : resolve(c)),
      );
    });
    expect((await call(digestCam, 'getDeviceInformation')).serialNumber).toBe('ARGUS-SIM-0002');
  });

  it('serves a real JPEG snapshot behind Basic/Digest auth', async () => {
    const camera = sim.cameras[0]!;
    expect((await fetch(camera.snapshotUrl)).status).toBe(401);
    expect((await fetchSnapshot(camera, 'wrong')).status).toBe(401);
    const response = await fetchSnapshot(camera);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await response.arrayBuffer());
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const probe = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', '-i', 'pipe:0'], 10_000, jpeg);
    expect(probe.stdout.toString().trim()).toBe('1280,720');
  });

  it('answers a unicast WS-Discovery probe with its device service address', async () => {
    const camera = sim.cameras[1]!;
    const matches = await probeOnvif('127.0.0.1', camera.discoveryPort, 3000);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.xaddrs).toEqual([camera.onvifUrl]);
    expect(matches[0]!.endpointReference).toMatch(/^urn:uuid:/);
    expect(matches[0]!.scopes).toEqual(expect.arrayContaining(['onvif://www.onvif.org/name/Argus_cam2', 'onvif://www.onvif.org/hardware/SimCam_PTZ']));
    expect(matches[0]!.types).toContain('dn:NetworkVideoTransmitter');
    // Nobody there: an empty answer after the timeout, not an error.
    expect(await probeOnvif('127.0.0.1', camera.discoveryPort + 5, 300)).toEqual([]);
  });
});
