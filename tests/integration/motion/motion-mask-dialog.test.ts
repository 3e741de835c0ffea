/**
 * The motion dialog's mask does what it says on a real recorder: the same
 * picture the dialog uploads (MaskRaster painted with the dialog's brush,
 * opaque black where painted and transparent elsewhere, as a PNG) is sent
 * with PUT .../motion/mask over the simulated car's road; motion events that
 * came before with the car driving no longer come while it drives under the
 * mask. No timing is asserted beyond generous windows (the CPU is shared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Camera, MotionMaskResponse, Stream } from '../../../server/shared/api';
import { MaskRaster, maskSizeFor } from '../../../src/core/motion/mask-raster';
import { BRUSH_SIZE } from '../../../src/core/motion/motion-settings';
import { encodePng } from '../../unit/server/recorder/motion/png';
import { motionDecoders, motionEvents, setStyle, sleep, startMotionRig, waitFor, type MotionRig } from './motion-rig';

let rig: MotionRig;
let camera: Camera;
let main: Stream;

/** What the dialog uploads after two strokes of the widest brush across the bottom of a 16:9 picture, where the road is. */
function dialogMask(): Buffer {
  const size = maskSizeFor({ width: 1280, height: 720 });
  const raster = new MaskRaster(size.width, size.height);
  for (const y of [0.75, 0.92]) raster.stroke({ x: 0, y: size.height * y }, { x: size.width, y: size.height * y }, BRUSH_SIZE.max, 'draw');
  const rgba = raster.toRgba();
  return encodePng(raster.width, raster.height, (x, y) => {
    const i = (y * raster.width + x) * 4;
    return [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!, rgba[i + 3]!];
  });
}

const maskPath = () => `/service/cameras/${camera.id}/streams/${main.id}/motion/mask`;

async function noActiveEvent(since: number): Promise<true | undefined> {
  const events = await motionEvents(rig, main.id, `start=${since - 60_000}&count=100`);
  return events.every((e) => !e.active) ? true : undefined;
}

beforeAll(async () => {
  rig = await startMotionRig(1);
  camera = rig.cameras[0]!;
  main = await setStyle(rig, camera, camera.streams[0]!, 'continuous-motion');
  await setStyle(rig, camera, camera.streams[1]!, 'continuous');
  await waitFor('the motion decoder of the main stream', () => (motionDecoders(rig) === 1 ? true : undefined), 60_000);
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

describe('the motion dialog’s mask on a real recorder', () => {
  it('the car gives motion events without a mask, and none under the dialog’s mask', async () => {
    // Before: the moving car is motion.
    const onAt = Date.now();
    await rig.sim.setMotion(true, 0);
    await waitFor('motion without a mask', async () => ((await motionEvents(rig, main.id, `start=${onAt - 1000}`)).length > 0 ? true : undefined), 45_000);
    await rig.sim.setMotion(false, 0);
    await waitFor('the event to close', () => noActiveEvent(onAt), 45_000);

    // The dialog's upload: a PNG the recorder accepts and serves back unchanged.
    const png = dialogMask();
    const response = await fetch(`${rig.recorder.baseUrl}${maskPath()}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${rig.recorder.token}`, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as MotionMaskResponse).motionMask.href).toBe(maskPath());
    const stored = await rig.recorder.call<Stream>('GET', `/service/streams/${main.id}`);
    expect(stored.body.recordingConfiguration.bgseg?.motionMask?.href).toBe(maskPath());

    // After: the car drives under the mask and nothing is motion.
    const maskedAt = Date.now();
    await rig.sim.setMotion(true, 0);
    await sleep(15_000);
    expect(await motionEvents(rig, main.id, `start=${maskedAt}`)).toEqual([]);
    await rig.sim.setMotion(false, 0);

    // Clearing the mask in the dialog sends DELETE: the mask is gone.
    expect((await rig.recorder.call('DELETE', maskPath())).status).toBe(204);
    expect((await rig.recorder.call<Stream>('GET', `/service/streams/${main.id}`)).body.recordingConfiguration.bgseg?.motionMask).toBeUndefined();
  });
});
