import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentServerScope, enterServerScope, scopedPath, scopedSocketPath, setMultiServerRouting } from '../../../../src/api/server-scope';

describe('server scope (multi-server: a server’s own screens through the aggregator’s proxy)', () => {
  let leave: (() => void) | undefined;
  beforeEach(() => setMultiServerRouting(true));
  afterEach(() => {
    leave?.();
    setMultiServerRouting(false);
  });

  it('leaves every path alone while no server is in scope', () => {
    expect(currentServerScope()).toBeNull();
    expect(scopedPath('/service/server/utilization/disk')).toBe('/service/server/utilization/disk');
    expect(scopedSocketPath('/service/streams/webrtc')).toBe('/service/streams/webrtc');
  });

  it("sends a server's calls and sockets through the proxy, and the aggregator's own calls to the aggregator", () => {
    leave = enterServerScope('srv 1');
    expect(scopedPath('/service/server/utilization/disk')).toBe('/service/orchid-proxy/srv%201/service/server/utilization/disk');
    expect(scopedPath('/service/cameras?x=1')).toBe('/service/orchid-proxy/srv%201/service/cameras?x=1');
    expect(scopedPath('/service/discoverable/orchids/1')).toBe('/service/orchid-proxy/srv%201/service/discoverable/orchids/1');
    expect(scopedSocketPath('/service/low-bandwidth/streams/a/ws')).toBe('/service/orchid-proxy-ws/srv%201/service/low-bandwidth/streams/a/ws');
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
    expect(scopedSocketPath('/service/streams/webrtc', 'srv-2')).toBe('/service/orchid-proxy-ws/srv-2/service/streams/webrtc');
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
    expect(scopedSocketPath('/service/streams/webrtc', 'srv-1')).toBe('/service/streams/webrtc');
  });
});
