import { describe, expect, it } from 'vitest';
import { createMessage, readServerMessage } from '../../../../../src/media/webrtc/webrtc-messages';

describe('WebRTC signalling messages', () => {
  it('creates live playback with the 2000 ms wait threshold', () => {
    expect(createMessage('s1', 0, 1, 7)).toEqual({ type: 'create', streamId: 's1', time: 0, rate: 1, waitThres: 2000, messageId: 7 });
  });

  it('reads offers and candidates, and refuses malformed ones', () => {
    expect(readServerMessage('{"type":"offer","sdp":"v=0","messageId":1}')).toEqual({ kind: 'offer', sdp: 'v=0' });
    expect(readServerMessage('{"type":"offer","messageId":1}')).toMatchObject({ kind: 'failure', failure: { code: 'invalidOffer' } });
    expect(readServerMessage('{"type":"ice_candidate","candidate":{"candidate":"candidate:1"}}')).toMatchObject({ kind: 'candidate' });
    expect(readServerMessage('{"type":"ice_candidate","candidate":{}}')).toMatchObject({ failure: { code: 'invalidCandidate' } });
    expect(readServerMessage('not json')).toMatchObject({ failure: { code: 'unknown', recoverable: true } });
  });

  it('treats an incompatible stream as not recoverable and a forbidden one as not available', () => {
    expect(readServerMessage('{"type":"incompatible","reason":"no H.264"}')).toMatchObject({ failure: { code: 'unsupportedMediaFormat', recoverable: false } });
    expect(readServerMessage('{"type":"error","code":"forbidden","reason":"no live"}')).toMatchObject({ failure: { notAvailable: true, recoverable: false } });
    expect(readServerMessage('{"type":"error","code":"iceFailed","reason":"x"}')).toMatchObject({ failure: { code: 'iceFailed', recoverable: true } });
  });

  it('names the recorder’s refusals with the player’s codes, a permission refusal by what was asked', () => {
    expect(readServerMessage('{"type":"error","code":"forbidden","reason":"no live"}')).toMatchObject({ failure: { code: 'noLivePermission', message: 'no live' } });
    expect(readServerMessage('{"type":"error","code":"forbidden","reason":"no playback"}', false)).toMatchObject({ failure: { code: 'noPlaybackPermission' } });
    expect(readServerMessage('{"type":"error","code":"stream-not-found","reason":"x"}')).toMatchObject({ failure: { code: 'streamNotFound', notAvailable: true } });
    expect(readServerMessage('{"type":"error","code":"invalid-answer","reason":"x"}')).toMatchObject({ failure: { code: 'invalidAnswer', recoverable: true } });
    expect(readServerMessage('{"type":"error","code":"playFailure","reason":"x"}')).toMatchObject({ failure: { code: 'playFailure' } });
    expect(readServerMessage('{"type":"error","reason":"x"}')).toMatchObject({ failure: { code: 'unknown', message: 'x' } });
  });
});
