import { describe, expect, it } from 'vitest';
import { webSocketChannel, type ChannelWebSocket } from '../../../../../workers/core/stage-tiles/channel-socket';

class FakeWebSocket {
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(text: string): void {
    this.sent.push(text);
  }
  close(code?: number): void {
    this.closedWith = code;
  }
}

function rig() {
  const socket = new FakeWebSocket();
  const heard: string[] = [];
  const channel = webSocketChannel(socket as unknown as ChannelWebSocket, {
    onOpen: () => heard.push('open'),
    onMessage: (text) => heard.push(`message ${text}`),
    onClose: (code, reason) => heard.push(`close ${code} ${reason}`),
  });
  return { socket, heard, channel };
}

describe('low-bandwidth channel over a WebSocket', () => {
  it('passes on open, text pictures and close', () => {
    const { socket, heard } = rig();
    socket.onopen!(new Event('open'));
    socket.onmessage!({ data: 'AAAA' } as MessageEvent);
    socket.onmessage!({ data: new ArrayBuffer(2) } as MessageEvent);
    socket.onclose!({ code: 1011, reason: 'stream failed' } as CloseEvent);
    expect(heard).toEqual(['open', 'message AAAA', 'close 1011 stream failed']);
  });

  it('sends only while the socket is open', () => {
    const { socket, channel } = rig();
    channel.send('early');
    socket.readyState = socket.OPEN;
    channel.send('{"type":"requestFrame"}');
    socket.readyState = 2;
    channel.send('late');
    expect(socket.sent).toEqual(['{"type":"requestFrame"}']);
  });

  it('closes with a normal close', () => {
    const { socket, channel } = rig();
    channel.close();
    expect(socket.closedWith).toBe(1000);
  });
});
