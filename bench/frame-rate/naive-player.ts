/**
 * The baseline the benchmark compares with: a main-thread low-bandwidth
 * player as a simple client would write it. The page holds the picture
 * socket, and each base64 picture becomes an <img> data URL that the page
 * decodes and paints; the next picture is asked for when the image has
 * loaded (the same pull flow as the worker player, so only the place where
 * the work happens differs). Benchmark code only.
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
  img.onload = () => {
    tile.frames++;
    request();
  };
  img.onerror = request;
  socket.onopen = request;
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') img.src = `data:image/jpeg;base64,${event.data}`;
  };
  return tile;
}
