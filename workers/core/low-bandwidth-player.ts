/**
 * One low-bandwidth player channel (spec 4, 7, 9): the pull loop over the
 * recorder's low-bandwidth socket. The socket answers each 'requestFrame'
 * with one base64 JPEG (the newest it has not yet sent, or the next one).
 * This core asks for the next picture as soon as one arrives, so the
 * network round trip and the recorder's wait for its next picture overlap
 * the decoding of this one; at most one request is outstanding and at
 * most one received picture waits behind the decode, and while one waits
 * nothing more is asked. So a slow tile simply shows fewer pictures, every
 * picture fetched is shown, and nothing queues anywhere (the recorder
 * keeps only its newest picture).
 *
 * Why overlap: asked only after drawing, a picture's decode time (16-48 ms
 * for a 64-tile wall on two cores) came on top of each round trip, and a
 * request that reached the recorder after its next picture was made
 * missed it and waited for the one after: the wall lost pictures that
 * the network and the decoder both had time for.
 *
 * Paced by the drawer: `draw` may answer a promise that settles once the
 * picture has gone where it is shown (the page commit's batch, which posts
 * once a frame: core/stage-tiles/page-commit.ts); until then the channel
 * counts as decoding, so a picture arriving meanwhile waits undecoded and
 * nothing more is asked. Decoding the next picture at once only had it
 * replace the last one before the page took it, on a machine where
 * decoding is what runs out.
 *
 * - Wait threshold (spec 9, 2000 ms): a request unanswered that long marks
 *   the channel 'stalled' (the tile's slow-network warning); the request is
 *   not repeated (the socket is TCP, nothing is lost), and the next picture
 *   clears the stall.
 * - Pause (hidden tile, full screen of another cell) stops asking; resume
 *   asks again. The recorder session idles meanwhile, at no cost here.
 * - Pace (`setMinInterval`, the wall's load governor, src/core/wall-load.ts):
 *   a request never goes out sooner than that after the previous one, so a
 *   tile out of focus on a struggling page shows fewer pictures without a
 *   new session.
 * - The socket closing ends the channel: code 1000 (deleted, idle) or 1011
 *   (the stream failed) or any other, reported with its reason.
 *
 * Everything is injected (socket, decoder, drawer, timers, clock), so the
 * same core runs in the stage media worker (core/stage-tiles) and in unit
 * tests. Cost per picture: one decode (the injected one: createImageBitmap,
 * off the calling thread in browsers), one draw, one small text message; no
 * allocation here beyond what the decoder makes and one small record for a
 * waiting picture. Limits: pictures carry no
 * timestamp on this transport, so lateness cannot be measured, only gaps.
 */
import type { Timers } from './browser-timers';
export const LOW_BANDWIDTH_WAIT_THRESHOLD_MS = 2000;
export const REQUEST_FRAME_MESSAGE = '{"type":"requestFrame"}';

export interface ChannelSocketHandlers {
  onOpen(): void;
  onMessage(text: string): void;
  onClose(code: number, reason: string): void;
}

export interface ChannelSocket {
  send(text: string): void;
  close(): void;
}

/** A decoded picture; whoever draws it owns it and must close it. */
export interface ClosableFrame {
  close(): void;
}

export interface LowBandwidthChannelDeps<F extends ClosableFrame> {
  openSocket(url: string, handlers: ChannelSocketHandlers): ChannelSocket;
  decode(base64: string): Promise<F>;
  /**
   * Takes ownership of the frame. May return a promise that settles once the frame has gone where it is shown
   * (or was given up): the next decode waits for it.
   */
  draw(frame: F): void | Promise<void>;
  timers: Timers;
  now(): number;
  waitThresholdMs?: number;
}

export type ChannelEvent =
  | { type: 'playing' }
  | { type: 'stalled' }
  | { type: 'resumed' }
  | { type: 'decode-error'; message: string }
  | { type: 'closed'; code: number; reason: string };

export type ChannelState = 'idle' | 'connecting' | 'playing' | 'closed';

export interface ChannelStats {
  state: ChannelState;
  framesDrawn: number;
  /** Pictures that arrived, drawn or not. */
  framesReceived: number;
  /** Pictures that arrived while another was decoding and waited for it (each also in framesReceived). */
  framesWaited: number;
  bytesReceived: number;
  decodeErrors: number;
  stalls: number;
  /** Epoch ms of the last drawn picture, 0 before the first. */
  lastFrameMs: number;
  /** Sum of the time from a picture's arrival to its draw (decoding), over framesDrawn pictures. */
  decodeMsTotal: number;
  paused: boolean;
}

export class LowBandwidthChannel<F extends ClosableFrame> {
  private socket: ChannelSocket | null = null;
  private state: ChannelState = 'idle';
  private outstanding = false;
  /** A decode is under way, or its picture is not yet taken by a drawer that paces (see `draw`). */
  private decoding = false;
  /** A picture received while another was decoding, with its arrival time; decoded next. */
  private waiting: { text: string; receivedMs: number } | undefined;
  private paused = false;
  private stalled = false;
  private waitTimer: unknown = undefined;
  private readonly waitThresholdMs: number;
  private minIntervalMs = 0;
  private lastRequestMs = Number.NEGATIVE_INFINITY;
  private paceTimer: unknown = undefined;
  private readonly onPaced = () => {
    this.paceTimer = undefined;
    this.request();
  };
  private readonly counters = { framesDrawn: 0, framesReceived: 0, framesWaited: 0, bytesReceived: 0, decodeErrors: 0, stalls: 0, lastFrameMs: 0, decodeMsTotal: 0 };
  private readonly onWaitExpired = () => {
    this.waitTimer = undefined;
    if (this.state === 'closed' || !this.outstanding || this.stalled) return;
    this.stalled = true;
    this.counters.stalls++;
    this.emit({ type: 'stalled' });
  };

  constructor(
    private readonly deps: LowBandwidthChannelDeps<F>,
    private readonly emit: (event: ChannelEvent) => void,
  ) {
    this.waitThresholdMs = deps.waitThresholdMs ?? LOW_BANDWIDTH_WAIT_THRESHOLD_MS;
  }

  /** Opens the socket; the first request goes out when it is open. */
  start(url: string): void {
    if (this.state !== 'idle') throw new Error('A low-bandwidth channel starts once');
    this.state = 'connecting';
    this.socket = this.deps.openSocket(url, {
      onOpen: () => this.request(),
      onMessage: (text) => this.receive(text),
      onClose: (code, reason) => this.closed(code, reason),
    });
  }

  pause(): void {
    this.paused = true;
    this.clearWait();
    this.clearPace();
    this.stalled = false;
  }

  /** The least time between two requests (0: none); a request already held back is re-timed. */
  setMinInterval(ms: number): void {
    this.minIntervalMs = Math.max(0, Number.isFinite(ms) ? ms : 0);
    if (this.paceTimer === undefined) return;
    this.clearPace();
    this.request();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.outstanding) this.armWait();
    else this.request();
  }

  /** Ends the channel without an event (the owner asked for it). */
  stop(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.clearWait();
    this.clearPace();
    this.waiting = undefined;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  get stats(): ChannelStats {
    return { state: this.state, paused: this.paused, ...this.counters };
  }

  /** Whether a requestFrame is unanswered (at most one ever is). */
  get hasOutstandingRequest(): boolean {
    return this.outstanding;
  }

  /** Whether a received picture waits for the decode before it (at most one ever does). */
  get hasWaitingPicture(): boolean {
    return this.waiting !== undefined;
  }

  private request(): void {
    if (this.state === 'closed' || this.paused || this.outstanding || this.waiting || !this.socket || this.paceTimer !== undefined) return;
    const now = this.deps.now();
    const wait = this.lastRequestMs + this.minIntervalMs - now;
    if (wait > 0) {
      this.paceTimer = this.deps.timers.setTimeout(this.onPaced, wait);
      return;
    }
    this.lastRequestMs = now;
    this.outstanding = true;
    this.socket.send(REQUEST_FRAME_MESSAGE);
    this.armWait();
  }

  private armWait(): void {
    this.clearWait();
    this.waitTimer = this.deps.timers.setTimeout(this.onWaitExpired, this.waitThresholdMs);
  }

  private clearPace(): void {
    if (this.paceTimer !== undefined) this.deps.timers.clearTimeout(this.paceTimer);
    this.paceTimer = undefined;
  }

  private clearWait(): void {
    if (this.waitTimer !== undefined) this.deps.timers.clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
  }

  private receive(text: string): void {
    if (this.state === 'closed') return;
    // The recorder answers requests only; an unrequested picture is still shown, never asked twice.
    this.outstanding = false;
    this.clearWait();
    if (this.stalled) {
      this.stalled = false;
      this.emit({ type: 'resumed' });
    }
    this.counters.bytesReceived += text.length;
    this.counters.framesReceived++;
    const receivedMs = this.deps.now();
    // Behind a decode under way it waits its turn (an unrequested one arriving meanwhile replaces it).
    if (this.decoding) {
      this.waiting = { text, receivedMs };
      this.counters.framesWaited++;
    } else this.decode(text, receivedMs);
    this.request();
  }

  private decode(text: string, receivedMs: number): void {
    this.decoding = true;
    this.deps.decode(text).then(
      (frame) => {
        if (this.state === 'closed') {
          frame.close();
          return;
        }
        const taken = this.deps.draw(frame);
        this.counters.framesDrawn++;
        this.counters.lastFrameMs = this.deps.now();
        this.counters.decodeMsTotal += this.counters.lastFrameMs - receivedMs;
        if (this.state === 'connecting') {
          this.state = 'playing';
          this.emit({ type: 'playing' });
        }
        if (taken) void taken.then(() => this.decodeNext());
        else this.decodeNext();
      },
      (error: unknown) => {
        if (this.state === 'closed') return;
        this.counters.decodeErrors++;
        this.emit({ type: 'decode-error', message: error instanceof Error ? error.message : String(error) });
        this.decodeNext();
      },
    );
  }

  /** After a decode (and its drawing, when the drawer paces): the waiting picture, if any, and the next request. */
  private decodeNext(): void {
    if (this.state === 'closed') return;
    this.decoding = false;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) this.decode(waiting.text, waiting.receivedMs);
    this.request();
  }

  private closed(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.clearWait();
    this.clearPace();
    this.socket = null;
    this.outstanding = false;
    this.waiting = undefined;
    this.emit({ type: 'closed', code, reason });
  }
}
