/**
 * The Pixi (v8) renderer of the timeline, on an OffscreenCanvas in the
 * timeline worker: `createTimelineRenderer` initialises it (WebGL, else
 * Pixi's canvas 2D renderer when WebGL is unavailable), `draw` draws a
 * TimelineFrame, `destroy` frees the GPU resources. A lost WebGL context is
 * waited out: Pixi restores its own resources, and draw answers false until
 * then so the caller draws again.
 *
 * Every rectangle (recorded spans, motion, ticks, the fine window and its
 * handles, the needle) is a Sprite of the 1x1 white texture from a pool
 * made at init, positioned, scaled and tinted per frame; labels are a pool
 * of BitmapText whose text changes only when its tick does. So a frame
 * allocates nothing of ours: it writes numbers into existing objects and
 * renders one batch.
 *
 * Spans narrower than a pixel are merged into the pixel column they fall in
 * while walking them, so a year of a million events costs one binary
 * search plus a walk over what is visible, and never more sprites than
 * columns. Limits: RECT_POOL rectangles a frame (more are dropped, least
 * important last: ticks and spans first, overlays always drawn); labels
 * are white-ish on dark, one font size.
 */
// The recorder's Content-Security-Policy forbids eval; this swaps Pixi's generated shader-sync code for static code.
import 'pixi.js/unsafe-eval';
import { BitmapText, Container, DOMAdapter, Sprite, Texture, WebWorkerAdapter, autoDetectRenderer, type Renderer } from 'pixi.js';
import type { TimelineDrawer, TimelineFrame, TimelineTrack } from './timeline-frame';
import { LABEL_ROW_PX, TRACK_TOP_PX, firstTickMs, tickStepMs, trackBand, xOf } from './timeline-geometry';
import { LIVE_LABEL_WIDTH_PX } from './timeline-interaction';
import { tickLabel } from './tick-labels';
import { firstEndingAfter } from './track-spans';

const RECT_POOL = 8192;
const LABEL_POOL = 48;
const COLOURS = {
  background: 0x12161c,
  track: 0x1a2029,
  future: 0x0c0f13,
  tick: 0x3a4452,
  label: 0x9aa6b6,
  fine: 0x3b82f6,
  needle: 0xf5a524,
  live: 0xe5484d,
  liveOff: 0x2a313c,
};

export interface TimelineRendererOptions {
  canvas: OffscreenCanvas;
  widthPx: number;
  heightPx: number;
  resolution: number;
  /** 'webgl' first (the default) or only the 2D canvas renderer (a machine without WebGL, or a comparison). */
  preference?: 'webgl' | 'canvas';
}

export interface TimelineRenderer extends TimelineDrawer {
  /** Which Pixi renderer runs: 'webgl' or 'canvas'. */
  readonly kind: string;
}

class PixiTimelineRenderer implements TimelineRenderer {
  private readonly stage = new Container();
  private readonly rects: Sprite[] = [];
  private readonly labels: BitmapText[] = [];
  private readonly labelTicks: number[] = [];
  private readonly liveText: BitmapText;
  private usedRects = 0;
  private shownRects = 0;
  private lost = false;

  constructor(
    private readonly renderer: Renderer,
    private readonly canvas: OffscreenCanvas,
  ) {
    for (let i = 0; i < RECT_POOL; i++) {
      const sprite = new Sprite(Texture.WHITE);
      sprite.visible = false;
      this.rects.push(sprite);
      this.stage.addChild(sprite);
    }
    const style = { fontFamily: 'sans-serif', fontSize: 11, fill: COLOURS.label };
    for (let i = 0; i < LABEL_POOL; i++) {
      const label = new BitmapText({ text: '', style });
      label.visible = false;
      this.labels.push(label);
      this.labelTicks.push(Number.NaN);
      this.stage.addChild(label);
    }
    this.liveText = new BitmapText({ text: 'LIVE', style: { fontFamily: 'sans-serif', fontSize: 11, fontWeight: 'bold', fill: 0xffffff } });
    this.stage.addChild(this.liveText);
    canvas.addEventListener('webglcontextlost', this.onLost as EventListener);
    canvas.addEventListener('webglcontextrestored', this.onRestored);
  }

  get kind(): string {
    return this.renderer.name;
  }

  private readonly onLost = (event: Event) => {
    event.preventDefault(); // allows the browser to restore it
    this.lost = true;
  };

  private readonly onRestored = () => {
    this.lost = false;
  };

  resize(widthPx: number, heightPx: number, resolution: number): void {
    this.renderer.resize(widthPx, heightPx, resolution);
  }

  private rect(x: number, y: number, w: number, h: number, colour: number, alpha = 1): void {
    if (this.usedRects >= RECT_POOL || w <= 0 || h <= 0) return;
    const sprite = this.rects[this.usedRects++]!;
    sprite.position.set(x, y);
    sprite.scale.set(w, h);
    sprite.tint = colour;
    sprite.alpha = alpha;
    sprite.visible = true;
  }

  /** Draws packed spans in [0, width) merging what falls in the same pixel column. */
  private spans(frame: TimelineFrame, spans: Float64Array, y: number, h: number, colour: number, alpha: number): void {
    const { range } = frame;
    const pairs = spans.length >> 1;
    let runStart = -1;
    let runEnd = -1;
    for (let i = firstEndingAfter(spans, range.startMs); i < pairs; i++) {
      const start = spans[i * 2]!;
      if (start >= range.endMs) break;
      const x0 = Math.max(0, Math.floor(xOf(range, start)));
      const x1 = Math.min(frame.widthPx, Math.max(x0 + 1, Math.ceil(xOf(range, spans[i * 2 + 1]!))));
      if (runEnd >= 0 && x0 <= runEnd) {
        if (x1 > runEnd) runEnd = x1;
        continue;
      }
      if (runEnd >= 0) this.rect(runStart, y, runEnd - runStart, h, colour, alpha);
      runStart = x0;
      runEnd = x1;
    }
    if (runEnd >= 0) this.rect(runStart, y, runEnd - runStart, h, colour, alpha);
  }

  private ticks(frame: TimelineFrame): void {
    const { range } = frame;
    const step = tickStepMs(range.msPerPx, frame.layout.minLabelGapPx);
    const minor = tickStepMs(range.msPerPx, 12);
    for (let t = firstTickMs(range.startMs, minor, frame.tzOffsetMs); t < range.endMs; t += minor) {
      this.rect(Math.round(xOf(range, t)), LABEL_ROW_PX + 1, 1, 4, COLOURS.tick);
    }
    let used = 0;
    for (let t = firstTickMs(range.startMs, step, frame.tzOffsetMs); t < range.endMs && used < LABEL_POOL; t += step) {
      const x = Math.round(xOf(range, t));
      this.rect(x, LABEL_ROW_PX + 1, 1, frame.heightPx - LABEL_ROW_PX - 1, COLOURS.tick, 0.55);
      const label = this.labels[used]!;
      if (this.labelTicks[used] !== t) {
        this.labelTicks[used] = t;
        label.text = tickLabel(t, step, frame.tzOffsetMs);
      }
      label.position.set(x + 3, 1);
      label.visible = x + 3 < frame.widthPx - LIVE_LABEL_WIDTH_PX - 30;
      used++;
    }
    for (let i = used; i < LABEL_POOL; i++) this.labels[i]!.visible = false;
  }

  private tracks(frame: TimelineFrame, tracks: readonly TimelineTrack[]): void {
    for (let i = 0; i < tracks.length; i++) {
      const track = tracks[i]!;
      const { top: y, height: h } = trackBand(frame.heightPx, i, tracks.length);
      if (y + h > frame.heightPx) break;
      this.spans(frame, track.archives, y, h, track.colour, 0.32);
      // Motion sits on the lower half of the track, in full colour.
      const motionH = Math.max(1, Math.ceil(h * 0.6));
      this.spans(frame, track.motion, y + h - motionH, motionH, track.colour, 1);
    }
  }

  draw(frame: TimelineFrame): boolean {
    if (this.lost) return false;
    const { range, widthPx, heightPx } = frame;
    this.usedRects = 0;
    this.rect(0, 0, widthPx, heightPx, COLOURS.background);
    this.rect(0, TRACK_TOP_PX, widthPx, heightPx - LABEL_ROW_PX - 9, COLOURS.track);
    this.ticks(frame);
    this.tracks(frame, frame.tracks);
    // The future: darker, and a click there goes live.
    const nowX = Math.max(0, Math.round(xOf(range, frame.nowMs)));
    if (nowX < widthPx) this.rect(nowX, 0, widthPx - nowX, heightPx, COLOURS.future, 0.85);
    if (frame.fine && !frame.live) {
      const x0 = Math.round(xOf(range, frame.fine.startMs));
      const x1 = Math.round(xOf(range, frame.fine.stopMs));
      this.rect(x0, 0, x1 - x0, heightPx, COLOURS.fine, 0.16);
      this.rect(x0 - 2, 0, 4, heightPx, COLOURS.fine, 0.95);
      this.rect(x1 - 2, 0, 4, heightPx, COLOURS.fine, 0.95);
      this.rect(x0 - 4, heightPx / 2 - 7, 8, 14, COLOURS.fine);
      this.rect(x1 - 4, heightPx / 2 - 7, 8, 14, COLOURS.fine);
    }
    const needleX = Math.round(xOf(range, frame.live ? frame.nowMs : frame.playheadMs));
    const needleColour = frame.live ? COLOURS.live : COLOURS.needle;
    this.rect(needleX - 1, 0, 2, heightPx, needleColour);
    this.rect(needleX - 4, 0, 8, 3, needleColour);
    // The live label, at the right end.
    const liveX = widthPx - LIVE_LABEL_WIDTH_PX;
    this.rect(liveX, 0, LIVE_LABEL_WIDTH_PX, heightPx, frame.live ? COLOURS.live : COLOURS.liveOff);
    this.liveText.position.set(liveX + (LIVE_LABEL_WIDTH_PX - this.liveText.width) / 2, (heightPx - this.liveText.height) / 2);
    for (let i = this.usedRects; i < this.shownRects; i++) this.rects[i]!.visible = false;
    this.shownRects = this.usedRects;
    this.renderer.render(this.stage);
    return true;
  }

  destroy(): void {
    this.canvas.removeEventListener('webglcontextlost', this.onLost as EventListener);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
    this.stage.destroy({ children: true });
    this.renderer.destroy();
  }
}

/**
 * Creates the renderer on the worker's OffscreenCanvas (Pixi's web-worker
 * adapter: no DOM): WebGL first; where the browser has no WebGL, Pixi's 2D
 * canvas renderer (slower, same picture). Limits: if WebGL starts a context
 * and then fails, the canvas already has a WebGL context and the 2D
 * attempt fails too: init rejects and the scale says so (data-renderer
 * 'failed'); the rest of the control bar works without it.
 */
export async function createTimelineRenderer(options: TimelineRendererOptions): Promise<TimelineRenderer> {
  DOMAdapter.set(WebWorkerAdapter);
  if (options.preference !== 'canvas') {
    try {
      return await startRenderer(options, 'webgl');
    } catch (error) {
      console.warn('The timeline falls back to the 2D canvas renderer:', error);
    }
  }
  return startRenderer(options, 'canvas');
}

async function startRenderer(options: TimelineRendererOptions, preference: 'webgl' | 'canvas'): Promise<TimelineRenderer> {
  const renderer = await autoDetectRenderer({
    canvas: options.canvas,
    width: options.widthPx,
    height: options.heightPx,
    resolution: options.resolution,
    autoDensity: false,
    antialias: false,
    background: COLOURS.background,
    preference: [preference],
    // Software WebGL (SwiftShader, no GPU) is still far faster than the 2D path for a batch of sprites.
    failIfMajorPerformanceCaveat: false,
  });
  return new PixiTimelineRenderer(renderer, options.canvas);
}
