/**
 * The VideoFrame pump of a WebRTC tile that needs a shader: the main thread
 * transfers the stream of the tile's video track (a MediaStreamTrackProcessor's
 * readable) to the compositor host, and this loop reads it frame by frame
 * into the compositor while the tile still wants it, closing every frame
 * it does not hand on.
 *
 * Stopping is cancelling the reader: that ends the transferred stream, and
 * its source (the track processor) stops with it. Cost: one read per video
 * frame, no allocation of its own. Generic over the frame so tests feed it
 * any closable object.
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

/** Ends a pumped stream; a reader already released or errored has nothing left to stop. */
export function cancelVideo(reader: ReadableStreamDefaultReader<unknown> | null): void {
  reader?.cancel().catch(() => undefined);
}
