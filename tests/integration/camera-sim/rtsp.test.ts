import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { decodeTimeStrip } from '../../../server/shared/time-strip';
import type { AccessUnit } from '../../../server/protocols/h264';
import { parseSenderReport } from '../../../server/protocols/rtcp';
import { H264Depacketizer, type DepacketizedAccessUnit } from '../../../server/protocols/rtp-h264';
import { BEEP_MS } from '../../../server/camera-sim/beep-tone';
import { decodeMulaw } from '../../../server/protocols/g711';
import { parseRtpPacket } from '../../../server/protocols/rtp-h264';
import { describeRtsp, RtspDescribeError } from '../../../server/protocols/rtsp-describe';
import { freePort } from '../helpers/free-port';
import { call, connectOnvif, ffprobeStreams, ffprobeVideo, grabGray, run, startSim, withCredentials } from './helpers';

let sim: CameraSim;

beforeAll(async () => {
  sim = await startSim({ count: 2 });
});

afterAll(async () => {
  await sim?.stop();
});

/** A minimal RTSP client over one TCP connection: requests, responses and interleaved frames. */
class RawRtsp {
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  readonly interleaved: Array<{ channel: number; payload: Buffer }> = [];
  private cseq = 0;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.drainInterleaved();
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  }

  static open(url: string): Promise<RawRtsp> {
    const u = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(u.port), u.hostname, () => resolve(new RawRtsp(socket)));
      socket.once('error', reject);
    });
  }

  private drainInterleaved(): void {
    while (this.buffer[0] === 0x24 && this.buffer.length >= 4) {
      const size = this.buffer.readUInt16BE(2);
      if (this.buffer.length < 4 + size) return;
      this.interleaved.push({ channel: this.buffer[1]!, payload: this.buffer.subarray(4, 4 + size) });
      this.buffer = this.buffer.subarray(4 + size);
    }
  }

  async request(method: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string[]>; body: string }> {
    const lines = [`${method} ${url} RTSP/1.0`, `CSeq: ${++this.cseq}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    this.socket.write(lines.join('\r\n') + '\r\n\r\n');
    for (;;) {
      this.drainInterleaved();
      const end = this.buffer[0] !== 0x24 ? this.buffer.indexOf('\r\n\r\n') : -1;
      if (end >= 0) {
        const head = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
        const parsed: Record<string, string[]> = {};
        for (const line of head.slice(1)) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon).trim().toLowerCase();
          (parsed[name] ??= []).push(line.slice(colon + 1).trim());
        }
        const length = Number(parsed['content-length']?.[0] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString();
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(head[0]!.split(' ')[1]), headers: parsed, body };
        }
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

const basic = (user: string, pass: string): string => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

describe('camera simulator RTSP', () => {
  it('serves main 1280x720 and sub 640x360 H.264 to ffprobe over TCP and UDP', async () => {
    for (const camera of sim.cameras) {
      for (const transport of ['tcp', 'udp'] as const) {
        const main = await ffprobeVideo(withCredentials(camera.rtspUrls.main, camera.username, camera.password), transport);
        const sub = await ffprobeVideo(withCredentials(camera.rtspUrls.sub, camera.username, camera.password), transport);
        expect(main).toEqual({ codec_name: 'h264', width: 1280, height: 720 });
        expect(sub).toEqual({ codec_name: 'h264', width: 640, height: 360 });
      }
    }
  });

  it('refuses ffmpeg with a wrong password', async () => {
    const camera = sim.cameras[0]!;
    const result = await run('ffprobe', ['-v', 'error', '-rtsp_transport', 'tcp', withCredentials(camera.rtspUrls.main, camera.username, 'wrong')]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/401/);
  });

  it('challenges with Digest and Basic, accepts Basic, answers 404 for unknown paths', async () => {
    const camera = sim.cameras[1]!;
    const client = await RawRtsp.open(camera.rtspUrls.main);
    try {
      const options = await client.request('OPTIONS', camera.rtspUrls.main);
      expect(options.status).toBe(200);
      expect(options.headers['public']?.[0]).toContain('GET_PARAMETER');
      const anonymous = await client.request('DESCRIBE', camera.rtspUrls.main, { Accept: 'application/sdp' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers['www-authenticate']?.map((v) => v.split(' ')[0])).toEqual(['Digest', 'Basic']);
      expect((await client.request('DESCRIBE', camera.rtspUrls.main, { Authorization: basic(camera.username, 'nope') })).status).toBe(401);
      const described = await client.request('DESCRIBE', camera.rtspUrls.main, { Authorization: basic(camera.username, camera.password) });
      expect(described.status).toBe(200);
      expect(described.headers['content-type']?.[0]).toBe('application/sdp');
      expect(described.body).toMatch(/a=fmtp:96 packetization-mode=1;profile-level-id=[0-9a-f]{6};sprop-parameter-sets=/);
      const other = camera.rtspUrls.main.replace('/cam2/main', '/cam9/main');
      expect((await client.request('DESCRIBE', other, { Authorization: basic(camera.username, camera.password) })).status).toBe(404);
    } finally {
      client.close();
    }
  });

  it('streams RTP whose timestamps and sender reports give each frame its capture time', async () => {
    const camera = sim.cameras[0]!;
    const captured = new Set<number>();
    const unsubscribe = camera.sources.main.subscribe((au) => captured.add(au.timeMs));
    const auth = { Authorization: basic(camera.username, camera.password) };
    const client = await RawRtsp.open(camera.rtspUrls.main);
    try {
      const described = await client.request('DESCRIBE', camera.rtspUrls.main, auth);
      const control = /a=control:(rtsp:\S+)/.exec(described.body)![1]!;
      const setup = await client.request('SETUP', control, { ...auth, Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1' });
      expect(setup.status).toBe(200);
      expect(setup.headers['transport']?.[0]).toMatch(/^RTP\/AVP\/TCP;unicast;interleaved=0-1;ssrc=[0-9A-F]{8}$/);
      const session = setup.headers['session']![0]!.split(';')[0]!;
      expect(setup.headers['session']![0]).toMatch(/timeout=60/);
      const play = await client.request('PLAY', camera.rtspUrls.main, { ...auth, Session: session });
      expect(play.status).toBe(200);
      expect(play.headers['rtp-info']?.[0]).toMatch(/seq=\d+;rtptime=\d+/);

      const received: DepacketizedAccessUnit[] = [];
      const depacketizer = new H264Depacketizer((au) => received.push(au));
      let processed = 0;
      await client.waitFor(() => {
        for (; processed < client.interleaved.length; processed++) {
          const frame = client.interleaved[processed]!;
          if (frame.channel === 0) depacketizer.push(frame.payload);
        }
        return received.length >= 40 && client.interleaved.some((f) => f.channel === 1);
      });
      expect((await client.request('GET_PARAMETER', camera.rtspUrls.main, { ...auth, Session: session })).status).toBe(200);

      const report = parseSenderReport(client.interleaved.find((f) => f.channel === 1)!.payload)!;
      expect(received[0]!.keyframe).toBe(true); // the cached GOP comes first
      for (const au of received) {
        const wallMs = report.ntpTimeMs + ((au.rtpTimestamp - report.rtpTimestamp) | 0) / 90;
        const nearest = [...captured].reduce((best, t) => (Math.abs(t - wallMs) < Math.abs(best - wallMs) ? t : best), Infinity);
        expect(Math.abs(nearest - wallMs)).toBeLessThanOrEqual(2);
      }
      expect((await client.request('TEARDOWN', camera.rtspUrls.main, { ...auth, Session: session })).status).toBe(200);
      expect((await client.request('PLAY', camera.rtspUrls.main, { ...auth, Session: session })).status).toBe(454);
    } finally {
      unsubscribe();
      client.close();
    }
  });

  it('stamps every frame: a frame grabbed from RTSP shows a time within 2 s of now', async () => {
    const camera = sim.cameras[1]!;
    for (const [url, transport] of [[camera.rtspUrls.sub, 'tcp'], [camera.rtspUrls.main, 'udp']] as const) {
      const before = Date.now();
      const gray = await grabGray(withCredentials(url, camera.username, camera.password), transport, 320, 180);
      const stamp = decodeTimeStrip(gray, 320, 180);
      expect(stamp).toBeDefined();
      // The first frame decoded may be the start of the cached GOP, up to 1 s old.
      expect(stamp!).toBeGreaterThan(before - 2000);
      expect(stamp!).toBeLessThanOrEqual(Date.now());
    }
  });

  it('gives each access unit exactly the time printed in its picture', async () => {
    for (const [source, width, height] of [[sim.cameras[0]!.sources.main, 1280, 720], [sim.cameras[0]!.sources.sub, 640, 360]] as const) {
      const gop: AccessUnit[] = [];
      // Collect a full GOP: from one keyframe to the frame before the next.
      await new Promise<void>((resolve) => {
        const unsubscribe = source.subscribe((au) => {
          if (au.keyframe && gop.length > 0 && gop[0]!.timeMs < au.timeMs && gop.length >= 10) {
            unsubscribe();
            resolve();
            return;
          }
          if (au.keyframe && gop.length > 0 && !gop[0]!.keyframe) gop.length = 0;
          gop.push(au);
        });
      });
      const annexB = Buffer.concat(gop.flatMap((au) => au.nalus.flatMap((n) => [Buffer.from([0, 0, 0, 1]), Buffer.from(n)])));
      const decoded = await run('ffmpeg', ['-v', 'error', '-f', 'h264', '-i', 'pipe:0', '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], 20_000, annexB);
      const frameBytes = width * height;
      expect(decoded.stdout.length / frameBytes).toBe(gop.length);
      gop.forEach((au, i) => {
        expect(decodeTimeStrip(decoded.stdout.subarray(i * frameBytes, (i + 1) * frameBytes), width, height)).toBe(au.timeMs);
      });
    }
  });
});

describe('camera simulator sound', () => {
  it('ffprobe finds H.264 and G.711 µ-law 8 kHz mono on main and sub, over TCP and UDP', async () => {
    const camera = sim.cameras[0]!;
    for (const url of [camera.rtspUrls.main, camera.rtspUrls.sub]) {
      for (const transport of ['tcp', 'udp'] as const) {
        const streams = await ffprobeStreams(withCredentials(url, camera.username, camera.password), transport);
        expect(streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
          ['video', 'h264'],
          ['audio', 'pcm_mulaw'],
        ]);
        expect(streams[1]).toMatchObject({ sample_rate: '8000', channels: 1 });
      }
    }
  });

  it('ffmpeg receives the sound over TCP and UDP: 20 ms packets of 160 samples', async () => {
    const camera = sim.cameras[1]!;
    for (const transport of ['tcp', 'udp'] as const) {
      const url = withCredentials(camera.rtspUrls.main, camera.username, camera.password);
      // 100 packets: two seconds of 8 kHz µ-law, one byte a sample.
      const result = await run('ffmpeg', ['-v', 'error', '-rtsp_transport', transport, '-i', url, '-map', '0:a:0', '-c', 'copy', '-frames:a', '100', '-f', 'mulaw', 'pipe:1']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.length).toBe(100 * 160);
      // The beep is in it: some samples are loud, most are silence.
      const samples = decodeMulaw(result.stdout);
      const loud = samples.filter((v) => Math.abs(v) > 2000).length;
      expect(loud).toBeGreaterThan(0);
      expect(loud).toBeLessThan(samples.length / 5);
    }
  });

  it('sets up video and audio under one session; PLAY starts both; the beeps fall on whole seconds of the wall clock', async () => {
    const camera = sim.cameras[0]!;
    const auth = { Authorization: basic(camera.username, camera.password) };
    const client = await RawRtsp.open(camera.rtspUrls.main);
    try {
      const described = await client.request('DESCRIBE', camera.rtspUrls.main, auth);
      expect(described.body).toContain('m=audio 0 RTP/AVP 0');
      expect(described.body).toContain('a=rtpmap:0 PCMU/8000');
      const controls = [...described.body.matchAll(/a=control:(rtsp:\S+)/g)].map((m) => m[1]!);
      expect(controls).toEqual([`${camera.rtspUrls.main}/trackID=0`, `${camera.rtspUrls.main}/trackID=1`]);
      const video = await client.request('SETUP', controls[0]!, { ...auth, Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1' });
      const session = video.headers['session']![0]!.split(';')[0]!;
      const audio = await client.request('SETUP', controls[1]!, { ...auth, Session: session, Transport: 'RTP/AVP/TCP;unicast;interleaved=2-3' });
      expect(audio.status).toBe(200);
      expect(audio.headers['session']![0]!.split(';')[0]).toBe(session);
      expect(audio.headers['transport']?.[0]).toMatch(/^RTP\/AVP\/TCP;unicast;interleaved=2-3;ssrc=[0-9A-F]{8}$/);
      const play = await client.request('PLAY', camera.rtspUrls.main, { ...auth, Session: session });
      expect(play.status).toBe(200);
      const rtpInfo = play.headers['rtp-info']![0]!.split(',');
      expect(rtpInfo.map((entry) => entry.split(';')[0])).toEqual([`url=${controls[0]}`, `url=${controls[1]}`]);

      // Two and a half seconds of sound: at least two beeps.
      await client.waitFor(() => client.interleaved.filter((f) => f.channel === 2).length >= 125 && client.interleaved.some((f) => f.channel === 3));
      expect(client.interleaved.some((f) => f.channel === 0)).toBe(true);
      const report = parseSenderReport(client.interleaved.find((f) => f.channel === 3)!.payload)!;
      const packets = client.interleaved.filter((f) => f.channel === 2).map((f) => parseRtpPacket(f.payload)!);
      expect(packets.every((p) => p.payloadType === 0 && p.payload.length === 160 && p.ssrc === report.ssrc)).toBe(true);
      const steps = packets.slice(1).map((p, i) => [(p.sequence - packets[i]!.sequence) & 0xffff, (p.timestamp - packets[i]!.timestamp) >>> 0]);
      // Consecutive packets, 160 samples apart (more after a frame the simulator skipped when it fell behind).
      expect(steps.filter(([sequence, ticks]) => sequence !== 1 || ticks! % 160 !== 0 || ticks === 0)).toEqual([]);
      const loudAt: number[] = [];
      for (const packet of packets) {
        const startMs = report.ntpTimeMs + ((packet.timestamp - report.rtpTimestamp) | 0) / 8;
        decodeMulaw(packet.payload).forEach((v, i) => {
          if (Math.abs(v) > 2000) loudAt.push(startMs + i / 8);
        });
      }
      expect(loudAt.length).toBeGreaterThan(0);
      const offsets = loudAt.map((t) => ((t % 1000) + 1000) % 1000);
      // Loud samples only in the beep's first BEEP_MS of a second (a millisecond of rounding either side).
      expect(offsets.filter((o) => o > BEEP_MS + 1 && o < 999)).toEqual([]);
      expect(new Set(loudAt.map((t) => Math.floor((t + 1) / 1000))).size).toBeGreaterThanOrEqual(2);

      expect((await client.request('TEARDOWN', camera.rtspUrls.main, { ...auth, Session: session })).status).toBe(200);
      const count = client.interleaved.length;
      await new Promise((r) => setTimeout(r, 200));
      expect(client.interleaved.slice(count).filter((f) => f.channel === 2)).toEqual([]);
    } finally {
      client.close();
    }
  });

  it('tells a one-request DESCRIBE client its tracks, answering the Digest challenge', async () => {
    const camera = sim.cameras[1]!;
    const credentials = { username: camera.username, password: camera.password };
    const sdp = await describeRtsp(camera.rtspUrls.sub, { credentials });
    expect(sdp).toContain('m=video 0 RTP/AVP 96');
    expect(sdp).toContain('m=audio 0 RTP/AVP 0');
    await expect(describeRtsp(camera.rtspUrls.sub, { credentials: { ...credentials, password: 'wrong' } })).rejects.toMatchObject({ status: 401 });
    await expect(describeRtsp(camera.rtspUrls.sub)).rejects.toMatchObject({ status: 401 });
    await expect(describeRtsp(camera.rtspUrls.sub.replace('/sub', '/nope'), { credentials })).rejects.toMatchObject({ status: 404, unreachable: false });
  });

  it('says a DESCRIBE was unreachable only when no connection was made: refused, or not accepted in time', async () => {
    const nobody = `rtsp://127.0.0.1:${await freePort()}/media`;
    const refused = await describeRtsp(nobody).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RtspDescribeError);
    expect(refused).toMatchObject({ unreachable: true, message: expect.stringMatching(/ECONNREFUSED/) });
    // A listener that accepts and never answers is reachable: the time-out is the camera's, not the network's.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      await expect(describeRtsp(`rtsp://127.0.0.1:${port}/media`, { timeoutMs: 300 })).rejects.toMatchObject({ message: 'timed out', unreachable: false });
    } finally {
      silent.close();
    }
  });

  it('describes G.711 audio in the ONVIF profiles', async () => {
    const cam = await connectOnvif(sim.cameras[0]!);
    const profiles = await call<Array<{ audioEncoderConfiguration?: { encoding: string; sampleRate: number; bitrate: number }; audioSourceConfiguration?: { sourceToken: string } }>>(cam, 'getProfiles');
    expect(profiles.map((p) => p.audioEncoderConfiguration && [p.audioEncoderConfiguration.encoding, p.audioEncoderConfiguration.sampleRate, p.audioEncoderConfiguration.bitrate])).toEqual([
      ['G711', 8, 64],
      ['G711', 8, 64],
    ]);
    expect(profiles.every((p) => p.audioSourceConfiguration?.sourceToken === 'audio_src_0')).toBe(true);
    expect((await call<unknown[]>(cam, 'getAudioSources')).length).toBe(1);
    const options = await call<{ options: { encoding: string } }>(cam, 'getAudioEncoderConfigurationOptions', 'aec_0');
    expect(JSON.stringify(options)).toContain('G711');
  });

  it('a camera without sound serves and describes video only', async () => {
    const silent = await startSim({ count: 1, audio: false });
    try {
      const camera = silent.cameras[0]!;
      expect(camera.sources.audio).toBeUndefined();
      const streams = await ffprobeStreams(withCredentials(camera.rtspUrls.main, camera.username, camera.password), 'tcp');
      expect(streams.map((s) => s.codec_name)).toEqual(['h264']);
      const auth = { Authorization: basic(camera.username, camera.password) };
      const client = await RawRtsp.open(camera.rtspUrls.main);
      try {
        const described = await client.request('DESCRIBE', camera.rtspUrls.main, auth);
        expect(described.body).not.toContain('m=audio');
        const refused = await client.request('SETUP', `${camera.rtspUrls.main}/trackID=1`, { ...auth, Transport: 'RTP/AVP/TCP;unicast;interleaved=2-3' });
        expect(refused.status).toBe(404);
      } finally {
        client.close();
      }
      const cam = await connectOnvif(camera);
      const profiles = await call<Array<{ audioEncoderConfiguration?: unknown }>>(cam, 'getProfiles');
      expect(profiles.map((p) => p.audioEncoderConfiguration)).toEqual([undefined, undefined]);
    } finally {
      await silent.stop();
    }
  });
});
