import { describe, expect, it } from 'vitest';
import type { StreamState } from '../../../../../server/shared/api';
import type { CameraRecord, StreamRecord } from '../../../../../server/recorder/cameras/cameras-store';
import { configurationFor } from '../../../../../server/shared/recording-style';
import { StreamRecordingActions } from '../../../../../server/recorder/cameras/stream-recording-health';
import { recordsArchives, streamIngestControl } from '../../../../../server/recorder/cameras/stream-ingest-control';
import { StreamStatusService } from '../../../../../server/recorder/cameras/stream-status';

const NOW = Date.UTC(2025, 5, 1, 12);

const stream = (id: string, cameraId: string, style: Parameters<typeof configurationFor>[0] = 'continuous'): StreamRecord => ({
  id,
  cameraId,
  name: `Stream ${id}`,
  sourceUri: 'rtsp://10.0.0.5/live',
  profileToken: null,
  configuration: {},
  recordingConfiguration: configurationFor(style),
  capabilities: {},
  dewarpConfiguration: null,
  position: 0,
  createdMs: 1,
});

const camera = (id: string, defunct: boolean) => ({ id, defunct }) as CameraRecord;

/** An ingest that restarts like the real one: 'restarting' at once, running again when `settle` is called. */
function fakeRig(streams: StreamRecord[], lastMs: Record<string, number>) {
  let t = NOW;
  const states = new Map<string, StreamState>(streams.map((s) => [s.id, 'running']));
  const retries = new Map<string, number>();
  const restarted: string[] = [];
  const ingest = {
    status: (id: string) => ({ streamState: states.get(id) ?? ('idle' as StreamState) }),
    restart: (id: string) => {
      if (!states.has(id)) return false;
      restarted.push(id);
      states.set(id, 'restarting');
      retries.set(id, (retries.get(id) ?? 0) + 1);
      return true;
    },
  };
  const store = {
    stream: (id: string) => streams.find((s) => s.id === id),
    streams: () => streams,
    cameras: () => [camera('cam-1', false), camera('cam-2', true)],
  };
  const control = streamIngestControl({
    recordingConfiguration: (id) => store.stream(id)?.recordingConfiguration,
    ingest,
    lastWritten: (ids) => new Map(ids.flatMap((id) => (lastMs[id] === undefined ? [] : [[id, lastMs[id]] as [string, number]]))),
  });
  const service = new StreamStatusService({
    store,
    retryCount: (id) => retries.get(id) ?? 0,
    actions: new StreamRecordingActions(control, () => t),
  });
  return {
    service,
    control,
    restarted,
    advance: (ms: number) => (t += ms),
    settle: (id: string) => states.set(id, 'running'),
  };
}

describe('stream ingest control', () => {
  it('answers no state for an unknown stream and records for every style but proxy-only', () => {
    const rig = fakeRig([stream('a', 'cam-1'), stream('p', 'cam-1', 'proxy-only'), stream('m', 'cam-1', 'motion-only')], { a: NOW - 3000 });
    expect(rig.control.state('nope')).toBeUndefined();
    expect(rig.control.state('a')).toBe('running');
    expect(rig.control.recording('a')).toBe(true);
    expect(rig.control.recording('m')).toBe(true);
    expect(rig.control.recording('p')).toBe(false);
    expect(rig.control.recording('nope')).toBe(false);
    expect(rig.control.lastArchiveMs('a')).toBe(NOW - 3000);
    expect(rig.control.lastArchiveMs('p')).toBeNull();
  });

  it('counts a configuration that matches no style as the default, which records', () => {
    expect(recordsArchives({ mode: 'PROXY_ONLY_MODE', filesplit: { recordState: true, motionMode: 5 } })).toBe(true);
    expect(recordsArchives(configurationFor('proxy-only'))).toBe(false);
  });
});

describe('stream status', () => {
  it('shows state, retries and recording health; proxy-only is never an issue', () => {
    const rig = fakeRig([stream('a', 'cam-1'), stream('old', 'cam-1'), stream('p', 'cam-1', 'proxy-only')], {
      a: NOW - 2000,
      old: NOW - 121_000,
    });
    expect(rig.service.status('a')).toEqual({
      id: 'a',
      cameraId: 'cam-1',
      name: 'Stream a',
      streamState: 'running',
      retryCount: 0,
      lastArchiveWritten: NOW - 2000,
      lastArchiveWrittenHumanized: 'just now',
      lastArchiveWrittenIssue: false,
    });
    expect(rig.service.status('old')).toMatchObject({ lastArchiveWrittenHumanized: '2 minutes ago', lastArchiveWrittenIssue: true });
    expect(rig.service.status('p')).toMatchObject({ lastArchiveWritten: null, lastArchiveWrittenHumanized: 'never', lastArchiveWrittenIssue: false });
  });

  it('lists every stream, or with liveOnly only those of cameras that are not defunct', () => {
    const rig = fakeRig([stream('a', 'cam-1'), stream('b', 'cam-2')], {});
    expect(rig.service.statuses(false).map((s) => s.id)).toEqual(['a', 'b']);
    expect(rig.service.statuses(true).map((s) => s.id)).toEqual(['a']);
  });

  it('restart answers restarting, is sent once while under way, and again once the stream runs', async () => {
    const rig = fakeRig([stream('a', 'cam-1')], { a: NOW - 1000 });
    expect(await rig.service.restart('a')).toMatchObject({ streamState: 'restarting', retryCount: 1 });
    rig.advance(500);
    expect(await rig.service.restart('a')).toMatchObject({ streamState: 'restarting', retryCount: 1 });
    expect(rig.restarted).toEqual(['a']);
    expect(rig.service.verify('a')).toEqual({ success: false, message: 'The stream is restarting, not running.' });
    rig.advance(3000);
    rig.settle('a');
    expect(rig.service.status('a')).toMatchObject({ streamState: 'running', retryCount: 1 });
    expect(await rig.service.restart('a')).toMatchObject({ streamState: 'restarting', retryCount: 2 });
    expect(rig.restarted).toEqual(['a', 'a']);
  });

  it('shows restarting for the first second even if ingest already reports running', async () => {
    const rig = fakeRig([stream('a', 'cam-1')], {});
    await rig.service.restart('a');
    rig.settle('a');
    expect(rig.service.status('a').streamState).toBe('restarting');
    rig.advance(1001);
    expect(rig.service.status('a').streamState).toBe('running');
  });

  it('verify: running and recording succeeds; an old archive fails; proxy-only succeeds', () => {
    const rig = fakeRig([stream('a', 'cam-1'), stream('old', 'cam-1'), stream('p', 'cam-1', 'proxy-only')], {
      a: NOW - 10_000,
      old: NOW - 600_000,
    });
    expect(rig.service.verify('a')).toEqual({ success: true, message: 'The stream is running and recording (last archive 10 seconds ago).' });
    expect(rig.service.verify('old')).toEqual({ success: false, message: 'The stream is running but its last archive was written 10 minutes ago.' });
    expect(rig.service.verify('p')).toMatchObject({ success: true });
  });

  it('an unknown stream is a 404 for status, restart and verify', async () => {
    const rig = fakeRig([], {});
    const notFound = expect.objectContaining({ status: 404, code: 'stream-not-found' });
    expect(() => rig.service.status('x')).toThrow(notFound);
    expect(() => rig.service.verify('x')).toThrow(notFound);
    await expect(rig.service.restart('x')).rejects.toThrow(notFound);
    expect(rig.restarted).toEqual([]);
  });
});
