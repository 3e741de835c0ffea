/**
 * Cuts a byte stream of concatenated JPEG images (ffmpeg `-f image2pipe -c:v
 * mjpeg`) into whole images. It walks the marker segments by their lengths
 * up to start-of-scan, then scans the entropy-coded data for end-of-image
 * (inside it 0xFF is always followed by 0x00 or a restart marker), so a byte
 * pair FF D9 inside a header or thumbnail never cuts an image short. Pure;
 * linear in the bytes; keeps at most one partial image buffered.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** An image larger than this is taken as a broken stream and dropped. */
export const MAX_JPEG_BYTES = 16 * 1024 * 1024;

type Phase = 'seek-soi' | 'segments' | 'scan';

export class JpegSplitter {
  private buffer: Buffer = Buffer.alloc(0);
  /** Where parsing resumes inside buffer. */
  private pos = 0;
  private phase: Phase = 'seek-soi';

  /** Feeds bytes; answers the images completed by them, oldest first. */
  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const images: Buffer[] = [];
    for (;;) {
      const image = this.step();
      if (image === undefined) break;
      images.push(image);
    }
    if (this.buffer.length > MAX_JPEG_BYTES) this.reset();
    return images;
  }

  private reset(): void {
    this.buffer = Buffer.alloc(0);
    this.pos = 0;
    this.phase = 'seek-soi';
  }

  /** Advances as far as the buffer allows; answers an image when one ends. */
  private step(): Buffer | undefined {
    const b = this.buffer;
    for (;;) {
      if (this.phase === 'seek-soi') {
        const start = b.indexOf(Buffer.from([0xff, SOI]), 0);
        if (start < 0) {
          // Keep a trailing 0xFF: it may be the first half of the next SOI.
          this.buffer = b.length > 0 && b[b.length - 1] === 0xff ? b.subarray(b.length - 1) : Buffer.alloc(0);
          this.pos = 0;
          return undefined;
        }
        this.buffer = b.subarray(start);
        this.pos = 2;
        this.phase = 'segments';
        return this.step();
      }
      if (this.phase === 'segments') {
        if (this.pos + 4 > b.length) return undefined;
        if (b[this.pos] !== 0xff) {
          // Not a marker where one must be: resynchronise on the next SOI.
          this.buffer = b.subarray(1);
          this.phase = 'seek-soi';
          return this.step();
        }
        const marker = b[this.pos + 1]!;
        if (marker === 0xff) {
          this.pos += 1; // fill byte
          continue;
        }
        if (marker === EOI) return this.take(this.pos + 2);
        const length = b.readUInt16BE(this.pos + 2);
        if (this.pos + 2 + length > b.length) return undefined;
        this.pos += 2 + length;
        if (marker === SOS) this.phase = 'scan';
        continue;
      }
      // scan: entropy-coded data until a marker that is neither stuffing nor restart.
      while (this.pos + 1 < b.length) {
        if (b[this.pos] !== 0xff) {
          this.pos++;
          continue;
        }
        const next = b[this.pos + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          this.pos += next === 0xff ? 1 : 2;
          continue;
        }
        if (next === EOI) return this.take(this.pos + 2);
        // Another marker (progressive JPEGs have several scans): back to segments.
        this.phase = 'segments';
        break;
      }
      if (this.phase === 'scan') return undefined;
    }
  }

  private take(end: number): Buffer {
    const image = Buffer.from(this.buffer.subarray(0, end));
    this.buffer = this.buffer.subarray(end);
    this.pos = 0;
    this.phase = 'seek-soi';
    return image;
  }
}
