/**
 * The single player's side of the token handshake (src/api/embed-channel.ts):
 * tokens only from the parent window, only well-formed ones; requests and
 * statuses to the parent carry no secret.
 */
import { describe, expect, it } from 'vitest';
import { isFramed, openEmbedChannel, type PlayerWindow } from '../../../../src/api/embed-channel';
import { tokenOf } from '../../../../server/shared/embed-messages';

function fakeWindows() {
  const posted: Array<{ message: unknown; target: string }> = [];
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
  let listener: ((event: MessageEvent) => void) | null = null;
  const win: PlayerWindow = {
    parent,
    addEventListener: (_type, l) => (listener = l),
    removeEventListener: () => (listener = null),
  };
  const send = (data: unknown, source: unknown = parent) => listener?.({ data, source } as MessageEvent);
  return { win, parent, posted, send, listening: () => listener !== null };
}

describe('embed channel', () => {
  it('takes a token from the parent window only', () => {
    const { win, send } = fakeWindows();
    const tokens: string[] = [];
    openEmbedChannel((token) => tokens.push(token), win);
    send({ type: 'argus-token', token: 'aaa.bbb.ccc' });
    send({ type: 'argus-token', token: 'ddd.eee.fff' }, {});
    send({ type: 'argus-token', token: 'ggg.hhh.iii' }, null);
    expect(tokens).toEqual(['aaa.bbb.ccc']);
  });

  it('ignores messages that are not a well-formed token', () => {
    const { win, send } = fakeWindows();
    const tokens: string[] = [];
    openEmbedChannel((token) => tokens.push(token), win);
    for (const data of [null, 'aaa.bbb.ccc', { type: 'argus-token' }, { type: 'other', token: 'a.b.c' }, { type: 'argus-token', token: 'a b.c.d' }, { type: 'argus-token', token: `${'a'.repeat(9000)}.b.c` }]) {
      send(data);
    }
    expect(tokens).toEqual([]);
    expect(tokenOf({ type: 'argus-token', token: ' a.b.c ' })).toBe('a.b.c');
  });

  it('asks and reports to the parent without any secret, and stops listening when closed', () => {
    const { win, posted, listening } = fakeWindows();
    const channel = openEmbedChannel(() => undefined, win);
    channel.requestToken('start');
    channel.reportStatus('error', 'authentication-failed');
    expect(posted).toEqual([
      { message: { type: 'argus-token-request', reason: 'start' }, target: '*' },
      { message: { type: 'argus-player-status', status: 'error', error: 'authentication-failed' }, target: '*' },
    ]);
    channel.close();
    expect(listening()).toBe(false);
  });

  it('knows a framed page from a top-level one', () => {
    const top = { parent: null as unknown };
    top.parent = top;
    expect(isFramed(top)).toBe(false);
    expect(isFramed({ parent: {} })).toBe(true);
  });
});
