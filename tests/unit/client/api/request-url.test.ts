import { describe, expect, it } from 'vitest';
import { CACHE_BUST_PARAM, shouldAttachToken, withCacheBust, withQuery } from '../../../../src/api/request-url';

const origin = 'http://recorder.local:8080';

describe('bearer token (spec 7: same host, not sign-in)', () => {
  it('goes on same-host calls', () => {
    expect(shouldAttachToken('/service/users', origin)).toBe(true);
    expect(shouldAttachToken(`${origin}/service/time`, origin)).toBe(true);
  });

  it('never goes on the sign-in call', () => {
    expect(shouldAttachToken('/service/sessions/user', origin)).toBe(false);
    expect(shouldAttachToken('/service/sessions/user?x=1', origin)).toBe(false);
  });

  it('never goes to another host or port', () => {
    expect(shouldAttachToken('http://elsewhere.example/service/users', origin)).toBe(false);
    expect(shouldAttachToken('http://recorder.local:9090/service/users', origin)).toBe(false);
    expect(shouldAttachToken('https://recorder.local:8080/service/users', origin)).toBe(false);
  });
});

describe('cache busting (spec 7: GET on service paths)', () => {
  it('adds the parameter to GET /service calls, keeping the query', () => {
    expect(withCacheBust('/service/users', 'GET', 42, origin)).toBe(`/service/users?${CACHE_BUST_PARAM}=42`);
    expect(withCacheBust('/service/version?all=true', 'get', 7, origin)).toBe(`/service/version?all=true&${CACHE_BUST_PARAM}=7`);
    expect(withCacheBust(`${origin}/service/time`, 'GET', 1, origin)).toBe(`${origin}/service/time?${CACHE_BUST_PARAM}=1`);
  });

  it('leaves other methods and other paths alone', () => {
    expect(withCacheBust('/service/users', 'POST', 42, origin)).toBe('/service/users');
    expect(withCacheBust('/ping', 'GET', 42, origin)).toBe('/ping');
    expect(withCacheBust('/assets/app.js', 'GET', 42, origin)).toBe('/assets/app.js');
    expect(withCacheBust('http://elsewhere.example/service/users', 'GET', 42, origin)).toBe('http://elsewhere.example/service/users');
  });
});

describe('withQuery', () => {
  it('adds defined values only', () => {
    expect(withQuery('/service/version', { all: true, skip: undefined })).toBe('/service/version?all=true');
    expect(withQuery('/a?b=1', { c: 2 })).toBe('/a?b=1&c=2');
    expect(withQuery('/a')).toBe('/a');
  });
});
