import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCredentialsAuth, parseAuthParams } from '../../../../server/protocols/http-auth';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** What a client (ffmpeg, the onvif library) sends back for a Digest challenge. */
function digestAnswer(challenge: string, method: string, uri: string, username: string, password: string, qop = true): string {
  const p = parseAuthParams(challenge.slice('Digest '.length));
  const ha1 = md5(`${username}:${p.realm}:${password}`);
  const ha2 = md5(`${method}:${uri}`);
  if (!qop) return `Digest username="${username}", realm="${p.realm}", nonce="${p.nonce}", uri="${uri}", response="${md5(`${ha1}:${p.nonce}:${ha2}`)}"`;
  const cnonce = 'abcdef01';
  const response = md5(`${ha1}:${p.nonce}:00000001:${cnonce}:auth:${ha2}`);
  return `Digest username="${username}",realm="${p.realm}",nonce="${p.nonce}",uri="${uri}",algorithm=MD5,qop=auth,nc=00000001,cnonce="${cnonce}",response="${response}"`;
}

describe('createCredentialsAuth', () => {
  let nowMs = 1_700_000_000_000;
  const auth = createCredentialsAuth({ realm: 'cam', username: 'admin', password: 'secret', nowMs: () => nowMs, nonceLifetimeMs: 60_000 });
  const digest = auth.challenges()[0]!;

  it('offers Digest then Basic', () => {
    expect(auth.challenges().map((c) => c.split(' ')[0])).toEqual(['Digest', 'Basic']);
    expect(digest).toContain('realm="cam"');
  });

  it('accepts correct Digest answers with and without qop', () => {
    expect(auth.check('DESCRIBE', digestAnswer(digest, 'DESCRIBE', 'rtsp://h/cam1/main', 'admin', 'secret'))).toBe(true);
    expect(auth.check('DESCRIBE', digestAnswer(digest, 'DESCRIBE', 'rtsp://h/cam1/main', 'admin', 'secret', false))).toBe(true);
  });

  it('refuses a wrong password, user, method or a forged nonce', () => {
    expect(auth.check('DESCRIBE', digestAnswer(digest, 'DESCRIBE', 'rtsp://h/x', 'admin', 'nope'))).toBe(false);
    expect(auth.check('DESCRIBE', digestAnswer(digest, 'DESCRIBE', 'rtsp://h/x', 'root', 'secret'))).toBe(false);
    expect(auth.check('PLAY', digestAnswer(digest, 'DESCRIBE', 'rtsp://h/x', 'admin', 'secret'))).toBe(false);
    const forged = digest.replace(/nonce="[0-9a-f]+/, 'nonce="18bcfe56800' + '0'.repeat(32));
    expect(auth.check('DESCRIBE', digestAnswer(forged, 'DESCRIBE', 'rtsp://h/x', 'admin', 'secret'))).toBe(false);
  });

  it('refuses an expired nonce', () => {
    const answer = digestAnswer(digest, 'DESCRIBE', 'rtsp://h/x', 'admin', 'secret');
    nowMs += 61_000;
    expect(auth.check('DESCRIBE', answer)).toBe(false);
    nowMs -= 61_000;
  });

  it('checks Basic credentials and can disable Basic', () => {
    const basic = (user: string, pass: string): string => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    expect(auth.check('GET', basic('admin', 'secret'))).toBe(true);
    expect(auth.check('GET', basic('admin', 'secreT'))).toBe(false);
    expect(auth.check('GET', undefined)).toBe(false);
    const digestOnly = createCredentialsAuth({ realm: 'r', username: 'admin', password: 'secret', allowBasic: false });
    expect(digestOnly.check('GET', basic('admin', 'secret'))).toBe(false);
    expect(digestOnly.challenges()).toHaveLength(1);
  });
});
