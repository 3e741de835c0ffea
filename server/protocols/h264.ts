/**
 * H.264 Annex-B parsing: splits a byte stream (as ffmpeg writes it with
 * `-f h264`) into NAL units and groups them into access units (one picture
 * each), and reads the picture size and profile from an SPS.
 *
 * Why: the camera simulator reads its encoders' stdout with this, and the
 * recorder reuses it for its live hub; both need whole pictures, keyframe
 * flags and the codec parameters for SDP and WebRTC.
 *
 * Cost: one linear scan per byte pushed (start-code search), no copies of
 * NAL payloads beyond one slice per NAL at emission.
 *
 * Limits: an access unit is known to be complete only when the next one
 * starts (its first NAL header has arrived), so delivery lags the encoder by
 * one frame (40 ms at 25 fps); call `flush()` at end of stream, or at the
 * end of each access unit when its size is known (sized-access-units.ts). Boundaries follow ITU-T H.264 7.4.1.2.3 for
 * the NAL types cameras send (AUD, SEI, SPS, PPS, slices with
 * first_mb_in_slice); slice-data partitioning and MVC are not handled.
 */

export interface AccessUnit {
  /** NAL units without start codes, in stream order. */
  nalus: Uint8Array[];
  /** True when the access unit holds an IDR slice. */
  keyframe: boolean;
  /** capture time, epoch ms */
  timeMs: number;
}

export const NAL_SLICE = 1;
export const NAL_IDR = 5;
export const NAL_SEI = 6;
export const NAL_SPS = 7;
export const NAL_PPS = 8;
export const NAL_AUD = 9;

export function nalType(nalu: Uint8Array): number {
  return (nalu[0] ?? 0) & 0x1f;
}

function isVcl(type: number): boolean {
  return type >= 1 && type <= 5;
}

/** NAL types that, after a picture's slices, open the next access unit. */
function startsNewAccessUnit(type: number): boolean {
  return type === NAL_AUD || type === NAL_SEI || type === NAL_SPS || type === NAL_PPS || (type >= 14 && type <= 18);
}

/** first_mb_in_slice is ue(v); it is 0 exactly when the first bit after the header is 1. */
function isFirstSliceOfPicture(nalu: Uint8Array): boolean {
  return ((nalu[1] ?? 0) & 0x80) !== 0;
}

export class AnnexBParser {
  private buffer = new Uint8Array(0);
  /** Offset of the first byte after the current NAL's start code, or -1 before the first start code. */
  private nalStart = -1;
  /** Whether the current NAL's header was checked for an access-unit boundary. */
  private headerChecked = false;
  /** Where the start-code search resumes (bytes before it were already scanned). */
  private scanFrom = 0;
  private current: Uint8Array[] = [];
  private currentHasVcl = false;
  private currentKeyframe = false;

  constructor(private readonly onAccessUnit: (au: Omit<AccessUnit, 'timeMs'>) => void) {}

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const merged = new Uint8Array(this.buffer.length + chunk.length);
    merged.set(this.buffer, 0);
    merged.set(chunk, this.buffer.length);
    this.buffer = merged;

    const buf = this.buffer;
    let i = Math.max(this.scanFrom, 0);
    while (i + 2 < buf.length) {
      // Fast skip: a start code needs buf[i+2] === 1 with two zeros before it.
      if (buf[i + 2]! > 1) {
        i += 3;
        continue;
      }
      if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 2] === 1) {
        if (this.nalStart >= 0) {
          this.checkHeader(buf);
          let end = i;
          // trailing_zero_8bits (and the leading zero of a 4-byte start code) belong to no NAL.
          while (end > this.nalStart && buf[end - 1] === 0) end--;
          if (end > this.nalStart) this.append(buf.slice(this.nalStart, end));
        }
        this.nalStart = i + 3;
        this.headerChecked = false;
        i += 3;
      } else {
        i++;
      }
    }
    // A picture is known to be complete as soon as the next one's first NAL header is here.
    if (this.nalStart >= 0) this.checkHeader(buf);
    // Keep only the unfinished NAL (or, before any start code, the last two bytes).
    const keepFrom = this.nalStart >= 0 ? this.nalStart : Math.max(0, buf.length - 2);
    this.buffer = buf.slice(keepFrom);
    this.scanFrom = Math.max(0, i - keepFrom);
    if (this.nalStart >= 0) this.nalStart = 0;
  }

  /** End of stream: the pending NAL and access unit are complete. */
  flush(): void {
    if (this.nalStart >= 0) {
      this.checkHeader(this.buffer);
      let end = this.buffer.length;
      while (end > this.nalStart && this.buffer[end - 1] === 0) end--;
      if (end > this.nalStart) this.append(this.buffer.slice(this.nalStart, end));
    }
    this.buffer = new Uint8Array(0);
    this.nalStart = -1;
    this.scanFrom = 0;
    this.emit();
  }

  /** Emits the current access unit if the NAL starting at nalStart opens a new one (needs its first two bytes). */
  private checkHeader(buf: Uint8Array): void {
    if (this.headerChecked || buf.length < this.nalStart + 2) return;
    this.headerChecked = true;
    const header = buf.subarray(this.nalStart, this.nalStart + 2);
    const type = nalType(header);
    const opensPicture = startsNewAccessUnit(type) || (isVcl(type) && isFirstSliceOfPicture(header));
    if ((this.currentHasVcl && opensPicture) || (type === NAL_AUD && this.current.length > 0)) this.emit();
  }

  private append(nalu: Uint8Array): void {
    const type = nalType(nalu);
    this.current.push(nalu);
    if (isVcl(type)) this.currentHasVcl = true;
    if (type === NAL_IDR) this.currentKeyframe = true;
  }

  private emit(): void {
    if (this.current.length === 0) return;
    if (this.currentHasVcl) this.onAccessUnit({ nalus: this.current, keyframe: this.currentKeyframe });
    this.current = [];
    this.currentHasVcl = false;
    this.currentKeyframe = false;
  }
}

/** Splits a complete Annex-B buffer into NAL units (for tests and one-shot uses). */
export function splitAnnexB(data: Uint8Array): Uint8Array[] {
  const nalus: Uint8Array[] = [];
  let start = -1;
  const close = (end: number): void => {
    while (end > start && data[end - 1] === 0) end--;
    if (start >= 0 && end > start) nalus.push(data.slice(start, end));
  };
  for (let i = 0; i + 2 < data.length; i++) {
    if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) {
      close(i);
      start = i + 3;
      i += 2;
    }
  }
  close(data.length);
  return nalus;
}

/** Exp-Golomb bit reader over an RBSP (emulation prevention bytes removed). */
class BitReader {
  private bitPos = 0;
  constructor(private readonly data: Uint8Array) {}

  bit(): number {
    const byte = this.data[this.bitPos >> 3];
    if (byte === undefined) throw new Error('SPS truncated');
    const value = (byte >> (7 - (this.bitPos & 7))) & 1;
    this.bitPos++;
    return value;
  }

  bits(count: number): number {
    let value = 0;
    for (let k = 0; k < count; k++) value = value * 2 + this.bit();
    return value;
  }

  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      zeros++;
      if (zeros > 31) throw new Error('SPS: bad Exp-Golomb code');
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

/** Removes emulation prevention bytes (00 00 03 → 00 00). */
export function toRbsp(nalu: Uint8Array): Uint8Array {
  const out = new Uint8Array(nalu.length);
  let n = 0;
  let zeros = 0;
  for (const byte of nalu) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out[n++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function skipScalingList(reader: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j++) {
    if (next !== 0) next = (last + reader.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** Reads the coded picture size (after cropping) and profile-level-id from an SPS NAL (with its header byte). */
export function parseSps(sps: Uint8Array): { width: number; height: number; profileLevelId: string } {
  if (nalType(sps) !== NAL_SPS || sps.length < 4) throw new Error('not an SPS');
  const profileLevelId = Array.from(sps.subarray(1, 4), (b) => b.toString(16).padStart(2, '0')).join('');
  const reader = new BitReader(toRbsp(sps.subarray(1)));
  const profileIdc = reader.bits(8);
  reader.bits(16); // constraint flags + level_idc
  reader.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  let separateColourPlane = 0;
  if (HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = reader.ue();
    if (chromaFormatIdc === 3) separateColourPlane = reader.bit();
    reader.ue(); // bit_depth_luma_minus8
    reader.ue(); // bit_depth_chroma_minus8
    reader.bit(); // qpprime_y_zero_transform_bypass_flag
    if (reader.bit()) {
      const lists = chromaFormatIdc === 3 ? 12 : 8;
      for (let k = 0; k < lists; k++) if (reader.bit()) skipScalingList(reader, k < 6 ? 16 : 64);
    }
  }
  reader.ue(); // log2_max_frame_num_minus4
  const pocType = reader.ue();
  if (pocType === 0) {
    reader.ue();
  } else if (pocType === 1) {
    reader.bit();
    reader.se();
    reader.se();
    const cycle = reader.ue();
    for (let k = 0; k < cycle; k++) reader.se();
  }
  reader.ue(); // max_num_ref_frames
  reader.bit(); // gaps_in_frame_num_value_allowed_flag
  const widthMbs = reader.ue() + 1;
  const heightMapUnits = reader.ue() + 1;
  const frameMbsOnly = reader.bit();
  if (!frameMbsOnly) reader.bit(); // mb_adaptive_frame_field_flag
  reader.bit(); // direct_8x8_inference_flag
  let cropLeft = 0;
  let cropRight = 0;
  let cropTop = 0;
  let cropBottom = 0;
  if (reader.bit()) {
    cropLeft = reader.ue();
    cropRight = reader.ue();
    cropTop = reader.ue();
    cropBottom = reader.ue();
  }
  const chromaArrayType = separateColourPlane ? 0 : chromaFormatIdc;
  const subWidthC = chromaFormatIdc === 3 ? 1 : 2;
  const subHeightC = chromaFormatIdc === 1 ? 2 : 1;
  const cropUnitX = chromaArrayType === 0 ? 1 : subWidthC;
  const cropUnitY = (chromaArrayType === 0 ? 1 : subHeightC) * (2 - frameMbsOnly);
  return {
    width: widthMbs * 16 - (cropLeft + cropRight) * cropUnitX,
    height: (2 - frameMbsOnly) * heightMapUnits * 16 - (cropTop + cropBottom) * cropUnitY,
    profileLevelId,
  };
}
