/**
 * The "html dewarp" export (spec 2): one self-contained HTML file that plays
 * an exported video through the stage's dewarp shader, offline, from disk.
 *
 * Why this shape: a page opened from file:// is its own opaque origin, so a
 * sibling video file is cross-origin to it and WebGL refuses to upload its
 * frames (a tainted texture); and Chromium does not play Matroska in
 * <video> reliably. So the page embeds the export as mov (ISO BMFF with
 * H.264, which Chromium's <video> plays) in base64, turns it back into a
 * Blob and plays it from a blob: URL of its own, which WebGL accepts. The
 * cost is a third more bytes than the video and the whole video in the
 * viewing browser's memory, so this format suits short clips.
 *
 * The shaders are the stage's own files (shaders/), the uniforms come from
 * the dewarp math of workers/core/dewarp for the stream's settings (its
 * default mode and view), and the lens is fitted to the video's size in
 * the page with the same function the stage uses (lensForImage).
 */
import type { StreamDewarpConfiguration } from '../../../server/shared/api';
import panoramaFrag from '../../../shaders/dewarp-panorama.frag?raw';
import perspectiveFrag from '../../../shaders/dewarp-perspective.frag?raw';
import quadVert from '../../../shaders/quad.vert?raw';
import { DEFAULT_DEWARP_SETTINGS } from '../../../workers/core/dewarp/dewarp-settings';
import { lensForImage } from '../../../workers/core/dewarp/fisheye-lens';
import { createPanoramaUniforms, effectiveAspect, panoramaUniforms } from '../../../workers/core/dewarp/panorama';
import { createPerspectiveUniforms, perspectiveUniforms } from '../../../workers/core/dewarp/perspective';

/** Output height of the page's canvas in pixels; the width follows the view's aspect. */
const OUTPUT_HEIGHT = 720;
const PERSPECTIVE_ASPECT = 16 / 9;

export interface DewarpView {
  fragment: string;
  width: number;
  height: number;
  /** Uniforms other than the texture and the lens (fitted to the video in the page). */
  uniforms: Record<string, number | number[]>;
}

const plain = (uniforms: object): Record<string, number | number[]> =>
  Object.fromEntries(
    Object.entries(uniforms)
      .filter(([name]) => name !== 'u_lens' && name !== 'u_lensHalfFov')
      .map(([name, value]) => [name, typeof value === 'number' ? value : Array.from(value as Float32Array)]),
  );

/** The shader and uniforms of the stream's default dewarp view. */
export function dewarpView(config: StreamDewarpConfiguration): DewarpView {
  const settings = { ...DEFAULT_DEWARP_SETTINGS, ...config };
  const lens = lensForImage(1, 1);
  if (settings.defaultMode === 'panorama') {
    const aspect = effectiveAspect(settings.panoramaAspectRatio, PERSPECTIVE_ASPECT);
    const uniforms = panoramaUniforms(createPanoramaUniforms(), {
      orientation: settings.orientation,
      aspectRatio: settings.panoramaAspectRatio,
      shiftDeg: settings.panoramaShift,
      tileAspect: PERSPECTIVE_ASPECT,
      lens,
    });
    return { fragment: panoramaFrag, width: Math.round(OUTPUT_HEIGHT * aspect), height: OUTPUT_HEIGHT, uniforms: plain(uniforms) };
  }
  const uniforms = perspectiveUniforms(createPerspectiveUniforms(), {
    orientation: settings.orientation,
    view: { ...settings.defaultPerspectiveView },
    depth: settings.perspectiveDepth,
    aspect: PERSPECTIVE_ASPECT,
    lens,
  });
  return { fragment: perspectiveFrag, width: Math.round(OUTPUT_HEIGHT * PERSPECTIVE_ASPECT), height: OUTPUT_HEIGHT, uniforms: plain(uniforms) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script>: '<' escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page's player: decode the embedded video, play it in a loop, draw every frame through the shader. */
const PLAYER = String.raw`
const config = JSON.parse(document.getElementById('dewarp-config').textContent);
const text = document.getElementById('video-data').textContent.replace(/\s+/g, '');
const binary = atob(text);
const bytes = new Uint8Array(binary.length);
for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
const video = document.getElementById('video');
video.src = URL.createObjectURL(new Blob([bytes], { type: config.videoType }));
const canvas = document.getElementById('view');
canvas.width = config.view.width;
canvas.height = config.view.height;
const gl = canvas.getContext('webgl2', { preserveDrawingBuffer: true });
const status = document.getElementById('status');
if (!gl) status.textContent = 'This browser has no WebGL2: the dewarped view cannot be drawn.';
const lensForImage = (${'$'}{LENS});
function shader(type, source) {
  const s = gl.createShader(type);
  gl.shaderSource(s, source);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
  return s;
}
let program = null;
if (gl) {
  program = gl.createProgram();
  gl.attachShader(program, shader(gl.VERTEX_SHADER, config.vertex));
  gl.attachShader(program, shader(gl.FRAGMENT_SHADER, config.view.fragment));
  gl.linkProgram(program);
  gl.useProgram(program);
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'a_position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  for (const [name, value] of Object.entries(config.view.uniforms)) {
    const at = gl.getUniformLocation(program, name);
    if (Array.isArray(value) && value.length === 9) gl.uniformMatrix3fv(at, false, value);
    else if (Array.isArray(value)) gl.uniform2fv(at, value);
    else gl.uniform1f(at, value);
  }
}
window.dewarpFrames = 0;
function draw() {
  if (!gl || video.readyState < 2) return;
  const lens = lensForImage(video.videoWidth, video.videoHeight);
  gl.uniform4f(gl.getUniformLocation(program, 'u_lens'), lens.centerU, lens.centerV, lens.radiusU, lens.radiusV);
  gl.uniform1f(gl.getUniformLocation(program, 'u_lensHalfFov'), lens.halfFovRad);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, video);
  gl.viewport(0, 0, canvas.width, canvas.height);
  gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  window.dewarpFrames++;
}
function loop() {
  draw();
  video.requestVideoFrameCallback(loop);
}
video.requestVideoFrameCallback(loop);
video.addEventListener('error', () => (status.textContent = 'The embedded video cannot be played in this browser.'));
video.play().catch(() => (status.textContent = 'Press play to start.'));
`;

export interface DewarpPageMeta {
  title: string;
  config: StreamDewarpConfiguration;
  videoType: string;
}

/** The HTML before and after the embedded base64 video. */
export function dewarpPageFrame(meta: DewarpPageMeta): { head: string; tail: string } {
  const config = { vertex: quadVert, view: dewarpView(meta.config), videoType: meta.videoType };
  const player = PLAYER.replace('${LENS}', () => lensForImage.toString());
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(meta.title)}</title>
<style>
body { margin: 0; background: #0a0e13; color: #d5dde8; font: 14px system-ui, sans-serif; display: grid; gap: 12px; padding: 16px; }
canvas { width: 100%; max-width: ${config.view.width}px; height: auto; background: #000; }
video { width: 320px; }
</style></head><body>
<h1 style="font-size: 16px; margin: 0">${escapeHtml(meta.title)}</h1>
<canvas id="view" aria-label="Dewarped video"></canvas>
<p id="status" role="status"></p>
<video id="video" controls muted loop playsinline aria-label="Recorded video (fisheye)"></video>
<script id="dewarp-config" type="application/json">${scriptJson(config)}</script>
<script id="video-data" type="text/plain">`;
  const tail = `</script>
<script>${PLAYER_WRAP(player)}</script>
</body></html>
`;
  return { head, tail };
}

const PLAYER_WRAP = (player: string) => `(() => {${player}})();`;
