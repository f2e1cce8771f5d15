# cupp_dtype_sources(<out-var> <template>): the explicit instantiations of <template> for every dtype
# of the dtype table, configured into CUPP_DTYPES_PER_UNIT dtypes per source file: the files compile
# in parallel, and each parses cupp's headers once for several dtypes (a third of a unit's time
# with nvcc is the headers). The rows of CUPP_DTYPE_TABLE (include/cupp/core/dtype_table.hpp, the
# one list of dtypes) are read from the header itself. The template defines
# CUPP_DTYPE_INSTANCE(T, NAME, KIND) (the C++ type, NumPy's name, the kind letter) and places
# @CUPP_DTYPE_INSTANCES@, which becomes one CUPP_DTYPE_INSTANCE(...) per dtype of the file.
#
# The files go to <top build dir>/cupp_generated/, the same path relative to the build directory
# whether cupp is the top project or a subdirectory, so that with CCACHE_BASEDIR set to a directory
# above both, a second build tree of the same checkout (CI's add_subdirectory consumer) takes them
# from ccache.
set(CUPP_DTYPES_PER_UNIT 4 CACHE STRING "dtypes per generated explicit-instantiation file")

function(cupp_dtype_sources out template)
  file(READ "${PROJECT_SOURCE_DIR}/include/cupp/core/dtype_table.hpp" header)
  string(REGEX MATCH "#define CUPP_DTYPE_TABLE\\(X\\)[^\n]*\n([^\n]+\n)+" table "${header}")
  string(REGEX MATCHALL "X\\([^,()]+, [a-z0-9_]+, [a-z]," rows "${table}")
  if(NOT rows)
    message(FATAL_ERROR "no dtype rows found in include/cupp/core/dtype_table.hpp")
  endif()
  get_filename_component(stem "${template}" NAME_WE)
  get_filename_component(dir "${template}" DIRECTORY)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${dir}")
  set(files)
  list(LENGTH rows count)
  math(EXPR last "${count} - 1")
  set(unit 0)
  foreach(first RANGE 0 ${last} ${CUPP_DTYPES_PER_UNIT})
    list(SUBLIST rows ${first} ${CUPP_DTYPES_PER_UNIT} chunk)
    set(CUPP_DTYPE_INSTANCES "")
    set(names)
    foreach(row IN LISTS chunk)
      string(REGEX MATCH "X\\(([^,]+), ([a-z0-9_]+), ([a-z])," _ "${row}")
      string(APPEND CUPP_DTYPE_INSTANCES
             "CUPP_DTYPE_INSTANCE(${CMAKE_MATCH_1}, ${CMAKE_MATCH_2}, ${CMAKE_MATCH_3})\n")
      list(APPEND names ${CMAKE_MATCH_2})
    endforeach()
    list(JOIN names ", " CUPP_DTYPE_NAMES)
    set(file "${CMAKE_BINARY_DIR}/cupp_generated/${rel}/${stem}_${unit}.cpp")
    configure_file("${template}" "${file}" @ONLY)
    list(APPEND files "${file}")
    math(EXPR unit "${unit} + 1")
  endforeach()
  set(${out} ${files} PARENT_SCOPE)
endfunction()
