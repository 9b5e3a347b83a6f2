# cmake -DOUT=header -DFILES="a.glsl;b.glsl" -P embed_shaders.cmake
# Writes every GLSL file as a raw string constant kShader_<file name>.
set(body "// Generated from shaders/*.glsl; do not edit.\n#pragma once\nnamespace shufflelab::shaders {\n")
foreach(f ${FILES})
  get_filename_component(name "${f}" NAME_WE)
  string(MAKE_C_IDENTIFIER "${name}" id)
  file(READ "${f}" text)
  string(APPEND body "inline constexpr const char* k_${id} = R\"glsl(${text})glsl\";\n")
endforeach()
string(APPEND body "}\n")
file(WRITE "${OUT}" "${body}")
