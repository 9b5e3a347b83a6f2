#include "ui/kit/draw_fingerprint.hpp"

#include <cstring>

namespace shufflelab::ui {

namespace {
// Word-at-a-time mixing: a frame's vertices are about a megabyte, hashed in
// well under a millisecond. Not cryptographic; a collision would only skip one
// redraw until the next change.
struct Digest {
  std::uint64_t h = 0x243F6A8885A308D3ull;
  void word(std::uint64_t w) {
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  void bytes(const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      word(w);
    }
    std::uint64_t tail = 0;
    if (size > i) std::memcpy(&tail, p + i, size - i);
    word(tail ^ (static_cast<std::uint64_t>(size) << 56));
  }
  template <class T>
  void value(const T& v) { bytes(&v, sizeof v); }
};
}  // namespace

std::uint64_t draw_fingerprint(const FrameLook& look) {
  Digest d;
  d.value(look.framebuffer_width);
  d.value(look.framebuffer_height);
  d.value(look.clear_colour);
  d.value(look.gpu_image_changes);
  const ImDrawData* data = look.draw_data;
  if (!data || !data->Valid) return d.h;
  d.value(data->DisplayPos);
  d.value(data->DisplaySize);
  d.value(data->FramebufferScale);
  for (int n = 0; n < data->CmdListsCount; n++) {
    const ImDrawList* list = data->CmdLists[n];
    d.bytes(list->VtxBuffer.Data, static_cast<std::size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    d.bytes(list->IdxBuffer.Data, static_cast<std::size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      d.value(cmd.ClipRect);
      d.value(cmd.TextureId);
      d.value(cmd.VtxOffset);
      d.value(cmd.IdxOffset);
      d.value(cmd.ElemCount);
      d.value(cmd.UserCallback);
      d.value(cmd.UserCallbackData);
    }
  }
  return d.h;
}

}  // namespace shufflelab::ui
