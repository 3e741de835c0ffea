import { describe, expect, it } from 'vitest';
import { streamMediaNotice } from '../../../../../src/core/dewarp/stream-media-notice';

const primary = { id: 's1', href: '/service/streams/s1', rtsp: 'rtsp://x', status: { streamState: 'running' as const } };

describe('stream media notice', () => {
  it('none for a running recording stream', () => {
    expect(streamMediaNotice({ primaryStream: primary }, { recordingStyle: 'continuous', status: { streamState: 'running' } })).toBeNull();
  });

  it('no primary stream comes first', () => {
    expect(streamMediaNotice({ primaryStream: null }, { recordingStyle: 'proxy-only', status: { streamState: 'idle' } })).toBe('no-primary-stream');
  });

  it('proxy-only, then not running', () => {
    expect(streamMediaNotice({ primaryStream: primary }, { recordingStyle: 'proxy-only', status: { streamState: 'running' } })).toBe('proxy-only');
    for (const state of ['idle', 'starting', 'restarting', 'stopping', 'unknown', 'unable to retrieve'] as const) {
      expect(streamMediaNotice({ primaryStream: primary }, { recordingStyle: 'continuous-motion', status: { streamState: state } })).toBe('not-running');
    }
  });
});
