#version 300 es
// Perspective dewarp of a fisheye frame (dewarp mode 1). The math and its
// CPU twin are in workers/core/dewarp/perspective.ts and fisheye-lens.ts:
// tile pixel -> tangent-plane point -> direction through the general
// perspective projection (eye u_depth radii from the plane) -> lens frame
// (u_basis) -> equidistant fisheye lookup. Outside the lens: black.
precision highp float;

in vec2 v_uv;
uniform sampler2D u_texture;
uniform mat3 u_basis;
uniform vec2 u_plane;
uniform float u_depth;
uniform vec4 u_lens;
uniform float u_lensHalfFov;
out vec4 outColor;

// Same in dewarp-panorama.frag (GLSL has no includes; keep the two identical).
vec4 fisheyeLookup(vec3 dir) {
  float sideways = length(dir.xy);
  float angle = atan(sideways, dir.z);
  if (angle > u_lensHalfFov + 1e-5) return vec4(0.0, 0.0, 0.0, 1.0);
  vec2 towards = sideways > 0.0 ? dir.xy / sideways : vec2(0.0);
  vec2 uv = u_lens.xy + towards * (angle / u_lensHalfFov) * u_lens.zw;
  return texture(u_texture, uv);
}

void main() {
  vec2 p = (v_uv * 2.0 - 1.0) * u_plane;
  float rho = length(p);
  float s = rho * (u_depth - 1.0) / length(vec2(u_depth, rho));
  if (abs(s) > 1.0) {
    outColor = vec4(0.0, 0.0, 0.0, 1.0);
    return;
  }
  float theta = atan(rho, u_depth) + asin(s);
  vec2 towards = rho > 0.0 ? p / rho : vec2(0.0);
  vec3 viewDir = vec3(sin(theta) * towards, cos(theta));
  outColor = fisheyeLookup(u_basis * viewDir);
}
