# cmake -DIN=file -DOUT=header -DNAME=symbol -P embed_binary.cmake
# Writes a C++ header holding the file's bytes (used for the UI font).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN}; do not edit.\n#pragma once\n#include <cstddef>\nnamespace shufflelab {\ninline constexpr unsigned char ${NAME}[] = {\n${bytes}};\ninline constexpr std::size_t ${NAME}Size = ${size};\n}\n")
