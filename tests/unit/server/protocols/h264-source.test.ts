import { describe, expect, it } from 'vitest';
import type { AccessUnit } from '../../../../server/protocols/h264';
import { H264Hub } from '../../../../server/protocols/h264-source';

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));
const SPS = hex('6742c01fda014016ec0440000003004000000ca3c60ca8');
const PPS = hex('68ce0fc8');
const key = (timeMs: number): AccessUnit => ({ nalus: [SPS, PPS, hex('6588')], keyframe: true, timeMs });
const delta = (timeMs: number): AccessUnit => ({ nalus: [hex('419a')], keyframe: false, timeMs });

describe('H264Hub', () => {
  it('has no codec until SPS and PPS arrived, then reports size and profile', () => {
    const hub = new H264Hub();
    expect(hub.codec()).toBeUndefined();
    hub.push(delta(0));
    expect(hub.codec()).toBeUndefined();
    hub.push(key(40));
    expect(hub.codec()).toMatchObject({ width: 1280, height: 720, profileLevelId: '42c01f', sps: SPS, pps: PPS });
  });

  it('replays the latest GOP to a new subscriber, then delivers live', () => {
    const hub = new H264Hub();
    hub.push(delta(0)); // before any keyframe: not replayable
    hub.push(key(40));
    hub.push(delta(80));
    hub.push(key(120));
    hub.push(delta(160));
    const seen: number[] = [];
    const unsubscribe = hub.subscribe((au) => seen.push(au.timeMs));
    expect(seen).toEqual([120, 160]);
    hub.push(delta(200));
    unsubscribe();
    hub.push(delta(240));
    expect(seen).toEqual([120, 160, 200]);
    expect(hub.subscriberCount).toBe(0);
  });

  it('caps the cached GOP and keeps serving other subscribers when one throws', () => {
    const hub = new H264Hub(3);
    hub.push(key(0));
    hub.push(delta(40));
    hub.push(delta(80));
    hub.push(delta(120)); // GOP longer than the cap: cache dropped
    const late: number[] = [];
    hub.subscribe((au) => late.push(au.timeMs));
    expect(late).toEqual([]);
    const original = console.error;
    console.error = () => undefined;
    try {
      hub.subscribe(() => {
        throw new Error('bad consumer');
      });
      hub.push(delta(160));
    } finally {
      console.error = original;
    }
    expect(late).toEqual([160]);
  });
});
