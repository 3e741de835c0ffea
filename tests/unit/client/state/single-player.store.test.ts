/**
 * The single player's flow (src/state/single-player.store.ts) with fake
 * collaborators: in a frame it asks for a token, signs in with it and finds
 * the camera; each spec 8 error shows for its cause; a token is asked again
 * before the session ends; a lost session asks for a new one; opened on its
 * own it uses the session signed in here, or says authentication failed.
 */
import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio/vanilla';
import type { Camera, Session } from '../../../../server/shared/api';
import type { SinglePlayerErrorCode, TokenRequestReason } from '../../../../server/shared/embed-messages';
import { HttpError } from '../../../../src/api/http-error';
import { parseSinglePlayerArgs } from '../../../../src/core/player/single-player-args';
import { locateStream, startSinglePlayer, type SinglePlayerDeps, type SinglePlayerState } from '../../../../src/state/single-player.store';

const camera = (id: string, streams: string[], orchidId = 'server-1') =>
  ({ id, orchidId, name: id, streams: streams.map((streamId) => ({ id: streamId })), primaryStream: { id: streams[0] } }) as unknown as Camera;
const CAMERAS = [camera('cam-1', ['s-1', 's-2']), camera('cam-2', ['s-3'])];
const session = (expiresAt: number): Session => ({ id: 'jwt-1', owner: { id: 'jwt:kiosk' }, name: 'kiosk', token: 'a.b.c', tokenType: 'jwt', role: 'Administrator', expiresAt });

function rig(query: string, overrides: Partial<SinglePlayerDeps> = {}) {
  const state = proxy<SinglePlayerState>({ status: 'loading', error: null, framed: false, camera: null, streamId: null });
  const requests: TokenRequestReason[] = [];
  const statuses: Array<[string, SinglePlayerErrorCode | null]> = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const adopted: Session[] = [];
  let lost: (() => void) | null = null;
  let deliver: (token: string) => void = () => undefined;
  const clock = { nowMs: 1_000_000 };
  const deps: SinglePlayerDeps = {
    state,
    framed: true,
    openChannel: (onToken) => {
      deliver = onToken;
      return { requestToken: (reason) => requests.push(reason), reportStatus: (status, error) => statuses.push([status, error]), close: () => undefined };
    },
    identity: async (token) => {
      if (token === 'bad.token.here') throw new HttpError(401, 'jwt-signature', 'bad signature');
      return session(clock.nowMs + 120_000);
    },
    cameras: async () => CAMERAS,
    currentSession: () => null,
    adoptSession: (value) => adopted.push(value),
    onSessionLost: (listener) => {
      lost = listener;
      return () => (lost = null);
    },
    timers: {
      setTimeout: (run, ms) => {
        const timer = { run, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => void ((handle as { cleared: boolean }).cleared = true),
    },
    now: () => clock.nowMs,
    ...overrides,
  };
  const stop = startSinglePlayer(parseSinglePlayerArgs(new URLSearchParams(query)), deps);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { state, requests, statuses, timers, adopted, stop, settle, deliver: (token: string) => deliver(token), lose: () => lost?.() };
}

describe('single player in a frame', () => {
  it('asks for a token, signs in with it, finds the camera of the stream and tells the page', async () => {
    const player = rig('single-player=s-2');
    expect(player.state.status).toBe('waiting-for-token');
    expect(player.requests).toEqual(['start']);
    player.deliver('good.token.here');
    await player.settle();
    expect(player.adopted).toHaveLength(1);
    expect(player.state).toMatchObject({ status: 'ready', error: null, camera: { id: 'cam-1' } });
    expect(player.statuses.at(-1)).toEqual(['ready', null]);
  });

  it('says authentication failed for a refused token, with the server reason', async () => {
    const player = rig('single-player=s-1');
    player.deliver('bad.token.here');
    await player.settle();
    expect(player.state.error).toEqual({ code: 'authentication-failed', cause: 'token-refused', reason: 'bad signature' });
    expect(player.statuses.at(-1)).toEqual(['error', 'authentication-failed']);
    // A refused token is not asked for again on its own: a page that keeps sending bad ones would loop.
    expect(player.requests).toEqual(['start']);
  });

  it('asks for a fresh token before the session ends, and a lost session asks again', async () => {
    const player = rig('single-player=s-1');
    player.deliver('good.token.here');
    await player.settle();
    const renew = player.timers.find((timer) => !timer.cleared)!;
    expect(renew.ms).toBe(60_000);
    renew.run();
    expect(player.requests).toEqual(['start', 'renew']);
    player.lose();
    expect(player.state.error).toMatchObject({ code: 'authentication-failed', cause: 'session-lost' });
    expect(player.requests.at(-1)).toBe('rejected');
    player.deliver('good.token.here');
    await player.settle();
    expect(player.state.status).toBe('ready');
  });

  it.each([
    ['single-player-orchid=server-9&single-player=s-1', 'no-access', 'other-server'],
    ['single-player=nope', 'stream-unavailable', 'stream-not-found'],
    ['single-player-orchid=server-1', 'stream-unavailable', 'no-stream-argument'],
  ])('%s gives %s', async (query, code, cause) => {
    const player = rig(query);
    player.deliver('good.token.here');
    await player.settle();
    expect(player.state.error).toMatchObject({ code, cause });
  });

  it.each([
    [new HttpError(-1, null, null), 'no-access', 'server-unreachable'],
    [new HttpError(503, null, null), 'no-access', 'server-unreachable'],
    [new HttpError(403, 'forbidden', 'no'), 'no-access', 'forbidden'],
    [new HttpError(500, 'oops', 'broken'), 'camera-info-failed', 'request-failed'],
    [new Error('parse'), 'camera-info-failed', 'request-failed'],
  ])('a camera call failing with %s gives %s', async (error, code, cause) => {
    const player = rig('single-player=s-1', { cameras: () => Promise.reject(error) });
    player.deliver('good.token.here');
    await player.settle();
    expect(player.state.error).toMatchObject({ code, cause });
  });

  it('does nothing more once stopped', async () => {
    const player = rig('single-player=s-1');
    player.stop();
    player.deliver('good.token.here');
    await player.settle();
    expect(player.state.status).not.toBe('ready');
  });
});

describe('single player on its own', () => {
  it('plays as the user signed in here', async () => {
    const player = rig('single-player=s-3', { framed: false, currentSession: () => session(Date.now() + 60_000) });
    await player.settle();
    expect(player.state).toMatchObject({ status: 'ready', camera: { id: 'cam-2' } });
    expect(player.requests).toEqual([]);
  });

  it('says authentication failed when nobody is signed in', () => {
    const player = rig('single-player=s-3', { framed: false });
    expect(player.state.error).toMatchObject({ code: 'authentication-failed', cause: 'no-session' });
  });
});

describe('locateStream', () => {
  it('accepts the server argument when it names this server or is absent', () => {
    expect(locateStream(CAMERAS, 's-3', 'server-1')).toMatchObject({ id: 'cam-2' });
    expect(locateStream(CAMERAS, 's-3', null)).toMatchObject({ id: 'cam-2' });
    expect(locateStream([], 's-3', 'server-1')).toMatchObject({ code: 'stream-unavailable' });
  });
});
