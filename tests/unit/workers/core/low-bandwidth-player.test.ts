import { describe, expect, it } from 'vitest';
import {
  LOW_BANDWIDTH_WAIT_THRESHOLD_MS,
  LowBandwidthChannel,
  REQUEST_FRAME_MESSAGE,
  type ChannelEvent,
  type ChannelSocketHandlers,
} from '../../../../workers/core/low-bandwidth-player';
import { FakeClock, flushPromises } from '../../helpers/fake-clock';

class Frame {
  closed = false;
  constructor(readonly text: string) {}
  close(): void {
    this.closed = true;
  }
}

function rig(options: { decodeFails?: (text: string) => boolean; manualDecode?: boolean; pacedDraw?: boolean } = {}) {
  const clock = new FakeClock();
  const sent: string[] = [];
  const drawn: Frame[] = [];
  const events: ChannelEvent[] = [];
  const pendingDecodes: Array<() => void> = [];
  /** With pacedDraw: per drawn frame, what tells the channel the frame has gone on. */
  const takes: Array<() => void> = [];
  let handlers: ChannelSocketHandlers | null = null;
  let socketClosed = false;
  const channel = new LowBandwidthChannel<Frame>(
    {
      openSocket: (_url, h) => {
        handlers = h;
        return { send: (text) => sent.push(text), close: () => (socketClosed = true) };
      },
      decode: (text) =>
        new Promise<Frame>((resolve, reject) => {
          const finish = () => (options.decodeFails?.(text) ? reject(new Error('bad jpeg')) : resolve(new Frame(text)));
          if (options.manualDecode) pendingDecodes.push(finish);
          else finish();
        }),
      draw: (frame) => {
        drawn.push(frame);
        if (options.pacedDraw) return new Promise<void>((taken) => takes.push(taken));
      },
      timers: clock,
      now: clock.now,
    },
    (event) => events.push(event),
  );
  channel.start('ws://recorder/service/low-bandwidth/streams/abc/ws?ticket=t');
  return {
    clock,
    sent,
    drawn,
    events,
    channel,
    pendingDecodes,
    takes,
    open: () => handlers!.onOpen(),
    picture: (text: string) => handlers!.onMessage(text),
    close: (code: number, reason = '') => handlers!.onClose(code, reason),
    get socketClosed() {
      return socketClosed;
    },
  };
}

describe('low-bandwidth channel pull flow', () => {
  it('asks for the first picture when the socket opens, and for the next as soon as one arrives, while it decodes', async () => {
    const r = rig({ manualDecode: true });
    expect(r.sent).toEqual([]);
    r.open();
    expect(r.sent).toEqual([REQUEST_FRAME_MESSAGE]);

    r.picture('AAAA');
    // Received, not yet decoded: the next is already asked for, so the round trip overlaps the decode.
    expect(r.sent).toEqual([REQUEST_FRAME_MESSAGE, REQUEST_FRAME_MESSAGE]);
    expect(r.drawn).toEqual([]);
    r.pendingDecodes.shift()!();
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['AAAA']);
    expect(r.sent).toHaveLength(2);
    expect(r.events).toEqual([{ type: 'playing' }]);
  });

  it('holds one picture behind a slow decode and asks for no more until it is decoded; every picture fetched is drawn, in order', async () => {
    const r = rig({ manualDecode: true });
    r.open();
    r.picture('P0'); // decoding; P1 asked for
    r.picture('P1'); // waits behind P0: nothing more is asked
    expect(r.sent).toHaveLength(2);
    expect(r.channel.hasOutstandingRequest).toBe(false);
    expect(r.channel.hasWaitingPicture).toBe(true);
    expect(r.pendingDecodes).toHaveLength(1);

    r.pendingDecodes.shift()!(); // P0 drawn: P1 starts decoding and P2 is asked for
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['P0']);
    expect(r.channel.hasWaitingPicture).toBe(false);
    expect(r.pendingDecodes).toHaveLength(1);
    expect(r.sent).toHaveLength(3);

    r.pendingDecodes.shift()!();
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['P0', 'P1']);
    expect(r.sent).toHaveLength(3); // P2's request is still unanswered
    expect(r.channel.stats.framesDrawn).toBe(2);
    // Both arrived; only P1 had to wait for a decode (the bench tells a slow decoder from a slow source by these).
    expect(r.channel.stats.framesReceived).toBe(2);
    expect(r.channel.stats.framesWaited).toBe(1);
  });

  it('decodes the next picture only once the drawer has taken the last, asking nothing more meanwhile', async () => {
    const r = rig({ pacedDraw: true });
    r.open();
    r.picture('P0'); // decoded and drawn; the drawer has not taken it on yet. P1 asked for
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['P0']);
    expect(r.sent).toHaveLength(2);

    r.picture('P1'); // waits undecoded behind P0, and nothing more is asked
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['P0']);
    expect(r.channel.hasWaitingPicture).toBe(true);
    expect(r.sent).toHaveLength(2);

    r.takes.shift()!(); // P0 has gone on: P1 is decoded and drawn, P2 asked for
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['P0', 'P1']);
    expect(r.channel.hasWaitingPicture).toBe(false);
    expect(r.sent).toHaveLength(3);
    expect(r.channel.stats).toMatchObject({ framesDrawn: 2, framesReceived: 2, framesWaited: 1 });
  });

  it('does not go on after a stop while a drawn picture waits to be taken', async () => {
    const r = rig({ pacedDraw: true });
    r.open();
    r.picture('P0');
    await flushPromises();
    r.picture('P1');
    r.channel.stop();
    r.takes.shift()!();
    await flushPromises();
    expect(r.drawn.map((frame) => frame.text)).toEqual(['P0']);
    expect(r.sent).toHaveLength(2);
  });

  it('never has more than one request outstanding', async () => {
    const r = rig({ manualDecode: true });
    r.open();
    r.open(); // a second open event must not ask again
    r.channel.resume();
    expect(r.sent).toHaveLength(1);
    expect(r.channel.hasOutstandingRequest).toBe(true);
    for (let i = 0; i < 5; i++) {
      r.picture(`P${i}`);
      expect(r.sent).toHaveLength(i + 2);
      expect(r.channel.hasOutstandingRequest).toBe(true);
      r.open();
      expect(r.sent).toHaveLength(i + 2);
      r.pendingDecodes.shift()!();
      await flushPromises();
      expect(r.sent).toHaveLength(i + 2);
    }
  });

  it('drops a waiting picture when stopped, drawing nothing more', async () => {
    const r = rig({ manualDecode: true });
    r.open();
    r.picture('P0');
    r.picture('P1');
    r.channel.stop();
    r.pendingDecodes.shift()!();
    await flushPromises();
    expect(r.drawn).toEqual([]);
    expect(r.pendingDecodes).toEqual([]);
    expect(r.channel.hasWaitingPicture).toBe(false);
  });

  it('marks a request unanswered for the wait threshold as stalled, without asking again', async () => {
    const r = rig();
    r.open();
    r.clock.advance(LOW_BANDWIDTH_WAIT_THRESHOLD_MS - 1);
    expect(r.events).toEqual([]);
    r.clock.advance(1);
    expect(r.events).toEqual([{ type: 'stalled' }]);
    r.clock.advance(10 * LOW_BANDWIDTH_WAIT_THRESHOLD_MS);
    expect(r.events).toEqual([{ type: 'stalled' }]);
    expect(r.sent).toHaveLength(1);

    r.picture('late');
    await flushPromises();
    expect(r.events).toEqual([{ type: 'stalled' }, { type: 'resumed' }, { type: 'playing' }]);
    expect(r.channel.stats.stalls).toBe(1);
  });

  it('stops asking while paused and asks again on resume', async () => {
    const r = rig();
    r.open();
    r.channel.pause();
    r.picture('one');
    await flushPromises();
    expect(r.drawn).toHaveLength(1);
    expect(r.sent).toHaveLength(1);
    r.clock.advance(LOW_BANDWIDTH_WAIT_THRESHOLD_MS * 2);
    expect(r.events.some((event) => event.type === 'stalled')).toBe(false);
    r.channel.resume();
    expect(r.sent).toHaveLength(2);
  });

  it('keeps pulling after a picture that cannot be decoded, and reports it', async () => {
    const r = rig({ decodeFails: (text) => text === 'broken' });
    r.open();
    r.picture('broken');
    await flushPromises();
    expect(r.events).toEqual([{ type: 'decode-error', message: 'bad jpeg' }]);
    expect(r.sent).toHaveLength(2);
    expect(r.channel.stats.decodeErrors).toBe(1);
  });

  it('reports the socket closing once, and stop closes the socket without an event', async () => {
    const r = rig();
    r.open();
    r.close(1011, 'decoder stopped');
    expect(r.events).toEqual([{ type: 'closed', code: 1011, reason: 'decoder stopped' }]);
    r.close(1000);
    expect(r.events).toHaveLength(1);

    const s = rig();
    s.open();
    s.channel.stop();
    expect(s.socketClosed).toBe(true);
    s.close(1000);
    expect(s.events).toEqual([]);
  });

  it('closes a picture decoded after the channel stopped instead of drawing it', async () => {
    const r = rig({ manualDecode: true });
    r.open();
    r.picture('late');
    r.channel.stop();
    r.pendingDecodes.shift()!();
    await flushPromises();
    expect(r.drawn).toEqual([]);
  });
});

describe('low-bandwidth channel pace', () => {
  it('holds the next request until the least interval since the previous one has passed', async () => {
    const r = rig();
    r.channel.setMinInterval(400);
    r.open();
    expect(r.sent).toHaveLength(1);
    r.picture('P0');
    await flushPromises();
    expect(r.drawn).toHaveLength(1);
    // Drawn at once, but the next request waits for the pace.
    expect(r.sent).toHaveLength(1);
    r.clock.advance(399);
    expect(r.sent).toHaveLength(1);
    r.clock.advance(1);
    expect(r.sent).toHaveLength(2);
  });

  it('asks at once when the pace is lifted while a request is held back', async () => {
    const r = rig();
    r.channel.setMinInterval(1000);
    r.open();
    r.picture('P0');
    await flushPromises();
    expect(r.sent).toHaveLength(1);
    r.channel.setMinInterval(0);
    expect(r.sent).toHaveLength(2);
  });

  it('sends nothing held back once paused or stopped', async () => {
    const r = rig();
    r.channel.setMinInterval(500);
    r.open();
    r.picture('P0');
    await flushPromises();
    r.channel.pause();
    r.clock.advance(1000);
    expect(r.sent).toHaveLength(1);
    r.channel.resume();
    expect(r.sent).toHaveLength(2);
    r.picture('P1');
    await flushPromises();
    r.channel.stop();
    r.clock.advance(1000);
    expect(r.sent).toHaveLength(2);
  });

  it('does not hold back a channel without a pace', async () => {
    const r = rig();
    r.open();
    r.picture('P0');
    await flushPromises();
    expect(r.sent).toHaveLength(2);
  });
});
