/**
 * The streams part of the camera configuration screen against a real
 * recorder and two simulated ONVIF cameras (each with a main 1280x720 and a
 * sub 640x360 profile, so two streams each and PossibleStreams 2). The
 * cameras are registered for this file and removed at its end, so the
 * shared recorder is left as it was found.
 *
 * What the recorder does with saved settings is read back through its API,
 * and for Video settings also from the recording: the recorder pushes them
 * to the camera, which re-encodes, and ffprobe of video recorded after the
 * save shows the new resolution and frame rate.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ArchivesResponse, Camera, CamerasResponse, Stream, StreamVerifyResult } from '../../../server/shared/api';
import { EXPORT_MIN_MS } from '../../../server/shared/validation';
import { probeMedia } from '../../../tests/integration/helpers/media-probe';
import type { ErrorCollector } from '../../fixtures/error-collector';
import { expect, signInAsAdminBeforeEach, test } from '../../fixtures/test';
import { shot } from '../../fixtures/shots';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { StreamsPage } from '../../pages/streams-page';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { AdminApi } from '../../recorder-api';
import { registerStageCameras, type StageCameras } from '../stage/stage-cameras';

/** The frame rate the settings test saves: not the simulated cameras' own, within their 1-25. */
const NEW_FRAME_RATE = 12;
/** How far back an exported range ends, so the segment being written already holds it (as the export e2e does). */
const RECORDED_LAG_MS = 8_000;

let rig: StageCameras | undefined;
let recorder: AdminApi;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => recorder.call<T>(method, path, body);

async function camera(index: number): Promise<Camera> {
  const id = rig?.cameras[index]?.id;
  const found = (await api<CamerasResponse>('GET', '/service/cameras')).data.cameras.find((c) => c.id === id);
  if (!found) throw new Error(`camera ${index} is not registered`);
  return found;
}

function streamNamed(cam: Camera, name: string): Stream {
  const stream = cam.streams.find((s) => s.name === name);
  if (!stream) throw new Error(`${cam.name} has no stream ${name}`);
  return stream;
}

/** Tolerates the 404 of a live picture of the stream: it is restarting, so there is none to give. */
function allowLivePictureGap(errors: ErrorCollector, streamId: string): void {
  errors.allow(new RegExp(`/service/streams/${streamId}/frame\\?\\S* -> 404$`));
  errors.allow(new RegExp(`status of 404 \\(Not Found\\) \\(\\S*/service/streams/${streamId}/frame\\?`));
}

/** The cameras screen with the stream lists of this file's cameras (and `extra` ones) showing. */
async function openCameras(page: Page, extra: Camera[] = []): Promise<StreamsPage> {
  await page.goto(`${recorderBaseUrl()}/#/cameras`);
  const streams = new StreamsPage(page);
  for (const cam of [...rig!.cameras, ...extra]) await streams.showCamera(cam);
  return streams;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rig = await registerStageCameras(recorderBaseUrl(), adminPassword());
  recorder = await AdminApi.signIn();
});

test.afterAll(async () => {
  await rig?.stop();
});

signInAsAdminBeforeEach();

/*
 * On the phone only the edit test runs: it opens a stream dialog, which a phone shows as a bottom sheet with
 * its larger fields. The others are tagged ANY_VIEWPORT: their subject is what the recorder keeps, refuses
 * or answers, through the same list buttons and dialogs.
 */
test.describe('streams of a camera', () => {
  test('make primary moves the primary marker and the recorder keeps it', ANY_VIEWPORT, async ({ page }, testInfo) => {
    const cam = await camera(0);
    const main = streamNamed(cam, 'MainStream');
    const sub = streamNamed(cam, 'SubStream');
    expect(cam.primaryStream?.id).toBe(main.id);
    const streams = await openCameras(page);
    await expect(streams.row(main.id).getByTestId('stream-primary')).toBeVisible();
    await expect(streams.row(sub.id).getByTestId('stream-primary')).toHaveCount(0);

    await streams.action(sub.id, /^Make SubStream primary$/).click();
    await expect(streams.row(sub.id).getByTestId('stream-primary')).toBeVisible();
    await expect(streams.row(main.id).getByTestId('stream-primary')).toHaveCount(0);
    await expect.poll(async () => (await camera(0)).primaryStream?.id).toBe(sub.id);
    await shot(page, testInfo, 'streams-list');

    // Back as it was.
    await streams.action(main.id, /^Make MainStream primary$/).click();
    await expect(streams.row(main.id).getByTestId('stream-primary')).toBeVisible();
    await expect.poll(async () => (await camera(0)).primaryStream?.id).toBe(main.id);
  });
});

test.describe('stream dialogs', () => {
  test('edit a stream’s frame rate and resolution and save', async ({ page }, testInfo) => {
    const cam = await camera(0);
    const main = streamNamed(cam, 'MainStream');
    const streams = await openCameras(page);
    await streams.action(main.id, /^Edit MainStream$/).click();
    const dialog = streams.dialog('Edit stream MainStream');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Recording style')).toHaveValue('continuous-motion-adaptive');
    await expect(dialog.getByLabel('Resolution')).toHaveValue('1280x720');

    // Out of range first: the capability clamps it (motion-adaptive: at most 30 and the camera's maximum).
    const frameRate = dialog.getByLabel('Frame rate (fps)');
    await frameRate.fill('500');
    await frameRate.press('Enter');
    const max = Math.min(30, (main.capabilities.Video?.FrameRate as { max: number }).max);
    await expect(frameRate).toHaveValue(String(max));
    await frameRate.fill('10');
    await frameRate.press('Enter');
    await expect(frameRate).toHaveValue('10');
    await dialog.getByLabel('Resolution').selectOption('640x360');
    await expect(dialog.getByLabel('Frame rate without motion')).toBeVisible();
    await shot(page, testInfo, 'stream-edit-dialog');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const saved = await api<Stream>('GET', `/service/streams/${main.id}`);
    expect(saved.configuration.Video).toMatchObject({ FrameRate: 10, Resolution: '640x360' });
    // frameRate / GOV length is one of the offered non-motion rates (spec 5).
    expect(Number.isInteger(saved.configuration.Video?.GOVLength)).toBe(true);
    expect(saved.recordingStyle).toBe('continuous-motion-adaptive');
  });

  // Its subject is the recording (the same whatever the screen), and it waits minutes for it: the desktop only.
  test('saved frame rate and resolution reach the camera: video recorded after the save has them', ANY_VIEWPORT, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const cam = await camera(1);
    const main = streamNamed(cam, 'MainStream');
    const original = await api<Stream>('GET', `/service/streams/${main.id}`);
    expect(original.pushesToCamera).toBe(true);
    expect(original.configuration.Video).toMatchObject({ Resolution: '1280x720' });
    expect(original.configuration.Video?.FrameRate).not.toBe(NEW_FRAME_RATE);
    try {
      const streams = await openCameras(page);
      await streams.action(main.id, /^Edit MainStream$/).click();
      const dialog = streams.dialog('Edit stream MainStream');
      await expect(dialog).toBeVisible();
      // Continuous without motion detection: every frame is kept, so the recording shows the camera's rate.
      await dialog.getByLabel('Recording style').selectOption('continuous');
      const frameRate = dialog.getByLabel('Frame rate (fps)');
      await frameRate.fill(String(NEW_FRAME_RATE));
      await frameRate.press('Enter');
      await dialog.getByLabel('Resolution').selectOption('640x360');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      const savedAt = Date.now();
      expect((await api<Stream>('GET', `/service/streams/${main.id}`)).configuration.Video).toMatchObject({
        FrameRate: NEW_FRAME_RATE,
        Resolution: '640x360',
      });
      await shot(page, testInfo, 'stream-saved-to-camera');

      // A segment the recorder started after the save (the stream restarts with the camera's new encoding).
      let segmentStart = 0;
      await expect
        .poll(
          async () => {
            const { archives } = (await api<ArchivesResponse>('GET', `/service/archives?streamId=${main.id}&take=1000`)).data;
            segmentStart = Math.max(0, ...archives.filter((a) => a.start > savedAt).map((a) => a.start));
            return segmentStart > 0;
          },
          { timeout: 90_000, intervals: [2_000] },
        )
        .toBe(true);
      const start = segmentStart + 2_000;
      const stop = start + EXPORT_MIN_MS;
      // The recorder's segment being written holds the range once it lies a few seconds back.
      await expect.poll(() => Date.now() >= stop + RECORDED_LAG_MS, { timeout: 60_000, intervals: [1_000] }).toBe(true);

      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-stream-settings-'));
      try {
        const response = await fetch(`${recorderBaseUrl()}/service/streams/${main.id}/export?start=${start}&stop=${stop}&format=mkv`, {
          headers: { authorization: `Bearer ${recorder.token}` },
        });
        expect(response.status).toBe(200);
        const file = path.join(folder, 'after-save.mkv');
        fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        const facts = await probeMedia(file);
        expect(facts).toMatchObject({ codec: 'h264', width: 640, height: 360 });
        const fps = facts.packets / facts.durationS;
        expect(fps, `${facts.packets} pictures in ${facts.durationS.toFixed(2)} s`).toBeGreaterThan(NEW_FRAME_RATE - 2);
        expect(fps, `${facts.packets} pictures in ${facts.durationS.toFixed(2)} s`).toBeLessThan(NEW_FRAME_RATE + 2);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    } finally {
      // Back as the camera was: other tests of this file use this stream.
      await api('PATCH', `/service/cameras/${cam.id}/streams/${main.id}`, {
        configuration: { Video: original.configuration.Video },
        recordingStyle: original.recordingStyle,
      });
    }
    const restored = await api<Stream>('GET', `/service/streams/${main.id}`);
    expect(restored.configuration.Video).toMatchObject({ Resolution: original.configuration.Video?.Resolution, FrameRate: original.configuration.Video?.FrameRate });
    expect(restored.recordingStyle).toBe(original.recordingStyle);
  });

  test('a stream without a name is not saved', ANY_VIEWPORT, async ({ page }) => {
    const cam = await camera(0);
    const sub = streamNamed(cam, 'SubStream');
    const streams = await openCameras(page);
    await streams.action(sub.id, /^Edit SubStream$/).click();
    const dialog = streams.dialog('Edit stream SubStream');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Stream name is required.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await api<Stream>('GET', `/service/streams/${sub.id}`)).name).toBe('SubStream');
  });

  test('copy stream settings to another camera and review the result', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
    const source = await camera(0);
    const target = await camera(1);
    const main = streamNamed(source, 'MainStream');
    const targetSub = streamNamed(target, 'SubStream');
    // The source's stream restarts when its settings change below (the camera re-encodes) while the stage
    // that sign-in opened may still be showing: its bag's preview of the camera then asks for a live picture
    // there is not, answered 404 'stream-not-running' until the stream runs again.
    allowLivePictureGap(errors, main.id);
    // The source as the person set it: 640x360 at 8 fps, continuous without motion detection.
    await api('PATCH', `/service/cameras/${source.id}/streams/${main.id}`, {
      configuration: { Video: { FrameRate: 8, Resolution: '640x360' } },
      recordingStyle: 'continuous',
    });
    const before = await api<Stream>('GET', `/service/streams/${targetSub.id}`);
    expect(before.configuration.Video?.FrameRate).not.toBe(8);

    const streams = await openCameras(page);
    await streams.action(main.id, /^Copy settings of MainStream$/).click();
    const dialog = streams.dialog('Copy settings of MainStream');
    await expect(dialog).toBeVisible();
    const copy = dialog.getByRole('button', { name: 'Copy', exact: true });
    await expect(copy).toBeDisabled();
    const row = dialog.getByTestId(`copy-target-${target.id}`);
    // Best match for a 640x360 source: the target's sub stream; the diff names what changes.
    await expect(row.getByRole('cell', { name: 'SubStream', exact: true })).toBeVisible();
    await expect(row).toContainText(`Frame rate (fps): ${before.configuration.Video?.FrameRate} → 8`);
    await expect(row).toContainText('Recording style: Continuous with motion-adaptive frame rate → Continuous without motion detection');
    await dialog.getByRole('checkbox', { name: `Copy to ${target.name}` }).check();
    await expect(copy).toBeEnabled();
    await shot(page, testInfo, 'copy-stream-selecting');

    await copy.click();
    // The copy is written to the camera, which re-encodes before it answers: seconds on a loaded machine.
    await expect(dialog.getByTestId('copy-stream-dialog')).toHaveAttribute('data-phase', 'review', { timeout: 60_000 });
    await expect(row.getByTestId('copy-result')).toHaveText('Copied');
    await expect(dialog.getByText('1 of 1 cameras updated.')).toBeVisible();
    await shot(page, testInfo, 'copy-stream-review');

    const after = await api<Stream>('GET', `/service/streams/${targetSub.id}`);
    expect(after.configuration.Video).toMatchObject({ FrameRate: 8, Resolution: '640x360' });
    expect(after.recordingStyle).toBe('continuous');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  });

  test('restart and verify a stream', ANY_VIEWPORT, async ({ page }) => {
    const cam = await camera(1);
    const main = streamNamed(cam, 'MainStream');
    // Verify answers success once the stream has recorded within 2 minutes.
    await expect
      .poll(async () => (await api<StreamVerifyResult>('GET', `/service/streams/${main.id}/verify`)).success, { timeout: 100_000 })
      .toBe(true);
    const streams = await openCameras(page);
    await streams.expectState(main.id, 'Running');

    await streams.action(main.id, /^Verify MainStream$/).click();
    await expect(streams.alert(cam.id)).toContainText(/^MainStream verified: The stream is running and recording/);

    await streams.action(main.id, /^Restart MainStream$/).click();
    await streams.expectState(main.id, 'Restarting');
    await expect(streams.alert(cam.id)).toHaveText('MainStream is restarting.');
    await expect(streams.action(main.id, /^Restart MainStream$/)).toBeDisabled();
    await streams.expectState(main.id, 'Running', 30_000);
    expect((await api<{ retryCount: number }>('GET', `/service/streams/${main.id}/status`)).retryCount).toBeGreaterThan(0);
  });

  test('preview shows the stream’s live picture', ANY_VIEWPORT, async ({ page }, testInfo) => {
    const cam = await camera(1);
    const main = streamNamed(cam, 'MainStream');
    const streams = await openCameras(page);
    await streams.action(main.id, /^Preview MainStream$/).click();
    const dialog = streams.dialog('Preview of MainStream');
    const picture = dialog.getByRole('img', { name: 'Live picture of MainStream' });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, testInfo, 'stream-preview');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  });

  test('delete a stream and add it back; a make-primary the recorder refuses reverts with an alert', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
    const cam = await camera(1);
    const main = streamNamed(cam, 'MainStream');
    const sub = streamNamed(cam, 'SubStream');
    const streams = await openCameras(page);

    await streams.action(sub.id, /^Delete SubStream$/).click();
    const confirm = streams.dialog('Delete stream');
    await expect(confirm).toContainText(`Delete the stream SubStream of ${cam.name}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(streams.row(sub.id)).toHaveCount(0);
    expect((await camera(1)).streams.map((s) => s.name)).toEqual(['MainStream']);

    await streams.list(cam.id).getByRole('button', { name: 'Add stream' }).click();
    const add = streams.dialog(`Add stream to ${cam.name}`);
    await add.getByLabel('Name').fill('SubStream');
    await add.getByLabel('Recording style').selectOption('continuous-motion');
    await shot(page, testInfo, 'stream-add-dialog');
    await add.getByRole('button', { name: 'Add stream' }).click();
    await expect(add).toBeHidden();
    const added = streamNamed(await camera(1), 'SubStream');
    // The recorder gave it the free profile: the sub stream again.
    expect(added.configuration.Video?.Resolution).toBe('640x360');
    expect(added.recordingStyle).toBe('continuous-motion');
    await expect(streams.row(added.id).getByTestId('stream-style')).toHaveText('Continuous with motion detection');

    // The stream goes behind the page's back: the recorder refuses to make it primary, the marker stays.
    errors.allow(/PATCH .*\/service\/cameras\/[0-9a-f-]+ -> 400/);
    errors.allow(/status of 400 \(Bad Request\) \(.*\/service\/cameras\/[0-9a-f-]+\)$/);
    // The screen reads the camera list again every few seconds: that read is held until the click is
    // made, so on a slow machine the row is still there to click, as it is for a user who acts at once.
    let clicked = () => {};
    const afterClick = new Promise<void>((resolve) => (clicked = resolve));
    const listRead = /\/service\/cameras(\?|$)/;
    await page.route(listRead, async (route) => {
      await afterClick;
      await route.continue();
    });
    await api('DELETE', `/service/cameras/${cam.id}/streams/${added.id}`);
    await streams.action(added.id, /^Make SubStream primary$/).click();
    clicked();
    await page.unroute(listRead);
    await expect(streams.alert(cam.id)).toHaveText(
      'The primary stream could not be changed. invalid-request: The primary stream must be one of the camera’s streams.',
    );
    await expect(streams.row(main.id).getByTestId('stream-primary')).toBeVisible();
    await expect(streams.row(added.id).getByTestId('stream-primary')).toHaveCount(0);

    // Back as it was: two streams.
    await api('POST', `/service/cameras/${cam.id}/streams`, { name: 'SubStream' });
    expect((await camera(1)).streams).toHaveLength(2);
  });

  test('a Generic RTSP camera: its fixed stream cannot be deleted, its settings stay in the recorder, it is no copy target', ANY_VIEWPORT, async ({ page }, testInfo) => {
    const sim = rig!.sim.cameras[0]!;
    const generic = await api<Camera>('POST', '/service/cameras', {
      driver: 'Generic RTSP',
      connection: { uri: sim.rtspUrls.sub, username: 'admin', password: 'camera-pass' },
      name: `Generic ${new URL(sim.onvifUrl).port}`,
    });
    try {
      const stream = generic.streams[0]!;
      const streams = await openCameras(page, [generic]);
      await expect(streams.action(stream.id, /^Delete Stream$/)).toBeDisabled();
      await expect(streams.action(stream.id, /^Delete Stream$/)).toHaveAttribute('title', 'This stream is fixed and cannot be deleted.');

      await streams.action(stream.id, /^Edit Stream$/).click();
      const dialog = streams.dialog('Edit stream Stream');
      await expect(dialog.getByText('This is a Generic RTSP camera: these settings stay in the recorder and are not sent to the camera.')).toBeVisible();
      await expect(dialog.getByLabel('RTSP path')).toHaveValue(new URL(sim.rtspUrls.sub).pathname);
      await shot(page, testInfo, 'stream-generic-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      const source = streamNamed(await camera(0), 'MainStream');
      await streams.action(source.id, /^Copy settings of MainStream$/).click();
      const copy = streams.dialog('Copy settings of MainStream');
      await expect(copy.getByTestId(`copy-target-${rig!.cameras[1]!.id}`)).toBeVisible();
      await expect(copy.getByTestId(`copy-target-${generic.id}`)).toHaveCount(0);
    } finally {
      // Off the cameras screen first: its stream list keeps asking for the status of a stream that is about to go.
      await page.goto('about:blank');
      await api('DELETE', `/service/cameras/${generic.id}`);
    }
  });

  test('a new stream is refused once the camera has PossibleStreams streams', ANY_VIEWPORT, async ({ page }) => {
    const cam = await camera(0);
    expect(cam.streams).toHaveLength(cam.capabilities.camera.PossibleStreams);
    const streams = await openCameras(page);
    await streams.list(cam.id).getByRole('button', { name: 'Add stream' }).click();
    await expect(streams.alert(cam.id)).toHaveText('This camera allows at most 2 streams, and it has them already.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
