#version 300 es
// Panorama dewarp of a fisheye frame (dewarp mode 2): an equirectangular
// unwrap. Tile x is azimuth (u_azimuth: start, span), tile y the angle from
// the pole (u_polar: top, bottom); u_pole turns that into the lens frame.
// Math and CPU twin: workers/core/dewarp/panorama.ts and fisheye-lens.ts.
precision highp float;

in vec2 v_uv;
uniform sampler2D u_texture;
uniform mat3 u_pole;
uniform vec2 u_azimuth;
uniform vec2 u_polar;
uniform vec4 u_lens;
uniform float u_lensHalfFov;
out vec4 outColor;

// Same in dewarp-perspective.frag (GLSL has no includes; keep the two identical).
vec4 fisheyeLookup(vec3 dir) {
  float sideways = length(dir.xy);
  float angle = atan(sideways, dir.z);
  if (angle > u_lensHalfFov + 1e-5) return vec4(0.0, 0.0, 0.0, 1.0);
  vec2 towards = sideways > 0.0 ? dir.xy / sideways : vec2(0.0);
  vec2 uv = u_lens.xy + towards * (angle / u_lensHalfFov) * u_lens.zw;
  return texture(u_texture, uv);
}

void main() {
  float azimuth = u_azimuth.x + v_uv.x * u_azimuth.y;
  float polar = mix(u_polar.x, u_polar.y, v_uv.y);
  vec3 dir = vec3(sin(polar) * cos(azimuth), sin(polar) * sin(azimuth), cos(polar));
  outColor = fisheyeLookup(u_pole * dir);
}
