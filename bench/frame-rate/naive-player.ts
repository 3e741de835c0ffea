/**
 * The baseline the benchmark compares with: a main-thread low-bandwidth
 * player as a simple client would write it. The page holds the picture
 * socket, and each base64 picture becomes an <img> data URL that the page
 * decodes and paints; the next picture is asked for once the image is
 * decoded (the same pull flow as the worker player, so only the place where
 * the work happens differs).
 *
 * A picture counts when `img.decode()` resolves, not at the load event: the
 * load event fires before decoding, and the browser decodes an <img> only
 * when it paints it, skipping pictures replaced in between, so counting
 * loads overstated what the naive player showed. Benchmark code only.
 */
export interface NaiveTile {
  frames: number;
  stop(): void;
}

export function startNaiveTile(img: HTMLImageElement, socketUrl: string): NaiveTile {
  const socket = new WebSocket(socketUrl);
  const tile: NaiveTile = { frames: 0, stop: () => socket.close() };
  const request = () => {
    if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"requestFrame"}');
  };
  socket.onopen = request;
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    img.src = `data:image/jpeg;base64,${event.data}`;
    img.decode().then(
      () => {
        tile.frames++;
        request();
      },
      request,
    );
  };
  return tile;
}
