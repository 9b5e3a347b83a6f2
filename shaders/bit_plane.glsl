#version 300 es
// Fragment shader: expands a packed bit stream into pixels. Each texel of
// u_bits holds 8 consecutive bits (bit i of the stream is bit i%8 of byte i/8),
// so the image shows the generator's output exactly, one pixel per bit.
precision highp float;
precision highp int;
uniform highp usampler2D u_bits;  // R8UI, (width/8) x height
uniform int u_height;
out vec4 color;
void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  int row = u_height - 1 - pixel.y;  // row 0 at the top, as ImGui draws images
  uint byte_value = texelFetch(u_bits, ivec2(pixel.x >> 3, row), 0).r;
  uint bit = (byte_value >> uint(pixel.x & 7)) & 1u;
  color = bit == 1u ? vec4(0.98, 0.78, 0.35, 1.0) : vec4(0.11, 0.12, 0.16, 1.0);
}
