/** The client side of RTSP authentication (server/protocols/digest-client.ts), held against RFC 2617 and our own server side. */
import { describe, expect, it } from 'vitest';
import { authorizationFor, isStale, pickChallenge } from '../../../../server/protocols/digest-client';
import { createCredentialsAuth, parseAuthParams } from '../../../../server/protocols/http-auth';

describe('digest client', () => {
  it('computes the RFC 2617 example response', () => {
    const challenge = pickChallenge(['Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"'])!;
    const header = authorizationFor(challenge, { username: 'Mufasa', password: 'Circle Of Life' }, 'GET', '/dir/index.html', 1, '0a4f113b');
    const params = parseAuthParams(header.slice(7));
    expect(params.response).toBe('6629fae49393a05397450978507c4ef1');
    expect(params.nc).toBe('00000001');
    expect(params.opaque).toBe('5ccc069c403ebaf9f0171e9517f40e41');
  });

  it('prefers Digest to Basic, answers Basic only when that is all there is, and skips algorithms it cannot do', () => {
    expect(pickChallenge(['Basic realm="cam"', 'Digest realm="cam", nonce="n1"'])?.scheme).toBe('digest');
    expect(pickChallenge(['Digest realm="cam", nonce="n1", algorithm=SHA-256', 'Basic realm="cam"'])?.scheme).toBe('basic');
    expect(pickChallenge(['Bearer realm="x"'])).toBeUndefined();
    const basic = authorizationFor(pickChallenge(['Basic realm="cam"'])!, { username: 'a', password: 'b:c' }, 'DESCRIBE', 'rtsp://h/x', 1);
    expect(basic).toBe(`Basic ${Buffer.from('a:b:c').toString('base64')}`);
    expect(isStale(['Digest realm="cam", nonce="n2", stale=TRUE'])).toBe(true);
    expect(isStale(['Digest realm="cam", nonce="n2"'])).toBe(false);
  });

  it('is accepted by the server side the camera simulator runs, with and without qop, and not with a wrong password', () => {
    const server = createCredentialsAuth({ realm: 'cam', username: 'admin', password: 'pa"ss' });
    const challenge = pickChallenge(server.challenges())!;
    const uri = 'rtsp://127.0.0.1:554/cam0/main';
    expect(server.check('DESCRIBE', authorizationFor(challenge, { username: 'admin', password: 'pa"ss' }, 'DESCRIBE', uri, 1))).toBe(true);
    expect(challenge.scheme === 'digest' && challenge.qopAuth).toBe(true);
    const noQop = { ...challenge, qopAuth: false } as typeof challenge;
    expect(server.check('SETUP', authorizationFor(noQop, { username: 'admin', password: 'pa"ss' }, 'SETUP', uri, 2))).toBe(true);
    expect(server.check('DESCRIBE', authorizationFor(challenge, { username: 'admin', password: 'wrong' }, 'DESCRIBE', uri, 3))).toBe(false);
  });
});
