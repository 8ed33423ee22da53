# dagcc_overlap(TARGET <target> SOURCES <files...> [ARGS <dagcc flags...>])
#
# Runs dagcc at build time on each source of <target> that holds DAGCC_GRAPH functions and
# builds the overlapped file in its place. dagcc parses with the target's include directories
# and compile definitions, and reruns when the source, a header it includes, the target profile
# or dagcc itself changes (dagcc -MD writes the depfile; Ninja and Makefile generators read it).
# Link the target with dagcc::rt_mpi or dagcc::rt_cuda.
#
# The function keeps the policies it is defined under: CMP0116 NEW has Ninja read the depfile's
# absolute paths as Makefile generators do, whatever the calling project's minimum version.
cmake_policy(PUSH)
cmake_policy(SET CMP0116 NEW)
function(dagcc_overlap)
  cmake_parse_arguments(DAGCC "" "TARGET" "SOURCES;ARGS" ${ARGN})
  if(NOT DAGCC_TARGET OR NOT DAGCC_SOURCES)
    message(FATAL_ERROR "dagcc_overlap: TARGET and SOURCES are required")
  endif()
  get_target_property(sources ${DAGCC_TARGET} SOURCES)
  get_target_property(srcdir ${DAGCC_TARGET} SOURCE_DIR)
  set(incs "$<TARGET_PROPERTY:${DAGCC_TARGET},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${DAGCC_TARGET},COMPILE_DEFINITIONS>")
  foreach(src ${DAGCC_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${srcdir})
    get_filename_component(name ${src} NAME_WE)
    set(out ${CMAKE_CURRENT_BINARY_DIR}/dagcc/${name}_overlapped.c)
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/dagcc
      COMMAND dagcc::dagcc ${abs} -o ${out} -MD -MF ${out}.d ${DAGCC_ARGS}
        "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
        "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
      DEPENDS ${abs} dagcc::dagcc
      DEPFILE ${out}.d
      COMMAND_EXPAND_LISTS
      COMMENT "dagcc ${src}"
      VERBATIM)
    # the overlapped file lives in the build tree: its #include "..." still finds the source's
    get_filename_component(dir ${abs} DIRECTORY)
    set_source_files_properties(${out} PROPERTIES INCLUDE_DIRECTORIES ${dir})
    set(kept "")
    foreach(s ${sources})
      get_filename_component(sabs ${s} ABSOLUTE BASE_DIR ${srcdir})
      if(NOT sabs STREQUAL abs)
        list(APPEND kept ${s})
      endif()
    endforeach()
    set(sources ${kept} ${out})
  endforeach()
  set_property(TARGET ${DAGCC_TARGET} PROPERTY SOURCES ${sources})
endfunction()
cmake_policy(POP)
