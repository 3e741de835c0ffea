/**
 * One simulated network camera, wired: its RTSP server (/camN/main and
 * /camN/sub behind Digest/Basic), ONVIF HTTP server, WS-Discovery responder,
 * PTZ controller, and the two feeds its clients read. The picture comes from
 * an encoder leased from the shared pool; a PTZ move or switching the moving
 * object changes the view, which leases another encoder and switches the
 * feeds on its first keyframe, then returns the old lease. A camera with
 * sound serves the shared microphone (audio-clock.ts) as a second RTSP
 * track of both profiles.
 *
 * Cost: no encoder of its own while its view equals another camera's;
 * sockets: 2 TCP listeners, 3 UDP sockets.
 */
import { randomUUID } from 'node:crypto';
import type { AudioSource } from '../protocols/audio-source';
import { createCredentialsAuth } from '../protocols/http-auth';
import type { H264Source } from '../protocols/h264-source';
import { createRtspServer, type RtspServer } from '../protocols/rtsp-server';
import { startDiscoveryResponder } from './discovery-responder';
import { encoderKey, MOTION_PERIOD_S, type EncoderSpec, type StreamProfile, type ViewSpec } from './encoder-args';
import type { EncoderLease, EncoderPool } from './encoder-pool';
import { FeedRelay } from './feed-relay';
import type { EncoderChange, OnvifCameraInfo } from './onvif-media-service';
import { startOnvifServer, type OnvifServer } from './onvif-server';
import { cameraPorts } from './ports';
import { PtzController } from './ptz-controller';
import { encodeSnapshot, SnapshotCache } from './snapshot';
import { UsernameTokenVerifier } from './ws-security';

export interface SimCamera {
  index: number;
  name: string;
  /** http://HOST:PORT/onvif/device_service */
  onvifUrl: string;
  rtspUrls: { main: string; sub: string };
  snapshotUrl: string;
  discoveryPort: number;
  username: string;
  password: string;
  /** The streams as the camera serves them (for in-process tests and benchmarks); audio when it has sound. */
  sources: { main: H264Source; sub: H264Source; audio?: AudioSource };
}

export interface SimCameraConfig {
  index: number;
  host: string;
  basePort: number;
  username: string;
  password: string;
  maxPresets: number;
  motion: boolean;
  firmwareVersion: string;
  /** Whether this camera has sound (some cameras have none). */
  audio: boolean;
}

export interface SharedWorld {
  pool: EncoderPool;
  scene: { width: number; height: number };
  main: StreamProfile;
  sub: StreamProfile;
  fps: number;
  gopFrames: number;
  strip: { width: number; height: number };
  /** The shared microphone: every camera with sound serves it. */
  audio: AudioSource;
}

/** A switch whose encoder has produced no usable keyframe by then is abandoned. */
const SWITCH_TIMEOUT_MS = 15_000;

export class SimCameraDevice {
  readonly name: string;
  readonly ptz: PtzController;
  private readonly mainFeed = new FeedRelay();
  private readonly subFeed = new FeedRelay();
  private readonly ports;
  private motion: boolean;
  private lease: EncoderLease | undefined;
  private switchChain: Promise<unknown> = Promise.resolve();
  private viewTicket = 0;
  private generation = 0;
  private unavailableUntilMs = 0;
  private stopped = false;
  private rtsp: RtspServer | undefined;
  private onvif: OnvifServer | undefined;
  private discovery: { close(): Promise<void> } | undefined;
  private readonly snapshots: Record<'main' | 'sub', SnapshotCache>;
  /** What each profile encodes: the world's settings until an ONVIF client changes them. */
  private readonly outputs: Record<'main' | 'sub', StreamProfile>;
  private info: OnvifCameraInfo | undefined;

  constructor(
    private readonly config: SimCameraConfig,
    private readonly world: SharedWorld,
  ) {
    this.name = `cam${config.index + 1}`;
    this.ports = cameraPorts(config.basePort, config.index);
    this.motion = config.motion;
    this.outputs = {
      main: { ...world.main, fps: world.fps, gopFrames: world.gopFrames },
      sub: { ...world.sub, fps: world.fps, gopFrames: world.gopFrames },
    };
    this.ptz = new PtzController({
      geometry: { sceneWidth: world.scene.width, sceneHeight: world.scene.height, viewWidth: world.main.width, viewHeight: world.main.height },
      maxPresets: config.maxPresets,
      applyView: (view) => this.applyView(view),
    });
    const snapshotOf = (feed: FeedRelay) => () => encodeSnapshot(feed);
    this.snapshots = { main: new SnapshotCache(snapshotOf(this.mainFeed)), sub: new SnapshotCache(snapshotOf(this.subFeed)) };
  }

  get publicInfo(): SimCamera {
    const { host, username, password, index } = this.config;
    return {
      index,
      name: this.name,
      onvifUrl: `http://${host}:${this.ports.http}/onvif/device_service`,
      rtspUrls: { main: `rtsp://${host}:${this.ports.rtsp}/${this.name}/main`, sub: `rtsp://${host}:${this.ports.rtsp}/${this.name}/sub` },
      snapshotUrl: `http://${host}:${this.ports.http}/onvif/snapshot.jpg`,
      discoveryPort: this.ports.discovery,
      username,
      password,
      sources: { main: this.mainFeed, sub: this.subFeed, ...(this.audio ? { audio: this.audio } : {}) },
    };
  }

  private get audio(): AudioSource | undefined {
    return this.config.audio ? this.world.audio : undefined;
  }

  async start(): Promise<void> {
    const { host, username, password } = this.config;
    const firstPicture = this.applyView(this.ptz.currentView());
    const auth = createCredentialsAuth({ realm: `Argus SimCam ${this.name}`, username, password });
    this.rtsp = await createRtspServer({
      host,
      port: this.ports.rtsp,
      resolve: (path) => {
        const video = path === `/${this.name}/main` ? this.mainFeed : path === `/${this.name}/sub` ? this.subFeed : undefined;
        return video && { video, ...(this.audio ? { audio: this.audio } : {}) };
      },
      authenticate: (method, _uri, header) => auth.check(method, header),
      authChallenges: () => auth.challenges(),
      isAvailable: () => Date.now() >= this.unavailableUntilMs,
      serverName: 'Argus SimCam RTSP',
    });
    const info = this.onvifInfo();
    this.info = info;
    this.onvif = await startOnvifServer({
      host,
      port: this.ports.http,
      info,
      ptz: this.ptz,
      tokens: new UsernameTokenVerifier({ username, password }),
      httpAuth: auth,
      snapshot: (profile) => this.snapshots[profile].get(this.generation),
      configureEncoder: (change) => this.configureEncoder(change),
    });
    this.discovery = await startDiscoveryResponder({
      host,
      port: this.ports.discovery,
      endpointReference: `urn:uuid:${randomUUID()}`,
      xaddrs: [info.urls.device],
      scopes: info.scopes,
    });
    await firstPicture;
  }

  setMotion(on: boolean): Promise<void> {
    if (this.motion === on) return Promise.resolve();
    this.motion = on;
    return this.ptz.refresh();
  }

  /** Drops every RTSP session and answers 503 to new requests for forMs. */
  dropSessions(forMs: number): void {
    this.unavailableUntilMs = Date.now() + forMs;
    this.rtsp?.dropAllSessions();
  }

  /** Current encoder settings of a profile (what GetVideoEncoderConfiguration answers). */
  encoderSettings(kind: 'main' | 'sub'): Readonly<StreamProfile> {
    return { ...this.outputs[kind] };
  }

  /**
   * Applies a SetVideoEncoderConfiguration (already checked against the options): the ONVIF
   * answers change at once, and the picture is re-encoded with the new size, rate, bit rate and
   * GOP; resolves when the new encoder is on air (or the switch was abandoned).
   */
  async configureEncoder(change: EncoderChange): Promise<void> {
    const kind = change.profileToken === 'profile_sub' ? 'sub' : 'main';
    const profile = this.info?.profiles.find((p) => p.token === change.profileToken);
    if (profile) Object.assign(profile, { width: change.width, height: change.height, fps: change.fps, govLength: change.govLength, quality: change.quality, bitrateKbps: change.bitrateKbps });
    this.outputs[kind] = { width: change.width, height: change.height, bitrateKbps: change.bitrateKbps, fps: change.fps, gopFrames: change.govLength };
    await this.ptz.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.viewTicket++;
    this.ptz.dispose();
    this.mainFeed.detach();
    this.subFeed.detach();
    this.lease?.release();
    this.lease = undefined;
    await Promise.all([this.rtsp?.close(), this.onvif?.close(), this.discovery?.close()]);
  }

  private spec(view: ViewSpec): EncoderSpec {
    const w = this.world;
    const motionPhaseS = (Date.now() / 1000) % MOTION_PERIOD_S;
    return {
      scene: w.scene,
      view,
      motion: this.motion,
      canvas: { width: w.main.width, height: w.main.height },
      main: this.outputs.main,
      sub: this.outputs.sub,
      fps: w.fps,
      gopFrames: w.gopFrames,
      strip: w.strip,
      motionPhaseS,
    };
  }

  /** Serialised: each view switch completes before the next starts; superseded requests are skipped. */
  private applyView(view: ViewSpec): Promise<number | undefined> {
    const ticket = ++this.viewTicket;
    const run = this.switchChain.then(async () => {
      if (ticket !== this.viewTicket) return undefined;
      const spec = this.spec(view);
      const current = this.lease?.encoder;
      // Same picture as now (e.g. a move to where the camera already is): nothing to switch.
      if (current && view.kind === 'static' && encoderKey(current.spec) === encoderKey(spec)) return current.firstFrameMs;
      const lease = this.world.pool.acquire(spec);
      const mainSwitch = this.mainFeed.switchTo(lease.encoder.main);
      const subSwitch = this.subFeed.switchTo(lease.encoder.sub);
      let timer: NodeJS.Timeout | undefined;
      const onAir = await Promise.race([
        new Promise<boolean>((resolve) => {
          for (const feedSwitch of [mainSwitch, subSwitch]) {
            void feedSwitch.then((ok) => {
              if (ok) resolve(true);
            });
          }
          void Promise.all([mainSwitch, subSwitch]).then(([a, b]) => resolve(a || b));
        }),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), SWITCH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!onAir || this.stopped) {
        this.mainFeed.cancelPending();
        this.subFeed.cancelPending();
        lease.release();
        return undefined;
      }
      // The new encoder is on air in one feed; the other follows at its next keyframe.
      const [mainOk, subOk] = await Promise.all([mainSwitch, subSwitch]);
      if (this.stopped) {
        lease.release();
        return undefined;
      }
      this.replaceLease(lease);
      return mainOk && subOk && ticket === this.viewTicket ? lease.encoder.firstFrameMs : undefined;
    });
    this.switchChain = run.catch(() => undefined);
    return run;
  }

  private replaceLease(lease: EncoderLease): void {
    const previous = this.lease;
    this.lease = lease;
    this.generation++;
    if (previous !== lease) previous?.release();
  }

  private onvifInfo(): OnvifCameraInfo {
    const { host } = this.config;
    const pub = this.publicInfo;
    const base = `http://${host}:${this.ports.http}/onvif`;
    const profile = (kind: 'main' | 'sub', stream: StreamProfile) => ({
      token: `profile_${kind}`,
      name: kind === 'main' ? 'MainStream' : 'SubStream',
      encoderToken: `vec_${kind}`,
      width: stream.width,
      height: stream.height,
      bitrateKbps: stream.bitrateKbps,
      offered: { width: stream.width, height: stream.height },
      fps: this.world.fps,
      govLength: this.world.gopFrames,
      quality: 5,
      rtspUrl: pub.rtspUrls[kind],
      snapshotUrl: kind === 'main' ? pub.snapshotUrl : `${pub.snapshotUrl}?profile=sub`,
    });
    return {
      name: this.name,
      manufacturer: 'Argus',
      model: 'SimCam PTZ',
      firmwareVersion: this.config.firmwareVersion,
      serialNumber: `ARGUS-SIM-${String(this.config.index + 1).padStart(4, '0')}`,
      hardwareId: 'SIMCAM-PTZ-1',
      urls: { device: `${base}/device_service`, media: `${base}/media_service`, ptz: `${base}/ptz_service` },
      scopes: [
        'onvif://www.onvif.org/type/video_encoder',
        ...(this.config.audio ? ['onvif://www.onvif.org/type/audio_encoder'] : []),
        'onvif://www.onvif.org/type/ptz',
        'onvif://www.onvif.org/Profile/Streaming',
        'onvif://www.onvif.org/hardware/SimCam_PTZ',
        `onvif://www.onvif.org/name/Argus_${this.name}`,
        'onvif://www.onvif.org/location/loopback',
      ],
      fps: this.world.fps,
      gopFrames: this.world.gopFrames,
      source: { width: this.world.main.width, height: this.world.main.height },
      profiles: [profile('main', this.world.main), profile('sub', this.world.sub)],
      maxPresets: this.config.maxPresets,
      audio: this.config.audio,
    };
  }
}
