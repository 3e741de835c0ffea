/**
 * Decodes a motion mask image with ffmpeg to grey at the detection size
 * (see motion-ffmpeg-args.ts). Anything ffmpeg cannot read, or that does
 * not give exactly one picture, answers undefined ('Could not load mask').
 *
 * Cost: one short ffmpeg run (tens of ms); bounded by a 10 s time limit and
 * by the upload's size and pixel limits checked before (motion-mask-image.ts).
 */
import type { MaskContentType } from './motion-mask-image';
import { runFfmpeg } from '../../processes';
import { DETECTION_HEIGHT, DETECTION_WIDTH, maskDecoderArgs } from './motion-ffmpeg-args';

export const MASK_DECODE_TIMEOUT_MS = 10_000;

export async function decodeMask(image: Buffer, contentType: MaskContentType): Promise<Uint8Array | undefined> {
  const size = DETECTION_WIDTH * DETECTION_HEIGHT;
  const { output, exit } = await runFfmpeg('motion mask decoder', maskDecoderArgs(contentType), {
    input: [image],
    maxOutputBytes: size,
    timeoutMs: MASK_DECODE_TIMEOUT_MS,
  });
  if (exit.code !== 0 || output.length !== size) return undefined;
  return new Uint8Array(output);
}
