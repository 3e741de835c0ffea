/**
 * The VideoFrame pump of a WebRTC tile that needs a shader: the main thread
 * transfers the stream of the tile's video track (a MediaStreamTrackProcessor's
 * readable) to the compositor host, and this loop reads it frame by frame
 * into the compositor while the tile still wants it, closing every frame
 * it does not hand on.
 *
 * Stopping drains before it cancels. Cancelling a transferred stream at once
 * drops the frames already queued between the threads without closing them,
 * and Chromium then warns "A VideoFrame was garbage collected without being
 * closed" (seen with 16 dewarped WebRTC tiles turning dewarp off): unclosed
 * frames hold the decoder's buffers until a collection. So the page stops the
 * track it gave the processor, which closes the stream behind its queued
 * frames; the pump, no longer wanted, reads and closes each one until the
 * stream is done. The cancel only follows after VIDEO_DRAIN_MS, for a stream
 * whose end never comes. Cost: one read per video frame, no allocation of its
 * own. Generic over the frame so tests feed it any closable object.
 */
import type { ClosableFrame } from '../low-bandwidth-player';

/** Reads until the stream ends or is cancelled; each frame goes to `deliver` while `wanted()`, else is closed. */
export async function pumpVideoFrames<F extends ClosableFrame>(
  reader: ReadableStreamDefaultReader<F>,
  wanted: () => boolean,
  deliver: (frame: F) => void,
): Promise<void> {
  for (;;) {
    let result: ReadableStreamReadResult<F>;
    try {
      result = await reader.read();
    } catch {
      return; // the stream was cancelled or its track ended
    }
    if (result.done) return;
    if (wanted()) deliver(result.value);
    else result.value.close();
  }
}

/** How long a stopped stream may take to drain before it is cancelled with whatever it still queues. */
export const VIDEO_DRAIN_MS = 3000;

/** Ends a pumped stream; a reader already released or errored has nothing left to stop. */
export function cancelVideo(reader: ReadableStreamDefaultReader<unknown> | null): void {
  reader?.cancel().catch(() => undefined);
}

/**
 * Ends a pumped stream whose pump no longer wants its frames: they are read and
 * closed until the stream ends (its track stopped by the page), and the reader is
 * cancelled after `drainMs` in case it never does. A stream already done ignores the cancel.
 */
export function drainVideo(
  reader: ReadableStreamDefaultReader<unknown> | null,
  drainMs = VIDEO_DRAIN_MS,
  later: (run: () => void, ms: number) => unknown = setTimeout,
): void {
  if (reader) later(() => cancelVideo(reader), drainMs);
}
