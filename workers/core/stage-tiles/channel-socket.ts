/**
 * The low-bandwidth pull loop's socket (core/low-bandwidth-player.ts
 * `ChannelSocket`) over a browser WebSocket: text messages are pictures,
 * anything else is ignored; sends are dropped unless the socket is open
 * (the loop asks again on its own terms); closing is a normal close (1000).
 *
 * The socket is passed in, so tests use a stand-in. Cost: none beyond the
 * socket's own.
 */
import type { ChannelSocket, ChannelSocketHandlers } from '../low-bandwidth-player';

/** What the adapter needs of a WebSocket. */
export type ChannelWebSocket = Pick<WebSocket, 'onopen' | 'onmessage' | 'onclose' | 'readyState' | 'OPEN' | 'send' | 'close'>;

export function webSocketChannel(socket: ChannelWebSocket, handlers: ChannelSocketHandlers): ChannelSocket {
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  };
  socket.onclose = (event) => handlers.onClose(event.code, event.reason);
  return {
    send: (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    close: () => socket.close(1000),
  };
}
