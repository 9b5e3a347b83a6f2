#include "app/gl_views.hpp"

#include <algorithm>
#include <cstdio>

#include "shaders.hpp"

namespace shufflelab::web {

namespace {
GLuint compile(GLenum type, const char* source) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[512];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    std::fprintf(stderr, "shufflelab: shader compile failed: %s\n", log);
    glDeleteShader(s);
    return 0;
  }
  return s;
}
}  // namespace

bool GlViews::ensure_program() {
  if (program_) return true;
  if (program_failed_) return false;
  const GLuint vs = compile(GL_VERTEX_SHADER, shaders::k_fullscreen_triangle);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, shaders::k_bit_plane);
  if (!vs || !fs) return program_failed_ = true, false;
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) {
    glDeleteProgram(program_);
    program_ = 0;
    return program_failed_ = true, false;
  }
  height_uniform_ = glGetUniformLocation(program_, "u_height");
  bits_uniform_ = glGetUniformLocation(program_, "u_bits");
  glGenVertexArrays(1, &empty_vao_);
  return true;
}

ImTextureID GlViews::bit_plane(int slot, const std::uint8_t* bits, int width, int height) {
  if (width <= 0 || height <= 0 || width % 8 != 0 || !ensure_program()) return nullptr;
  Target& t = targets_[slot];
  const std::size_t size = static_cast<std::size_t>(width / 8) * static_cast<std::size_t>(height);
  if (t.width == width && t.height == height && t.bits.size() == size && std::equal(bits, bits + size, t.bits.begin()))
    return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(t.color_texture));
  t.bits.assign(bits, bits + size);
  image_changes_++;
  // Whatever ImGui will render into next; read before any binding below.
  GLint previous_fb = 0, viewport[4];
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_fb);
  glGetIntegerv(GL_VIEWPORT, viewport);
  if (t.width != width || t.height != height) {
    if (t.framebuffer) {
      glDeleteFramebuffers(1, &t.framebuffer);
      glDeleteTextures(1, &t.bits_texture);
      glDeleteTextures(1, &t.color_texture);
    }
    glGenTextures(1, &t.bits_texture);
    glBindTexture(GL_TEXTURE_2D, t.bits_texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, width / 8, height, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, nullptr);
    glGenTextures(1, &t.color_texture);
    glBindTexture(GL_TEXTURE_2D, t.color_texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glGenFramebuffers(1, &t.framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, t.framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t.color_texture, 0);
    t.width = width;
    t.height = height;
  }
  // Upload the packed bits and run the expansion pass into the colour texture.
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, t.bits_texture);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width / 8, height, GL_RED_INTEGER, GL_UNSIGNED_BYTE, bits);
  glBindFramebuffer(GL_FRAMEBUFFER, t.framebuffer);
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  glUniform1i(bits_uniform_, 0);
  glUniform1i(height_uniform_, height);
  glBindVertexArray(empty_vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_fb));
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(t.color_texture));
}

}  // namespace shufflelab::web
