# Benchmarks: the harness and cases in src/bench go into the native CLI
# (`shufflelab bench`) and, in the Emscripten build, into bench_node.cjs, the
# same sources as a Node program (run: node --no-experimental-fetch
# build/wasm/bench_node.cjs). tools/bench.mjs runs both and compares them.
file(GLOB BENCH_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/bench/*.cpp)
list(FILTER BENCH_SOURCES EXCLUDE REGEX "/node_main\\.cpp$")

if(EMSCRIPTEN)
  add_executable(bench_node EXCLUDE_FROM_ALL ${BENCH_SOURCES} ${CMAKE_SOURCE_DIR}/src/bench/node_main.cpp)
  target_link_libraries(bench_node PRIVATE shufflelab_core_fast)  # the wasm core built for speed
  target_compile_options(bench_node PRIVATE ${CORE_WARNINGS} -O3)
  # NODERAWFS: --json writes straight to the host file system.
  target_link_options(bench_node PRIVATE -O3 -sENVIRONMENT=node -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1
                      -sEXIT_RUNTIME=1)
  set_target_properties(bench_node PROPERTIES SUFFIX ".cjs")  # package.json says "type": "module"
else()
  target_sources(shufflelab PRIVATE ${BENCH_SOURCES})
  # oracle_tests links every src/cli/cmd_*.cpp, cmd_bench.cpp included.
  if(TARGET oracle_tests)
    target_sources(oracle_tests PRIVATE ${BENCH_SOURCES})
  endif()
endif()
