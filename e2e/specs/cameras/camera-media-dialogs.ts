/**
 * The motion-detection and dewarp dialogs as a person meets them on the
 * camera configuration screen: opened with the stream's 'Motion detection'
 * and 'Dewarp' buttons, found by their roles, labels and test ids. Also
 * the recorder calls the tests check the saved settings with.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Camera, Stream } from '../../../server/shared/api';
import { Touch } from '../../fixtures/touch';
import { StreamsPage } from '../../pages/streams-page';

export class CameraMediaDialogs {
  constructor(readonly page: Page) {}

  /** The camera's primary stream's name, as its stream list names its buttons. */
  private primaryName(camera: Camera): string {
    return camera.streams.find((stream) => stream.id === camera.primaryStream?.id)!.name;
  }

  async openMotion(camera: Camera): Promise<Locator> {
    await (await new StreamsPage(this.page).showCamera(camera)).getByRole('button', { name: `Motion detection of ${this.primaryName(camera)}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Motion detection: / });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async openDewarp(camera: Camera): Promise<Locator> {
    await (await new StreamsPage(this.page).showCamera(camera)).getByRole('button', { name: `Dewarp settings of ${this.primaryName(camera)}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Dewarp: / });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /**
   * Drags across the mask canvas from one point to another, given as
   * fractions of its box: with the mouse, or with a finger (real touch input
   * through the browser's input domain, as a phone sends it).
   */
  async paint(dialog: Locator, from: { x: number; y: number }, to: { x: number; y: number }, finger = false): Promise<void> {
    const canvas = dialog.getByTestId('motion-mask-canvas');
    const box = (await canvas.boundingBox())!;
    const at = (p: { x: number; y: number }) => ({ x: box.x + box.width * p.x, y: box.y + box.height * p.y });
    if (finger) {
      await Touch.gesture(this.page, (touch) => touch.drag(at(from), at(to), { steps: 12 }));
      return;
    }
    await this.page.mouse.move(at(from).x, at(from).y);
    await this.page.mouse.down();
    await this.page.mouse.move(at(to).x, at(to).y, { steps: 12 });
    await this.page.mouse.up();
  }

  /** Reads pixels of a PNG in the browser (which decodes it): alpha and grey at points given as fractions. */
  async pixels(png: Buffer, points: Array<{ x: number; y: number }>): Promise<Array<{ alpha: number; grey: number }>> {
    return this.page.evaluate(
      async ({ base64, points }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return points.map((p) => {
          const d = context.getImageData(Math.floor(p.x * image.naturalWidth), Math.floor(p.y * image.naturalHeight), 1, 1).data;
          return { alpha: d[3]!, grey: Math.round((d[0]! + d[1]! + d[2]!) / 3) };
        });
      },
      { base64: png.toString('base64'), points },
    );
  }
}

/** The recorder as the tests check it, with an administrator's token. */
export class RecorderApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(baseUrl: string, password: string): Promise<RecorderApi> {
    const response = await fetch(`${baseUrl}/service/sessions/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password, cookie: 'session', type: 'user' }),
    });
    return new RecorderApi(baseUrl, ((await response.json()) as { token: string }).token);
  }

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async stream(id: string): Promise<Stream> {
    return (await (await this.call('GET', `/service/streams/${id}`)).json()) as Stream;
  }
}
