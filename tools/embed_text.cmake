# cmake -DOUT=header -DNAME=symbol -DIN=file -P embed_text.cmake
# Writes a text file as a raw string constant (recorded data shown in the app).
file(READ "${IN}" text)
file(WRITE "${OUT}" "// Generated from ${IN}; do not edit.\n#pragma once\nnamespace shufflelab::data {\ninline constexpr const char* ${NAME} = R\"tsv(${text})tsv\";\n}\n")
