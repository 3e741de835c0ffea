/**
 * Reads what a JPEG shows, with real ffmpeg: its size (from the SOF header)
 * and the capture time burnt into its time strip (decoded to 8-bit gray by
 * ffmpeg, then read by the camera simulator's decodeTimeStrip).
 */
import { spawn } from 'node:child_process';
import { decodeTimeStrip } from '../../../../server/shared/time-strip';

/** Width and height from the first SOF marker of a JPEG. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  let pos = 2;
  while (pos + 9 < jpeg.length) {
    if (jpeg[pos] !== 0xff) throw new Error(`bad JPEG marker at ${pos}`);
    const marker = jpeg[pos + 1]!;
    const length = jpeg.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpeg.readUInt16BE(pos + 5), width: jpeg.readUInt16BE(pos + 7) };
    }
    pos += 2 + length;
  }
  throw new Error('JPEG without a frame header');
}

/** Decodes a JPEG to gray pixels with ffmpeg. */
export function jpegToGray(jpeg: Buffer): Promise<{ gray: Uint8Array; width: number; height: number }> {
  const { width, height } = jpegSize(jpeg);
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'mjpeg', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const gray = Buffer.concat(chunks);
      if (code !== 0 || gray.length < width * height) reject(new Error(`ffmpeg could not decode the JPEG (${code}): ${stderr}`));
      else resolve({ gray: new Uint8Array(gray.buffer, gray.byteOffset, width * height), width, height });
    });
    child.stdin.end(jpeg);
  });
}

/** The capture time (epoch ms) a JPEG of a simulated camera shows, or undefined without a readable strip. */
export async function jpegCaptureTime(jpeg: Buffer): Promise<number | undefined> {
  const { gray, width, height } = await jpegToGray(jpeg);
  return decodeTimeStrip(gray, width, height);
}

/** Decodes the first picture of Annex-B H.264 (keyframe first) to a JPEG with ffmpeg. */
export function firstPictureAsJpeg(annexB: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'h264', '-i', 'pipe:0', '-frames:v', '1', '-c:v', 'mjpeg', '-f', 'image2pipe', 'pipe:1']);
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on('error', () => undefined); // ffmpeg may stop reading once it has its picture
    child.on('error', reject);
    child.on('close', () => {
      const jpeg = Buffer.concat(chunks);
      if (jpeg.length === 0) reject(new Error(`no picture decoded: ${stderr}`));
      else resolve(jpeg);
    });
    child.stdin.end(annexB);
  });
}
