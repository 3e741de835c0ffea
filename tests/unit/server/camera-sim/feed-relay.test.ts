import { describe, expect, it } from 'vitest';
import { FeedRelay } from '../../../../server/camera-sim/feed-relay';
import type { AccessUnit } from '../../../../server/protocols/h264';
import { H264Hub } from '../../../../server/protocols/h264-source';

const au = (timeMs: number, keyframe: boolean, tag: string): AccessUnit => ({ nalus: [Buffer.from(tag)], keyframe, timeMs });
const tagOf = (a: AccessUnit): string => `${Buffer.from(a.nalus[0]!).toString()}@${a.timeMs}`;

describe('FeedRelay', () => {
  it('relays one upstream and switches on the new one\'s first newer keyframe', async () => {
    const a = new H264Hub();
    const b = new H264Hub();
    const relay = new FeedRelay();
    const seen: string[] = [];
    relay.subscribe((x) => seen.push(tagOf(x)));

    const first = relay.switchTo(a);
    a.push(au(0, false, 'a')); // no keyframe yet: not relayed
    a.push(au(40, true, 'a'));
    expect(await first).toBe(true);
    a.push(au(80, false, 'a'));

    const second = relay.switchTo(b);
    b.push(au(80, false, 'b')); // not a keyframe
    a.push(au(120, false, 'a')); // held back while the switch is pending
    b.push(au(120, true, 'b')); // the switch point: a's frame at 120 is superseded
    a.push(au(160, false, 'a')); // old upstream no longer relayed
    b.push(au(160, false, 'b'));
    expect(await second).toBe(true);
    expect(seen).toEqual(['a@40', 'a@80', 'b@120', 'b@160']);
  });

  it('never sends a frame older than one already sent (GOP replay of a running encoder)', async () => {
    const a = new H264Hub();
    const b = new H264Hub();
    b.push(au(0, true, 'b'));
    b.push(au(40, false, 'b'));
    const relay = new FeedRelay();
    const seen: string[] = [];
    relay.subscribe((x) => seen.push(tagOf(x)));
    await Promise.all([relay.switchTo(a), Promise.resolve(a.push(au(200, true, 'a')))]);
    const pending = relay.switchTo(b); // b replays its GOP (0, 40): older than 200, ignored
    a.push(au(240, false, 'a'));
    a.push(au(280, false, 'a'));
    b.push(au(280, true, 'b'));
    await pending;
    expect(seen).toEqual(['a@200', 'a@240', 'b@280']);
  });

  it('resolves false for a superseded switch and flushes held frames on cancel', async () => {
    const a = new H264Hub();
    const b = new H264Hub();
    const c = new H264Hub();
    const relay = new FeedRelay();
    const seen: string[] = [];
    relay.subscribe((x) => seen.push(tagOf(x)));
    const first = relay.switchTo(a);
    a.push(au(0, true, 'a'));
    await first;
    const toB = relay.switchTo(b);
    const toC = relay.switchTo(c);
    expect(await toB).toBe(false);
    a.push(au(40, false, 'a'));
    expect(seen).toEqual(['a@0']); // held while switching
    relay.cancelPending();
    expect(seen).toEqual(['a@0', 'a@40']);
    expect(await toC).toBe(false);
  });
});
