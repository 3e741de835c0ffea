#version 300 es
// One quad covering the viewport; the compositor sets gl.viewport to each
// tile's rectangle and draws this quad, so tiles need no vertex buffers of
// their own. v_uv is in image coordinates: (0, 0) top-left, y down, which
// matches textures uploaded from ImageBitmap / VideoFrame without flipping.
in vec2 a_position;
out vec2 v_uv;

void main() {
  v_uv = vec2(a_position.x * 0.5 + 0.5, 0.5 - a_position.y * 0.5);
  gl_Position = vec4(a_position, 0.0, 1.0);
}
