# embed.cmake: files turned into C++ headers at build time, in GENERATED_DIR.

# A text file as a raw string constant: shufflelab_embed_text(<target> <file> <symbol> <header name>)
function(shufflelab_embed_text target file symbol header)
  set(out ${GENERATED_DIR}/${header})
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out} -DNAME=${symbol} -P ${CMAKE_SOURCE_DIR}/tools/embed_text.cmake
    DEPENDS ${file} ${CMAKE_SOURCE_DIR}/tools/embed_text.cmake VERBATIM)
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${GENERATED_DIR})
endfunction()

# A Debian font cut down to the characters the UI draws, as a byte array:
# shufflelab_embed_font(<target> <ttf> <symbol> <header name>)
set(UI_FONT_UNICODES U+0020-007E,U+00A0-00FF,U+2013-2014,U+2022,U+2026,U+2190-2193,U+2260-2265)
function(shufflelab_embed_font target ttf symbol header)
  get_filename_component(stem ${header} NAME_WE)
  set(subset ${GENERATED_DIR}/${stem}.ttf)
  set(out ${GENERATED_DIR}/${header})
  add_custom_command(OUTPUT ${subset}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${GENERATED_DIR}
    COMMAND pyftsubset ${ttf} --output-file=${subset} --no-hinting --desubroutinize --unicodes=${UI_FONT_UNICODES}
            # stb_truetype reads outlines, metrics and cmap; ImGui neither kerns nor shapes text
            --drop-tables+=GPOS,GSUB,GDEF,MATH,gasp,FFTM --layout-features= --name-IDs= --no-glyph-names
    DEPENDS ${ttf} VERBATIM)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DIN=${subset} -DOUT=${out} -DNAME=${symbol} -P ${CMAKE_SOURCE_DIR}/tools/embed_binary.cmake
    DEPENDS ${subset} ${CMAKE_SOURCE_DIR}/tools/embed_binary.cmake VERBATIM)
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${GENERATED_DIR})
endfunction()
