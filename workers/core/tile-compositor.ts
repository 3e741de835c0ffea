/**
 * Tile compositor: one WebGL2 context on one OffscreenCanvas drawing every
 * tile of a stage (plain with digital zoom, perspective or panorama dewarp)
 * with twgl.js and the shaders in shaders/. See tile-renderer-design.md for
 * why one context per stage and when tiles skip WebGL altogether.
 *
 * - Frames (ImageBitmap or VideoFrame) are uploaded into one texture per tile,
 *   reused (texSubImage2D) while the frame size stays; the source is closed
 *   at once, so decoders get their buffers back.
 * - Only tiles with a new frame or a changed layout are redrawn: the canvas
 *   keeps its pixels (preserveDrawingBuffer) and each tile is scissored.
 * - Draws are coalesced into one per animation frame; the draw loop
 *   allocates nothing (preallocated uniforms, indexed loops).
 * - Lifecycle: init (false without WebGL2), destroy, and context loss: lost
 *   frames are dropped, and on restore programs and buffers are rebuilt and
 *   textures are re-created with the next frame of each tile.
 *
 * Cost: per drawn tile one texture upload and one quad; in SwiftShader the
 * cost grows with the pixels drawn (about 10 ms per 640x360). The canvas
 * renders at a pixel ratio of 4 while a tile dewarps, where the machine can
 * afford it (dewarp/render-ratio.ts), else at the device's. Limits: one pixel
 * ratio for the whole canvas; frames that arrive for unknown tile ids are
 * closed and dropped. `init` answers false without WebGL2 or when a shader
 * does not build, and the stage turns dewarp off (dewarpIncompatibleError).
 */
import * as twgl from 'twgl.js';
import panoramaFrag from '../../shaders/dewarp-panorama.frag?raw';
import perspectiveFrag from '../../shaders/dewarp-perspective.frag?raw';
import quadVert from '../../shaders/quad.vert?raw';
import tileFrag from '../../shaders/tile.frag?raw';
import { lensForImage } from './dewarp/fisheye-lens';
import { createPanoramaUniforms, panoramaUniforms, type PanoramaUniforms } from './dewarp/panorama';
import { createPerspectiveUniforms, perspectiveUniforms, type PerspectiveUniforms } from './dewarp/perspective';
import { IDENTITY_VIEW, digitalTexRect } from './digital-zoom';
import { compositorPixelRatio, isSoftwareRenderer, type RenderCapacity } from './dewarp/render-ratio';
import { planTile, type TileDrawPlan, type TileProgram, type TileSpec } from './tile-compositor-plan';

export type TileFrame = ImageBitmap | VideoFrame;

export interface TileCompositorOptions {
  /** Schedules the next draw; defaults to the scope's requestAnimationFrame, else a 16 ms timer. */
  requestFrame?: (callback: () => void) => void;
  /** Called after each draw with the number of tiles drawn (for the frame-rate monitor). */
  onDraw?: (tilesDrawn: number) => void;
}

export interface CompositorStats {
  tiles: number;
  draws: number;
  tilesDrawn: number;
  uploads: number;
  contextLost: boolean;
  /** The canvas's pixels per CSS pixel now. */
  pixelRatio: number;
}

interface TileEntry {
  spec: TileSpec;
  plan: TileDrawPlan;
  texture: WebGLTexture | null;
  textureWidth: number;
  textureHeight: number;
  frameWidth: number;
  frameHeight: number;
  dirty: boolean;
  plain: { u_texture: WebGLTexture | null; u_texRect: Float32Array };
  perspective: PerspectiveUniforms & { u_texture: WebGLTexture | null };
  panorama: PanoramaUniforms & { u_texture: WebGLTexture | null };
}

interface Programs {
  plain: twgl.ProgramInfo;
  perspective: twgl.ProgramInfo;
  panorama: twgl.ProgramInfo;
  quad: twgl.BufferInfo;
  vaos: Record<TileProgram, twgl.VertexArrayInfo>;
}

function frameSize(frame: TileFrame): { width: number; height: number } {
  return 'displayWidth' in frame
    ? { width: frame.displayWidth, height: frame.displayHeight }
    : { width: frame.width, height: frame.height };
}

function defaultRequestFrame(): (callback: () => void) => void {
  const scope = globalThis as { requestAnimationFrame?: (callback: () => void) => number };
  if (typeof scope.requestAnimationFrame === 'function') return (callback) => scope.requestAnimationFrame!(callback);
  return (callback) => setTimeout(callback, 16);
}

/** What the context can render: its largest side, and whether it is a software rasteriser. */
function renderCapacityOf(gl: WebGL2RenderingContext): RenderCapacity {
  const viewport = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array | null;
  const maxSide = Math.min(
    Number(gl.getParameter(gl.MAX_TEXTURE_SIZE)) || 4096,
    Number(gl.getParameter(gl.MAX_RENDERBUFFER_SIZE)) || 4096,
    viewport?.[0] ?? 4096,
  );
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return { maxSide, software: isSoftwareRenderer(renderer) };
}

export class TileCompositor {
  private gl: WebGL2RenderingContext | null = null;
  private programs: Programs | null = null;
  private readonly tiles = new Map<string, TileEntry>();
  /** The same entries as an array, for the allocation-free draw loop. */
  private order: TileEntry[] = [];
  private pixelRatio = 1;
  private cssSize = { width: 1, height: 1 };
  private devicePixelRatio = 1;
  private capacity: RenderCapacity = { maxSide: 4096, software: true };
  private drawPending = false;
  private destroyed = false;
  private lost = false;
  private readonly counters = { draws: 0, tilesDrawn: 0, uploads: 0 };
  private readonly requestFrame: (callback: () => void) => void;
  private readonly drawCallback = () => this.draw();

  constructor(
    private readonly canvas: OffscreenCanvas,
    private readonly options: TileCompositorOptions = {},
  ) {
    this.requestFrame = options.requestFrame ?? defaultRequestFrame();
  }

  /** Creates the context and programs; false when WebGL2 is not available. */
  init(cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
    let gl: WebGL2RenderingContext | null;
    try {
      gl = this.canvas.getContext('webgl2', { alpha: false, antialias: false, preserveDrawingBuffer: true });
    } catch {
      // A canvas that already has another kind of context, or a browser with WebGL switched off.
      gl = null;
    }
    if (!gl) return false;
    this.gl = gl;
    if (!this.createResources()) {
      this.gl = null;
      return false;
    }
    this.capacity = renderCapacityOf(gl);
    this.canvas.addEventListener('webglcontextlost', this.onLost);
    this.canvas.addEventListener('webglcontextrestored', this.onRestored);
    this.resize(cssWidth, cssHeight, pixelRatio);
    return true;
  }

  /** The stage's size in CSS pixels and the device's pixel ratio. */
  resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): void {
    this.cssSize = { width: cssWidth, height: cssHeight };
    this.devicePixelRatio = devicePixelRatio;
    this.applyPixelRatio(true);
  }

  /** Sizes the canvas for the ratio the tiles need now; `force` re-plans even when it stays. */
  private applyPixelRatio(force: boolean): void {
    const dewarping = this.order.some((entry) => entry.spec.dewarp.mode !== 0);
    const ratio = compositorPixelRatio(this.cssSize, this.devicePixelRatio, dewarping, this.capacity);
    if (!force && ratio === this.pixelRatio) return;
    this.pixelRatio = ratio;
    this.canvas.width = Math.max(1, Math.round(this.cssSize.width * ratio));
    this.canvas.height = Math.max(1, Math.round(this.cssSize.height * ratio));
    for (const entry of this.order) this.replan(entry);
    this.invalidateAll();
  }

  /** Sets the tiles; textures of tiles that stay are kept, those of removed tiles deleted. */
  setTiles(specs: readonly TileSpec[]): void {
    const keep = new Set(specs.map((spec) => spec.id));
    for (const [id, entry] of this.tiles) {
      if (keep.has(id)) continue;
      if (entry.texture && this.gl && !this.lost) this.gl.deleteTexture(entry.texture);
      this.tiles.delete(id);
    }
    for (const spec of specs) {
      const entry = this.tiles.get(spec.id) ?? this.createEntry(spec);
      entry.spec = structuredClone(spec);
      this.tiles.set(spec.id, entry);
      this.replan(entry);
    }
    this.order = specs.map((spec) => this.tiles.get(spec.id)!);
    // A first dewarped tile (or the last one gone) changes the canvas's resolution.
    this.applyPixelRatio(false);
    // Uncovered canvas (removed tiles, gaps) must be cleared too.
    this.invalidateAll();
  }

  /** Uploads a tile's new frame and schedules a draw. Takes ownership: the frame is closed here. */
  pushFrame(id: string, frame: TileFrame): void {
    const entry = this.tiles.get(id);
    const gl = this.gl;
    try {
      if (!entry || !gl || this.lost || this.destroyed) return;
      const { width, height } = frameSize(frame);
      if (width !== entry.frameWidth || height !== entry.frameHeight) {
        entry.frameWidth = width;
        entry.frameHeight = height;
        this.replan(entry);
      }
      if (!entry.texture) entry.texture = this.createTexture(gl);
      gl.bindTexture(gl.TEXTURE_2D, entry.texture);
      if (width !== entry.textureWidth || height !== entry.textureHeight) {
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, frame);
        entry.textureWidth = width;
        entry.textureHeight = height;
      } else {
        gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, frame);
      }
      this.counters.uploads++;
      entry.dirty = true;
      this.schedule();
    } finally {
      frame.close();
    }
  }

  get stats(): CompositorStats {
    return { tiles: this.order.length, ...this.counters, contextLost: this.lost, pixelRatio: this.pixelRatio };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
    const gl = this.gl;
    if (gl && !this.lost) {
      for (const entry of this.order) if (entry.texture) gl.deleteTexture(entry.texture);
      if (this.programs) {
        for (const info of [this.programs.plain, this.programs.perspective, this.programs.panorama]) {
          gl.deleteProgram(info.program);
        }
      }
    }
    this.tiles.clear();
    this.order = [];
    this.programs = null;
    this.gl = null;
  }

  private readonly onLost = (event: Event) => {
    // Without preventDefault the context is never restored.
    event.preventDefault();
    this.lost = true;
    this.programs = null;
    for (const entry of this.order) {
      entry.texture = null;
      entry.textureWidth = 0;
      entry.textureHeight = 0;
    }
  };

  private readonly onRestored = () => {
    this.lost = false;
    this.createResources();
    this.invalidateAll();
  };

  /** Builds programs and buffers; false when a shader does not compile or link on this machine. */
  private createResources(): boolean {
    const gl = this.gl!;
    // twgl's types name WebGLRenderingContext; a WebGL2 context serves every call used here.
    const gl1 = gl as unknown as WebGLRenderingContext;
    // twgl answers null (and logs the compiler's message) for a program that does not build.
    const plain = twgl.createProgramInfo(gl1, [quadVert, tileFrag]) as twgl.ProgramInfo | null;
    const perspective = twgl.createProgramInfo(gl1, [quadVert, perspectiveFrag]) as twgl.ProgramInfo | null;
    const panorama = twgl.createProgramInfo(gl1, [quadVert, panoramaFrag]) as twgl.ProgramInfo | null;
    if (!plain || !perspective || !panorama) return false;
    const quad = twgl.createBufferInfoFromArrays(gl1, {
      a_position: { numComponents: 2, data: [-1, -1, 1, -1, -1, 1, 1, 1] },
    });
    this.programs = {
      plain,
      perspective,
      panorama,
      quad,
      vaos: {
        plain: twgl.createVertexArrayInfo(gl1, plain, quad),
        perspective: twgl.createVertexArrayInfo(gl1, perspective, quad),
        panorama: twgl.createVertexArrayInfo(gl1, panorama, quad),
      },
    };
    gl.enable(gl.SCISSOR_TEST);
    gl.clearColor(0, 0, 0, 1);
    return true;
  }

  private createTexture(gl: WebGL2RenderingContext): WebGLTexture {
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return texture;
  }

  private createEntry(spec: TileSpec): TileEntry {
    return {
      spec,
      plan: planTile(spec, null, this.pixelRatio, this.canvas.height),
      texture: null,
      textureWidth: 0,
      textureHeight: 0,
      frameWidth: 0,
      frameHeight: 0,
      dirty: true,
      plain: { u_texture: null, u_texRect: new Float32Array([0, 0, 1, 1]) },
      perspective: { ...createPerspectiveUniforms(), u_texture: null },
      panorama: { ...createPanoramaUniforms(), u_texture: null },
    };
  }

  /** Recomputes where and how a tile draws; runs on layout, setting or frame-size changes only. */
  private replan(entry: TileEntry): void {
    const frame = entry.frameWidth > 0 ? { width: entry.frameWidth, height: entry.frameHeight } : null;
    entry.plan = planTile(entry.spec, frame, this.pixelRatio, this.canvas.height);
    const lens = lensForImage(entry.frameWidth || 1, entry.frameHeight || 1);
    const dewarp = entry.spec.dewarp;
    if (dewarp.mode === 1) {
      perspectiveUniforms(entry.perspective, {
        orientation: dewarp.orientation,
        view: dewarp.view,
        depth: dewarp.depth,
        aspect: entry.plan.aspect,
        lens,
      });
    } else if (dewarp.mode === 2) {
      const tileAspect = entry.spec.rect.height > 0 ? entry.spec.rect.width / entry.spec.rect.height : 1;
      panoramaUniforms(entry.panorama, {
        orientation: dewarp.orientation,
        aspectRatio: dewarp.aspectRatio,
        shiftDeg: dewarp.shiftDeg,
        tileAspect,
        lens,
      });
    } else {
      digitalTexRect(entry.spec.digital ?? IDENTITY_VIEW, entry.plain.u_texRect);
    }
    entry.dirty = true;
  }

  private invalidateAll(): void {
    for (const entry of this.order) entry.dirty = true;
    const gl = this.gl;
    if (gl && !this.lost) {
      gl.disable(gl.SCISSOR_TEST);
      gl.viewport(0, 0, this.canvas.width, this.canvas.height);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.enable(gl.SCISSOR_TEST);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.drawPending || this.destroyed) return;
    this.drawPending = true;
    this.requestFrame(this.drawCallback);
  }

  private draw(): void {
    this.drawPending = false;
    const gl = this.gl;
    const programs = this.programs;
    if (!gl || !programs || this.lost || this.destroyed) return;
    let drawn = 0;
    let current: TileProgram | null = null;
    for (let i = 0; i < this.order.length; i++) {
      const entry = this.order[i]!;
      if (!entry.dirty) continue;
      entry.dirty = false;
      const { scissor, viewport, program } = entry.plan;
      if (scissor.width === 0 || scissor.height === 0) continue;
      gl.scissor(scissor.x, scissor.y, scissor.width, scissor.height);
      gl.clear(gl.COLOR_BUFFER_BIT);
      if (!entry.texture) continue;
      if (program !== current) {
        current = program;
        gl.useProgram(programs[program].program);
        twgl.setBuffersAndAttributes(gl as unknown as WebGLRenderingContext, programs[program], programs.vaos[program]);
      }
      gl.viewport(viewport.x, viewport.y, viewport.width, viewport.height);
      const uniforms = entry[program];
      uniforms.u_texture = entry.texture;
      twgl.setUniforms(programs[program], uniforms);
      twgl.drawBufferInfo(gl as unknown as WebGLRenderingContext, programs.vaos[program], gl.TRIANGLE_STRIP);
      drawn++;
    }
    this.counters.draws++;
    this.counters.tilesDrawn += drawn;
    this.options.onDraw?.(drawn);
  }
}
