import { describe, expect, it } from 'vitest';
import {
  canAddStream,
  canRestart,
  isFixedStream,
  isPrimary,
  needsRunning,
  nextStatusCheckMs,
  RESTART_DELAY_MS,
} from '../../../../../src/core/cameras/stream-rules';
import { makeCamera, makeStream } from './camera-fixtures';

describe('stream list rules', () => {
  it('refuses a new stream once the camera has PossibleStreams streams', () => {
    const one = makeCamera({ id: 'c' });
    expect(canAddStream(one)).toBe(true);
    const two = makeCamera({ id: 'c', streams: [makeStream({ id: 'a' }), makeStream({ id: 'b' })] });
    expect(canAddStream(two)).toBe(false);
    expect(canAddStream({ ...one, capabilities: { ...one.capabilities, camera: { ...one.capabilities.camera, PossibleStreams: 1 } } })).toBe(false);
  });

  it('knows a Fixed stream cannot be deleted', () => {
    expect(isFixedStream(makeStream({ id: 's', configuration: { Fixed: 'true' } }))).toBe(true);
    expect(isFixedStream(makeStream({ id: 's', configuration: { Fixed: 'false' } }))).toBe(false);
    expect(isFixedStream(makeStream({ id: 's', configuration: { Options: { Fixed: 'true' } } }))).toBe(true);
    expect(isFixedStream(makeStream({ id: 's', configuration: {} }))).toBe(false);
  });

  it('checks a running stream again after 60 s and any other after 2 s (spec 9)', () => {
    expect(nextStatusCheckMs('running')).toBe(60_000);
    expect(nextStatusCheckMs('restarting')).toBe(2_000);
    expect(nextStatusCheckMs('unable to retrieve')).toBe(2_000);
  });

  it('needs a running stream for previews', () => {
    expect(needsRunning('running')).toBe(false);
    expect(needsRunning('starting')).toBe(true);
  });

  it('does not offer a second restart while one is under way, for the restart delay', () => {
    expect(canRestart('running', null, 0)).toBe(true);
    expect(canRestart('restarting', 1_000, 1_000 + RESTART_DELAY_MS - 1)).toBe(false);
    expect(canRestart('restarting', 1_000, 1_000 + RESTART_DELAY_MS)).toBe(true);
  });

  it('tells the primary stream', () => {
    const camera = makeCamera({ id: 'c' });
    expect(isPrimary(camera, camera.streams[0]!)).toBe(true);
    expect(isPrimary(camera, { id: 'other' })).toBe(false);
  });
});
