// gpu_views.hpp: views that are drawn by shaders (shaders/*.glsl) rather than
// ImGui draw lists, e.g. the LFSR bit-plane image. The app implements this with
// WebGL2 (src/app/gl_views.cpp); where there is no GPU (the native smoke
// test) panels get a null pointer and draw a plain placeholder instead.
#pragma once
#include <cstdint>

#include "imgui.h"

namespace shufflelab::ui {

class GpuViews {
 public:
  virtual ~GpuViews() = default;
  // Uploads width*height bits (row-major, bit i of the stream at byte i/8,
  // bit i%8) into texture `slot` and returns it for ImGui::Image. The bit
  // expansion to colours happens in the shader.
  virtual ImTextureID bit_plane(int slot, const std::uint8_t* bits, int width, int height) = 0;
};

}  // namespace shufflelab::ui
