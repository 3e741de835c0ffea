/**
 * Reads what a JPEG shows, with real ffmpeg: its size (from the SOF header)
 * and the capture time burnt into its time strip (decoded to 8-bit gray by
 * ffmpeg, then read by the camera simulator's decodeTimeStrip).
 */
import { spawn } from 'node:child_process';
import { jpegSize as jpegSizeOrNull } from '../../../../server/shared/jpeg-size';
import { decodeTimeStrip } from '../../../../server/shared/time-strip';

/** Width and height from the JPEG's frame header; throws for anything else. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  const size = jpegSizeOrNull(jpeg);
  if (!size) throw new Error('not a JPEG with a frame header');
  return size;
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
