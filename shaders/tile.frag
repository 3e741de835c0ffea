#version 300 es
// A plain video tile with digital zoom and pan: u_texRect is the visible part
// of the frame (x, y, width, height in texture coordinates), from
// workers/core/digital-zoom.ts. Letterboxing is done by the viewport.
precision mediump float;

in vec2 v_uv;
uniform sampler2D u_texture;
uniform vec4 u_texRect;
out vec4 outColor;

void main() {
  outColor = texture(u_texture, u_texRect.xy + v_uv * u_texRect.zw);
}
