/**
 * The baseline the benchmark compares with: a main-thread low-bandwidth
 * player as a simple client would write it. The page holds the picture
 * socket, and each base64 picture becomes an <img> data URL that the page
 * decodes and paints; the next picture is asked for once the image is
 * decoded (the same pull flow as the worker player, so only the place where
 * the work happens differs).
 *
 * A picture counts when it is painted, as the worker player's count is
 * taken at the page's commit: at the first animation frame after its
 * `img.decode()` resolved, if no newer picture has replaced it meanwhile.
 * Not at the load event: that fires before decoding, and the browser
 * decodes an <img> only when it paints it, skipping pictures replaced in
 * between, so counting loads overstated what the naive player showed.
 * With `path` 'receive' a picture counts on arrival and is not decoded:
 * the baseline's own receiving cost (the same sockets and text messages),
 * for the cost attribution beside the worker player's 'receive only'.
 * Benchmark code only.
 */
export interface NaiveTile {
  frames: number;
  stop(): void;
}

export function startNaiveTile(img: HTMLImageElement, socketUrl: string, path: 'draw' | 'receive' = 'draw'): NaiveTile {
  const socket = new WebSocket(socketUrl);
  const tile: NaiveTile = { frames: 0, stop: () => socket.close() };
  const request = () => {
    if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"requestFrame"}');
  };
  /** Which picture the image holds: a decoded one counts only if still shown at the next animation frame. */
  let picture = 0;
  socket.onopen = request;
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    if (path === 'receive') {
      tile.frames++;
      request();
      return;
    }
    const decoding = ++picture;
    img.src = `data:image/jpeg;base64,${event.data}`;
    img.decode().then(
      () => {
        requestAnimationFrame(() => {
          if (picture === decoding) tile.frames++;
        });
        request();
      },
      request,
    );
  };
  return tile;
}
