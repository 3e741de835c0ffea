/**
 * ffprobe for checking a Generic RTSP camera at registration (codec and
 * picture size, with a clear reason when it cannot be read). Segment files
 * are probed by archive/segment-probe.ts.
 *
 * Cost: one short-lived process per check.
 */
import { FFPROBE_PATH, runToCompletion } from '../../processes';
import { redactText } from '../../protocols/uri-redaction';

export const RTSP_PROBE_TIMEOUT_MS = 12_000;

export type RtspProbeErrorKind = 'unauthorized' | 'unreachable' | 'not-found' | 'timeout' | 'unsupported' | 'failed';

export class RtspProbeError extends Error {
  constructor(
    readonly kind: RtspProbeErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface RtspProbe {
  codec: string;
  width: number;
  height: number;
  frameRate: number | undefined;
}

/** Maps ffprobe's stderr onto a reason a person can act on. */
export function classifyProbeFailure(stderr: string, timedOut: boolean): RtspProbeError {
  if (timedOut) return new RtspProbeError('timeout', 'The camera did not answer in time.');
  if (/401 Unauthorized|Unauthorized|authorization failed/i.test(stderr)) {
    return new RtspProbeError('unauthorized', 'The camera refused the username or password.');
  }
  if (/Connection refused|No route to host|Network is unreachable|Cannot assign requested address|Name or service not known|Temporary failure in name resolution|Connection timed out/i.test(stderr)) {
    return new RtspProbeError('unreachable', 'The camera could not be reached.');
  }
  if (/404 Not Found|454 Session Not Found|method DESCRIBE failed/i.test(stderr)) {
    return new RtspProbeError('not-found', 'The camera has no stream at this address.');
  }
  if (/timed out|timeout/i.test(stderr)) return new RtspProbeError('timeout', 'The camera did not answer in time.');
  const last = redactText(stderr.trim().split('\n').at(-1) ?? '').slice(0, 200);
  return new RtspProbeError('failed', last ? `The stream could not be read: ${last}` : 'The stream could not be read.');
}

function parseRate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const [num, den] = text.split('/').map(Number);
  if (!num || !den) return undefined;
  const rate = num / den;
  return Number.isFinite(rate) && rate > 0 && rate < 1000 ? Math.round(rate * 100) / 100 : undefined;
}

/**
 * Reads the first video stream of an RTSP URI; throws RtspProbeError. The
 * URI carries no credentials: a camera that needs them is reached through
 * the credential relay, whose lease `onSpawn` binds to ffprobe's pid.
 */
export async function probeRtsp(uri: string, timeoutMs = RTSP_PROBE_TIMEOUT_MS, onSpawn?: (pid: number) => void): Promise<RtspProbe> {
  const args = [
    '-v',
    'error',
    '-rtsp_transport',
    'tcp',
    '-timeout',
    String(Math.max(1, Math.floor(timeoutMs * 0.8)) * 1000),
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,avg_frame_rate,r_frame_rate',
    '-of',
    'json',
    uri,
  ];
  const result = await runToCompletion({ name: 'camera probe', command: FFPROBE_PATH, args, timeoutMs, onSpawn });
  if (result.code !== 0 || result.timedOut) throw classifyProbeFailure(result.stderr, result.timedOut);
  let parsed: { streams?: Array<Record<string, unknown>> };
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    throw new RtspProbeError('failed', 'The stream could not be read.');
  }
  const stream = parsed.streams?.[0];
  if (!stream) throw new RtspProbeError('unsupported', 'The stream has no video.');
  const codec = String(stream.codec_name ?? '');
  if (codec !== 'h264') throw new RtspProbeError('unsupported', `The stream is ${codec || 'of an unknown codec'}; only H.264 is supported.`);
  return {
    codec,
    width: Number(stream.width) || 0,
    height: Number(stream.height) || 0,
    frameRate: parseRate(stream.avg_frame_rate) ?? parseRate(stream.r_frame_rate),
  };
}
