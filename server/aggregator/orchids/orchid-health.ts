/**
 * What the aggregator knows of each recorder's state (spec 3 Server:
 * health, failureReason, version and its compatibility, cameras and those
 * online, license expiry, retention policy, rtspPort and rtspProtocol,
 * maxExportHours, the discoverable orchid), refreshed in the background
 * every --health-interval-seconds and on demand (POST .../cache).
 *
 * Health: 'offline' when the recorder does not answer; 'unsupported' when
 * its version is below minimumOrchidVersion; 'degraded' when it answers but
 * refuses the stored credentials or its license is degraded; 'healthy'
 * otherwise. Each check is a handful of calls with a time-out each, so a
 * hung recorder costs at most those time-outs, and checks of one recorder
 * never overlap (an on-demand check joins the running one). At most
 * CHECK_CONCURRENCY recorders are checked at once.
 *
 * The camera counts are read from the recorder's camera list asked with the
 * tag of the list they were last counted from: an unchanged list is a 304,
 * so a round costs the recorders no list building (at 50 recorders x 100
 * cameras, every round made all of them build and send 7 MB at once).
 */
import type { Camera, CamerasResponse, DiscoverableOrchid, DiskUtilization, ServerAbout, TimeExtendedResponse, VersionInfo } from '../../shared/api';
import type { OrchidHealth, OrchidRetentionPolicy, OrchidVersion } from '../../shared/api';
import { isVersionAtLeast, ORCHID_MESSAGES, parseVersion } from '../../shared/orchid-validation';
import { clockSample } from '../../shared/clock-samples';
import { callRecorder, readTagged, RecorderCallError, type Tagged } from './recorder-client';
import { RecorderClocks } from './recorder-clocks';
import type { RecorderSessions, RecorderTarget } from './recorder-sessions';

const CHECK_CONCURRENCY = 8;

export interface OrchidStatus {
  health: OrchidHealth;
  failureReason: string | null;
  isAvailable: boolean;
  version: OrchidVersion | null;
  isCompatibleVersion: boolean;
  cameras: number;
  camerasOnline: number;
  licenseExpiry: number | null;
  retentionPolicy: OrchidRetentionPolicy | null;
  rtspPort: number | null;
  rtspProtocol: 'rtsp' | null;
  maxExportHours: number | null;
  discoverableOrchid: DiscoverableOrchid | null;
  checkedAt: number | null;
}

export const UNCHECKED: OrchidStatus = {
  health: 'offline',
  failureReason: 'Not checked yet.',
  isAvailable: false,
  version: null,
  isCompatibleVersion: false,
  cameras: 0,
  camerasOnline: 0,
  licenseExpiry: null,
  retentionPolicy: null,
  rtspPort: null,
  rtspProtocol: null,
  maxExportHours: null,
  discoverableOrchid: null,
  checkedAt: null,
};

function versionOf(text: string): OrchidVersion {
  const parts = parseVersion(text);
  return parts ? { version: text, ...parts, parsed: true } : { version: text, major: 0, minor: 0, patch: 0, parsed: false };
}

export interface HealthDeps {
  sessions: RecorderSessions;
  minimumVersion: string;
  /** The recorders to check on each round (the registered ones). */
  targets: () => Promise<RecorderTarget[]>;
  onError?: (message: string) => void;
  now?: () => number;
}

/** A recorder's cameras and those online. */
interface CameraCounts {
  cameras: number;
  online: number;
}

function countCameras(body: Buffer): CameraCounts {
  let cameras: Camera[];
  try {
    cameras = (JSON.parse(body.toString('utf8')) as CamerasResponse).data.cameras;
  } catch {
    throw new RecorderCallError('failed', 'The server answered an unreadable camera list.');
  }
  return { cameras: cameras.length, online: cameras.filter(isOnline).length };
}

export class OrchidHealthMonitor {
  private readonly statuses = new Map<string, OrchidStatus>();
  /** The counts of each recorder's camera list, with the list's tag. */
  private readonly cameraCounts = new Map<string, Tagged<CameraCounts>>();
  private readonly running = new Map<string, Promise<OrchidStatus>>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private readonly now: () => number;
  /** Each recorder's clock, read by every check (GET /service/orchids/time). */
  readonly clocks = new RecorderClocks();

  constructor(private readonly deps: HealthDeps) {
    this.now = deps.now ?? Date.now;
  }

  status(id: string): OrchidStatus {
    return this.statuses.get(id) ?? UNCHECKED;
  }

  /** Whether the last check found the recorder not answering; false before its first check. */
  seenOffline(id: string): boolean {
    return this.statuses.get(id)?.health === 'offline';
  }

  forget(id: string): void {
    this.statuses.delete(id);
    this.cameraCounts.delete(id);
    this.clocks.forget(id);
  }

  /** The recorder's cameras and those online, counted again only when its list changed since the last count. */
  private async countCameras(target: RecorderTarget, token: string): Promise<CameraCounts> {
    const { value, keep } = await readTagged(target.uri, '/service/cameras', { token }, this.cameraCounts.get(target.id), countCameras);
    if (keep) this.cameraCounts.set(target.id, keep);
    else this.cameraCounts.delete(target.id);
    return value;
  }

  /** Checks one recorder now (joining a check already running) and keeps the result. */
  check(target: RecorderTarget): Promise<OrchidStatus> {
    let pending = this.running.get(target.id);
    if (!pending) {
      pending = this.inspect(target)
        .then((status) => {
          this.statuses.set(target.id, status);
          return status;
        })
        .finally(() => this.running.delete(target.id));
      this.running.set(target.id, pending);
    }
    return pending;
  }

  /** Checks every recorder every `intervalMs`; rounds never overlap. */
  start(intervalMs: number): void {
    const tick = () => {
      this.round ??= this.checkAll().finally(() => {
        this.round = undefined;
      });
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  async checkAll(): Promise<void> {
    let targets: RecorderTarget[];
    try {
      targets = await this.deps.targets();
    } catch (error) {
      this.deps.onError?.(`the servers were not listed for a health check: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const queue = [...targets];
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) await this.check(target);
    };
    await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, queue.length) }, worker));
  }

  private async inspect(target: RecorderTarget): Promise<OrchidStatus> {
    const checkedAt = this.now();
    const status: OrchidStatus = { ...UNCHECKED, checkedAt, failureReason: null };
    try {
      const version = await callRecorder<VersionInfo>(target.uri, '/service/version');
      const about = await callRecorder<ServerAbout>(target.uri, '/service/about');
      status.isAvailable = true;
      status.version = versionOf(version.version);
      status.isCompatibleVersion = isVersionAtLeast(version.version, this.deps.minimumVersion);
      status.rtspPort = about.rtspPort;
      status.rtspProtocol = about.rtspProtocol;
      status.maxExportHours = about.maxExportHours;
      if (!status.isCompatibleVersion) {
        return { ...status, health: 'unsupported', failureReason: `${ORCHID_MESSAGES.unsupportedVersion} ${this.deps.minimumVersion}.` };
      }
      await this.deps.sessions.withServiceToken(target, async (token) => {
        const [discoverable, cameras, disk] = await Promise.all([
          callRecorder<DiscoverableOrchid>(target.uri, '/service/discoverable/orchids/1', { token }),
          this.countCameras(target, token),
          callRecorder<DiskUtilization>(target.uri, '/service/server/utilization/disk', { token }),
        ]);
        // The clock is timed around its own call alone, after the others (not beside them, nor around a
        // sign-in): the round trip then bounds the reading's error (shared/clock-samples.ts).
        const sentMs = this.now();
        const time = await callRecorder<TimeExtendedResponse>(target.uri, '/service/time-extended', { token });
        this.clocks.record(target.id, clockSample(sentMs, this.now(), time.time), time);
        status.discoverableOrchid = discoverable;
        status.licenseExpiry = discoverable.licenseSession.license.expires;
        status.cameras = cameras.cameras;
        status.camerasOnline = cameras.online;
        const license = discoverable.licenseSession.license;
        status.retentionPolicy = {
          thresholdPercentage: disk.thresholdPercentage,
          licenseRetentionBytes: license.retention,
          description: license.retentionDescription,
        };
        if (discoverable.licenseSession.state.status === 'degraded') {
          status.health = 'degraded';
          status.failureReason = discoverable.licenseSession.state.description;
        } else {
          status.health = 'healthy';
        }
      });
      return status;
    } catch (error) {
      if (!(error instanceof RecorderCallError)) {
        this.deps.onError?.(`checking server ${target.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        return { ...status, health: status.isAvailable ? 'degraded' : 'offline', failureReason: 'The server could not be checked.' };
      }
      if (error.kind === 'unreachable') return { ...UNCHECKED, checkedAt, failureReason: ORCHID_MESSAGES.notAvailable };
      if (error.kind === 'refused') return { ...status, health: 'degraded', failureReason: ORCHID_MESSAGES.authenticationFailed };
      return { ...status, health: 'degraded', failureReason: error.message };
    }
  }
}

function isOnline(camera: Camera): boolean {
  return camera.primaryStream?.status.streamState === 'running';
}
