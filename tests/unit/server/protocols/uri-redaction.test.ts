import { describe, expect, it } from 'vitest';
import { redactText, redactUri } from '../../../../server/protocols/uri-redaction';

describe('URI redaction', () => {
  it('removes credentials and relay lease ids', () => {
    const uri = 'rtsp://ad%40min:p%3Aw%2Fd@10.0.0.5:554/live';
    expect(redactUri(uri)).toBe('rtsp://***@10.0.0.5:554/live');
    expect(redactText(`failed to open ${uri}: 401`)).toBe('failed to open rtsp://***@10.0.0.5:554/live: 401');
    expect(redactText('rtsp://127.0.0.1:4000/relay/AbC_-123/cam1/main: 401')).toBe('rtsp://127.0.0.1:4000/relay/***/cam1/main: 401');
  });
});
