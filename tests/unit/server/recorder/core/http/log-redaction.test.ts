/** Which parts of a request URL the recorder's log keeps (core/http/log-redaction.ts). */
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../../../../server/recorder/core/http/log-redaction';

describe('redactUrl', () => {
  it('replaces the values of credential parameters, whatever their case or encoding, and keeps the rest', () => {
    expect(redactUrl('/service/streams/s1/frame?ticket=abc&width=320')).toBe('/service/streams/s1/frame?ticket=[redacted]&width=320');
    expect(redactUrl('/x?SID=a&Jwt=b&token=c&access_token=d&password=e')).toBe(
      '/x?SID=[redacted]&Jwt=[redacted]&token=[redacted]&access_token=[redacted]&password=[redacted]',
    );
    expect(redactUrl('/x?%74icket=abc')).toBe('/x?%74icket=[redacted]');
    expect(redactUrl('/x?from=1&to=2')).toBe('/x?from=1&to=2');
    expect(redactUrl('/x')).toBe('/x');
    expect(redactUrl('/x?ticket')).toBe('/x?ticket');
    expect(redactUrl('/x?%E0%A4%A=1&ticket=z')).toBe('/x?%E0%A4%A=1&ticket=[redacted]');
  });
});
