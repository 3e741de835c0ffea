/**
 * The command line of one player's PTZ controls: press-and-hold and clicks
 * on the picture, sent one after another so a stop never overtakes the
 * move it stops (the browser may send two requests over two connections).
 *
 * A hold starts with its move (repeated while held under force-relative-ptz,
 * see ptz-commands.ts) and ends with its stop, sent once, whatever ended
 * it: the button let go, the pointer leaving or cancelled, the page hidden,
 * the tile closed (the caller calls release or dispose for each). Spec 8:
 * a failed command is logged and cancels the pending command: the hold is
 * over, its repeats end, and a held move is stopped.
 *
 * Pure apart from the sender and the global timers. Cost: one promise chain.
 */
import type { PtzMoveRequest } from '../../../server/shared/api';
import type { HeldMove } from './ptz-commands';

export interface PtzCommandSink {
  send(move: PtzMoveRequest): Promise<void>;
  log(message: string, detail: unknown): void;
  /** Hears that the hold ended (released, or cancelled by a failure), so a pressed look can go. */
  holdEnded?(): void;
}

interface Hold {
  move: HeldMove;
  repeat: ReturnType<typeof setInterval> | null;
  /** A repeat waits while the previous one is still on its way, so a slow recorder never builds a backlog. */
  inFlight: boolean;
}

export class PtzCommandLine {
  private hold: Hold | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly sink: PtzCommandSink) {}

  get holding(): boolean {
    return this.hold !== null;
  }

  /** Starts a hold (ending any other first). */
  press(move: HeldMove): void {
    if (this.disposed) return;
    this.release();
    const hold: Hold = { move, repeat: null, inFlight: false };
    this.hold = hold;
    this.sendFor(hold, move.start);
    if (move.repeatMs !== null) {
      hold.repeat = setInterval(() => {
        if (!hold.inFlight) this.sendFor(hold, move.start);
      }, move.repeatMs);
    }
  }

  /** Ends the hold, if any: its stop goes out once. Safe to call from every end event. */
  release(): void {
    const hold = this.hold;
    if (!hold) return;
    this.end(hold);
  }

  /** A single move (a click on the picture), in line with the holds. Resolves false when it failed. */
  move(request: PtzMoveRequest): Promise<boolean> {
    if (this.disposed) return Promise.resolve(false);
    return this.enqueue(request, null);
  }

  /** The controls are gone: a hold in progress is stopped, nothing more is sent after. */
  dispose(): void {
    this.release();
    this.disposed = true;
  }

  private end(hold: Hold): void {
    if (this.hold === hold) this.hold = null;
    if (hold.repeat !== null) clearInterval(hold.repeat);
    hold.repeat = null;
    if (hold.move.stop) void this.enqueue(hold.move.stop, null);
    this.sink.holdEnded?.();
  }

  private sendFor(hold: Hold, request: PtzMoveRequest): void {
    hold.inFlight = true;
    void this.enqueue(request, hold).finally(() => {
      hold.inFlight = false;
    });
  }

  private enqueue(request: PtzMoveRequest, hold: Hold | null): Promise<boolean> {
    const run = this.chain.then(() => this.sink.send(request)).then(
      () => true,
      (error: unknown) => {
        this.sink.log('A PTZ command failed; the pending command is cancelled', { request, error });
        // The hold this command belonged to is over: repeats end and the held move is stopped.
        if (hold && this.hold === hold) this.end(hold);
        return false;
      },
    );
    this.chain = run;
    return run;
  }
}
