/**
 * Access units of an Annex-B stream delimited by their sizes, so each is
 * handed on the moment its last byte arrives.
 *
 * Why: in Annex-B a picture is known to be complete only when the next
 * one's first NAL arrives (h264.ts AnnexBParser), which holds every live
 * picture back by one frame interval: 40 ms at 25 fps, 100 ms at 10 fps.
 * ffmpeg can say where each packet ends: the same packets, through the
 * same bitstream filters, written by its `framecrc` muxer to another pipe
 * give one line per packet with its size in bytes (`framecrcPacketSize`).
 * Each size closes one access unit: its bytes go to the parser, which is
 * then flushed.
 *
 * Safety: the two outputs carry the same packets through the same
 * filters, so they agree; should they not, a size that does not land on a
 * start code shows it (the picture before it may have been cut). Then, and
 * when sizes stop coming while bytes pile up (MAX_UNSIZED_BYTES), this
 * falls back for good to the parser's own boundaries, one frame later but
 * never wrong, and says why once.
 *
 * Cost: one copy of each access unit's bytes when it arrived in pieces;
 * a short text line per packet.
 */
import type { AnnexBParser } from './h264';
import { LineSplitter } from './line-splitter';

/** Bytes without sizes beyond which the sizes are taken to have stopped (several large keyframes). */
export const MAX_UNSIZED_BYTES = 4 * 1024 * 1024;

/** The packet size of one `framecrc` line ('0, 0, 0, 512, 10646, 0xc2342753'), undefined for its header lines. */
export function framecrcPacketSize(line: string): number | undefined {
  if (line.startsWith('#')) return undefined;
  const size = Number(line.split(',')[4]);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

function startsWithStartCode(bytes: Uint8Array): boolean {
  return bytes[0] === 0 && bytes[1] === 0 && (bytes[2] === 1 || (bytes[2] === 0 && bytes[3] === 1));
}

export class SizedAccessUnits {
  private chunks: Uint8Array[] = [];
  private bytes = 0;
  private readonly sizes: number[] = [];
  private unsized = false;
  private readonly sizeLines = new LineSplitter((line) => {
    const size = framecrcPacketSize(line);
    if (size !== undefined) this.pushSize(size);
  });

  constructor(
    private readonly parser: AnnexBParser,
    private readonly onFallback: (why: string) => void = () => undefined,
  ) {}

  /** Whether it fell back to the parser's own boundaries. */
  get fellBack(): boolean {
    return this.unsized;
  }

  /** Bytes of the stream (stdout). */
  pushBytes(chunk: Uint8Array): void {
    if (this.unsized) {
      this.parser.push(chunk);
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    this.drain();
    if (this.bytes > MAX_UNSIZED_BYTES) this.fallBack(`no packet sizes for ${this.bytes} bytes`);
  }

  /** Text of the `framecrc` output (its pipe), as it arrives. */
  pushSizeText(chunk: string | Buffer): void {
    this.sizeLines.push(chunk);
  }

  /** The size of the next packet (one access unit). */
  pushSize(size: number): void {
    if (this.unsized) return;
    this.sizes.push(size);
    this.drain();
  }

  private drain(): void {
    while (!this.unsized && this.sizes.length > 0 && this.bytes >= this.sizes[0]!) {
      const unit = this.take(this.sizes.shift()!);
      if (!startsWithStartCode(unit)) {
        this.chunks.unshift(unit);
        this.bytes += unit.length;
        this.fallBack('a packet size did not land on a start code');
        return;
      }
      this.parser.push(unit);
      this.parser.flush();
    }
  }

  /** The first `size` bytes waiting, as one array (no copy when one chunk holds them). */
  private take(size: number): Uint8Array {
    this.bytes -= size;
    const first = this.chunks[0]!;
    if (first.length === size) return this.chunks.shift()!;
    if (first.length > size) {
      this.chunks[0] = first.subarray(size);
      return first.subarray(0, size);
    }
    const unit = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const chunk = this.chunks[0]!;
      const part = Math.min(chunk.length, size - filled);
      unit.set(chunk.subarray(0, part), filled);
      filled += part;
      if (part === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(part);
    }
    return unit;
  }

  private fallBack(why: string): void {
    this.unsized = true;
    this.sizes.length = 0;
    const waiting = this.chunks;
    this.chunks = [];
    this.bytes = 0;
    for (const chunk of waiting) this.parser.push(chunk);
    this.onFallback(why);
  }
}
