// gl_views.hpp: WebGL2 implementation of ui::GpuViews. Bit planes are packed
// bits uploaded as an R8UI texture and expanded by shaders/bit_plane.glsl into
// an RGBA texture that ImGui draws as an image.
#pragma once
#include <GLES3/gl3.h>

#include <cstdint>
#include <map>
#include <vector>

#include "ui/gpu_views.hpp"

namespace shufflelab::web {

class GlViews final : public ui::GpuViews {
 public:
  ImTextureID bit_plane(int slot, const std::uint8_t* bits, int width, int height) override;
  // How many times an image was re-rendered: a frame that changed one must be drawn.
  std::uint64_t image_changes() const { return image_changes_; }

 private:
  struct Target {
    GLuint bits_texture = 0, color_texture = 0, framebuffer = 0;
    int width = 0, height = 0;
    std::vector<std::uint8_t> bits;  // what the colour texture shows: unchanged bits need no GPU pass
  };
  bool ensure_program();
  GLuint program_ = 0;
  GLint height_uniform_ = -1, bits_uniform_ = -1;
  GLuint empty_vao_ = 0;
  bool program_failed_ = false;
  std::map<int, Target> targets_;
  std::uint64_t image_changes_ = 0;
};

}  // namespace shufflelab::web
