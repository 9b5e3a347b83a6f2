// draw_fingerprint.hpp: a 64-bit digest of everything a frame would put on
// the canvas (ImGui's draw lists, the framebuffer size, the clear colour and a
// counter of GPU-side image changes). The app skips the WebGL pass when a
// frame's digest equals the last drawn one: the canvas keeps showing it, and
// an idle lab costs no rasterizing (software GL in headless browsers, battery
// on a phone).
#pragma once
#include <cstdint>

#include "imgui.h"

namespace shufflelab::ui {

struct FrameLook {
  const ImDrawData* draw_data = nullptr;
  int framebuffer_width = 0, framebuffer_height = 0;
  ImVec4 clear_colour;
  std::uint64_t gpu_image_changes = 0;  // GpuViews textures re-rendered so far
};

std::uint64_t draw_fingerprint(const FrameLook& look);

}  // namespace shufflelab::ui
