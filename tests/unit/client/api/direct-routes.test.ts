import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DIRECT_RETRY_MS,
  directRoute,
  forgetDirect,
  learnServers,
  resetDirectRoutes,
  setDirectRoutesClock,
  setForceProxy,
} from '../../../../src/api/direct-routes';

const PAGE = { protocol: 'http:', host: 'agg.example:8080', origin: 'http://agg.example:8080' };
const north = { id: 'north', uri: 'http://10.0.0.5:8080', isAvailable: true, pageOrigin: PAGE.origin, permissions: { sessionId: 's1', token: 'north-token' } };
const south = { id: 'south', uri: 'http://10.0.0.6:8080', isAvailable: true, pageOrigin: PAGE.origin, permissions: { sessionId: 's2', token: 'south-token' } };

describe('direct routing: a server behind the proxy is tried again (spec 7: availability decides, remembered per server)', () => {
  let clockMs = 1_000_000;
  beforeEach(() => {
    vi.stubGlobal('location', PAGE);
    clockMs = 1_000_000;
    setDirectRoutesClock(() => clockMs);
  });
  afterEach(() => {
    resetDirectRoutes();
    vi.unstubAllGlobals();
  });

  it('probes a server that failed its probe again on the first list DIRECT_RETRY_MS later, not before', async () => {
    await learnServers([north], async () => false);
    expect(directRoute('north')).toBeUndefined();
    const probe = vi.fn(async () => true);
    clockMs += DIRECT_RETRY_MS - 1;
    await learnServers([north], probe);
    expect(probe).not.toHaveBeenCalled();
    expect(directRoute('north')).toBeUndefined();
    clockMs += 1;
    await learnServers([north], probe);
    expect(probe).toHaveBeenCalledWith('http://10.0.0.5:8080');
    expect(directRoute('north')).toEqual({ origin: 'http://10.0.0.5:8080', token: 'north-token' });
  });

  it('counts the delay from when the probe answered, not when it started', async () => {
    let answer: (reachable: boolean) => void = () => {};
    const learning = learnServers([north], () => new Promise<boolean>((resolve) => (answer = resolve)));
    clockMs += 2_000; // the probe took 2 s
    answer(false);
    await learning;
    const probe = vi.fn(async () => true);
    clockMs += DIRECT_RETRY_MS - 1;
    await learnServers([north], probe);
    expect(probe).not.toHaveBeenCalled();
    clockMs += 1;
    await learnServers([north], probe);
    expect(probe).toHaveBeenCalledOnce();
  });

  it('a server that dropped a direct call (a restart) goes direct again once it answers a probe DIRECT_RETRY_MS later', async () => {
    await learnServers([north, south], async () => true);
    clockMs += 5 * DIRECT_RETRY_MS;
    forgetDirect('north');
    expect(directRoute('north')).toBeUndefined();
    const probe = vi.fn(async () => true);
    await learnServers([north, south], probe);
    expect(probe).not.toHaveBeenCalled();
    clockMs += DIRECT_RETRY_MS;
    // Still down: behind the proxy for another DIRECT_RETRY_MS.
    await learnServers([north, south], async () => false);
    expect(directRoute('north')).toBeUndefined();
    clockMs += DIRECT_RETRY_MS;
    await learnServers([{ ...north, permissions: { sessionId: 's3', token: 'fresh' } }, south], probe);
    // Only the server behind the proxy is probed; the direct one keeps its decision.
    expect(probe).toHaveBeenCalledTimes(1);
    expect(directRoute('north')).toEqual({ origin: 'http://10.0.0.5:8080', token: 'fresh' });
    expect(directRoute('south')?.token).toBe('south-token');
  });

  it('while Force Orchid Proxy holds, no server is probed however long it waits', async () => {
    await learnServers([north], async () => true);
    await setForceProxy(true);
    expect(directRoute('north')).toBeUndefined();
    clockMs += 10 * DIRECT_RETRY_MS;
    const probe = vi.fn(async () => true);
    await learnServers([north], probe);
    expect(probe).not.toHaveBeenCalled();
    expect(directRoute('north')).toBeUndefined();
  });

  it('lifting Force Orchid Proxy probes every server of the last list again at once, a failed one too', async () => {
    await learnServers([north, south], async (origin) => origin.endsWith('.5:8080'));
    await setForceProxy(true);
    const asked: string[] = [];
    await setForceProxy(false, async (origin) => (asked.push(origin), true));
    expect(asked).toEqual(['http://10.0.0.5:8080', 'http://10.0.0.6:8080']);
    expect(directRoute('north')?.token).toBe('north-token');
    expect(directRoute('south')?.token).toBe('south-token');
  });

  it('an answer that comes after the server was forced to the proxy is ignored', async () => {
    let answer: (reachable: boolean) => void = () => {};
    const learning = learnServers([north], () => new Promise<boolean>((resolve) => (answer = resolve)));
    await setForceProxy(true);
    answer(true);
    await learning;
    expect(directRoute('north')).toBeUndefined();
  });

  it('setting Force Orchid Proxy off when it was not on probes nothing new', async () => {
    await learnServers([north], async () => false);
    const probe = vi.fn(async () => true);
    await setForceProxy(false, probe);
    expect(probe).not.toHaveBeenCalled();
  });
});
