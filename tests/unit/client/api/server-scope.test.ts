import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learnServers, resetDirectRoutes, setForceProxy, forgetDirect } from '../../../../src/api/direct-routes';
import { currentServerScope, enterServerScope, routeCall, scopedPath, socketAddress, setMultiServerRouting } from '../../../../src/api/server-scope';

const PAGE = { protocol: 'http:', host: 'agg.example:8080', origin: 'http://agg.example:8080' };
const WS = 'ws://agg.example:8080';

describe('server scope (multi-server: a server’s own screens through the aggregator’s proxy)', () => {
  let leave: (() => void) | undefined;
  beforeEach(() => {
    setMultiServerRouting(true);
    vi.stubGlobal('location', PAGE);
  });
  afterEach(() => {
    leave?.();
    setMultiServerRouting(false);
    resetDirectRoutes();
    vi.unstubAllGlobals();
  });

  it('leaves every path alone while no server is in scope', () => {
    expect(currentServerScope()).toBeNull();
    expect(scopedPath('/service/server/utilization/disk')).toBe('/service/server/utilization/disk');
    expect(socketAddress('/service/streams/webrtc')).toBe(`${WS}/service/streams/webrtc`);
  });

  it("sends a server's calls and sockets through the proxy, and the aggregator's own calls to the aggregator", () => {
    leave = enterServerScope('srv 1');
    expect(scopedPath('/service/server/utilization/disk')).toBe('/service/orchid-proxy/srv%201/service/server/utilization/disk');
    expect(scopedPath('/service/cameras?x=1')).toBe('/service/orchid-proxy/srv%201/service/cameras?x=1');
    expect(scopedPath('/service/discoverable/orchids/1')).toBe('/service/orchid-proxy/srv%201/service/discoverable/orchids/1');
    expect(socketAddress('/service/low-bandwidth/streams/a/ws')).toBe(`${WS}/service/orchid-proxy-ws/srv%201/service/low-bandwidth/streams/a/ws`);
    for (const own of ['/service/ping', '/service/time', '/service/sessions/me', '/service/orchids', '/service/orchids/x/cache', '/service/about', '/service/users', '/service/layouts/1']) {
      expect(scopedPath(own)).toBe(own);
    }
    // Not a /service path (a client file): never proxied.
    expect(scopedPath('/index.html')).toBe('/index.html');
  });

  it('closes only its own scope', () => {
    const first = enterServerScope('a');
    leave = enterServerScope('b');
    first();
    expect(currentServerScope()).toBe('b');
    leave();
    expect(currentServerScope()).toBeNull();
  });

  it("sends a call that names its camera's server to that server, whatever the scope", () => {
    expect(scopedPath('/service/archives?streamId=s', 'srv-2')).toBe('/service/orchid-proxy/srv-2/service/archives?streamId=s');
    leave = enterServerScope('srv-1');
    expect(scopedPath('/service/cameras/c/position', 'srv-2')).toBe('/service/orchid-proxy/srv-2/service/cameras/c/position');
    expect(socketAddress('/service/streams/webrtc', 'srv-2')).toBe(`${WS}/service/orchid-proxy-ws/srv-2/service/streams/webrtc`);
    // No server named: the scope's.
    expect(scopedPath('/service/cameras')).toBe('/service/orchid-proxy/srv-1/service/cameras');
  });

  it("sends a call that names its server there even on a path the aggregator also has (a server's own users)", () => {
    expect(scopedPath('/service/users', 'srv-2')).toBe('/service/orchid-proxy/srv-2/service/users');
    expect(scopedPath('/service/users/u%201', 'srv-2')).toBe('/service/orchid-proxy/srv-2/service/users/u%201');
    // The scope alone still leaves the aggregator's users to the aggregator.
    leave = enterServerScope('srv-1');
    expect(scopedPath('/service/users')).toBe('/service/users');
    // A proxy path is never wrapped again.
    expect(scopedPath('/service/orchid-proxy/srv-1/service/users', 'srv-2')).toBe('/service/orchid-proxy/srv-1/service/users');
  });

  it('in single-server mode the serving recorder answers every call, named server or scope', () => {
    setMultiServerRouting(false);
    leave = enterServerScope('srv-1');
    expect(scopedPath('/service/archives', 'srv-1')).toBe('/service/archives');
    expect(scopedPath('/service/cameras')).toBe('/service/cameras');
    expect(socketAddress('/service/streams/webrtc', 'srv-1')).toBe(`${WS}/service/streams/webrtc`);
  });

  describe('direct routing (spec 7: server availability decides, remembered per server)', () => {
    const servers = [
      { id: 'north', uri: 'http://10.0.0.5:8080', isAvailable: true, pageOrigin: PAGE.origin, permissions: { sessionId: 's1', token: 'north-token' } },
      { id: 'south', uri: 'http://10.0.0.6:8080', isAvailable: true, pageOrigin: PAGE.origin, permissions: { sessionId: 's2', token: 'south-token' } },
    ];

    it('calls a server the page reaches straight, with its own token there, and one it does not through the proxy', async () => {
      const asked: string[] = [];
      await learnServers(servers, async (origin) => (asked.push(origin), origin.endsWith('.5:8080')));
      expect(asked).toEqual(['http://10.0.0.5:8080', 'http://10.0.0.6:8080']);
      expect(routeCall('/service/archives?streamId=s', 'north')).toEqual({
        url: 'http://10.0.0.5:8080/service/archives?streamId=s',
        direct: { server: 'north', token: 'north-token' },
      });
      expect(socketAddress('/service/streams/webrtc', 'north')).toBe('ws://10.0.0.5:8080/service/streams/webrtc');
      expect(routeCall('/service/archives', 'south')).toEqual({ url: '/service/orchid-proxy/south/service/archives' });
      // The aggregator's own calls stay on it, in a server's scope too; a call naming the server goes there (its users).
      leave = enterServerScope('north');
      expect(routeCall('/service/orchids')).toEqual({ url: '/service/orchids' });
      expect(routeCall('/service/users', 'north').url).toBe('http://10.0.0.5:8080/service/users');
    });

    it('remembers each decision: the next list probes nothing and only renews the token', async () => {
      await learnServers(servers, async () => true);
      const probe = vi.fn(async () => false);
      await learnServers([{ ...servers[0]!, permissions: { sessionId: 's3', token: 'renewed' } }], probe);
      expect(probe).not.toHaveBeenCalled();
      expect(routeCall('/service/cameras', 'north').direct?.token).toBe('renewed');
    });

    it('drops a server back to the proxy once a direct call fails, and the next list does not undo it (retries: direct-routes.test.ts)', async () => {
      await learnServers(servers, async () => true);
      forgetDirect('north');
      expect(routeCall('/service/cameras', 'north').url).toBe('/service/orchid-proxy/north/service/cameras');
      await learnServers(servers, async () => true);
      expect(routeCall('/service/cameras', 'north').direct).toBeUndefined();
    });

    it('keeps every server behind the proxy when the aggregator forces it, and probes none without a token, unavailable, or that allows another page', async () => {
      const probe = vi.fn(async () => true);
      await learnServers([{ ...servers[0]!, permissions: undefined }, { ...servers[1]!, isAvailable: false }], probe);
      await learnServers([{ ...servers[0]!, pageOrigin: 'http://other.example' }, { ...servers[1]!, pageOrigin: null }], probe);
      expect(probe).not.toHaveBeenCalled();
      await setForceProxy(true);
      await learnServers(servers, probe);
      expect(probe).not.toHaveBeenCalled();
      expect(routeCall('/service/cameras', 'north').url).toBe('/service/orchid-proxy/north/service/cameras');
    });
  });
});
