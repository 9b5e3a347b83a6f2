# The link corpus (tests/links/v1.tsv) compiled into the core tests, so the
# native, sanitizer and wasm builds all check every shared link on each build.
set(LINK_CORPUS ${CMAKE_SOURCE_DIR}/tests/links/v1.tsv)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/generated/link_corpus_v1.hpp
  COMMAND ${CMAKE_COMMAND} -DIN=${LINK_CORPUS} -DOUT=${CMAKE_BINARY_DIR}/generated/link_corpus_v1.hpp
          -DNAME=kLinkCorpusV1 -P ${CMAKE_SOURCE_DIR}/tools/embed_text.cmake
  DEPENDS ${LINK_CORPUS} ${CMAKE_SOURCE_DIR}/tools/embed_text.cmake VERBATIM)
target_sources(core_tests PRIVATE ${CMAKE_BINARY_DIR}/generated/link_corpus_v1.hpp)
target_include_directories(core_tests PRIVATE ${CMAKE_BINARY_DIR}/generated)
