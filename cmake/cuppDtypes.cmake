# cupp_dtype_sources(<out-var> <template>): one source file per dtype of the dtype table, configured
# from <template> into the build directory, for explicit instantiations that compile in parallel.
# The rows of CUPP_DTYPE_TABLE (include/cupp/core/dtype_table.hpp, the one list of dtypes) are read
# from the header itself; the template sees @CUPP_DTYPE_TYPE@, @CUPP_DTYPE_NAME@ and
# @CUPP_DTYPE_KIND@ (the C++ type, NumPy's name, the kind letter).
function(cupp_dtype_sources out template)
  file(READ "${PROJECT_SOURCE_DIR}/include/cupp/core/dtype_table.hpp" header)
  string(REGEX MATCH "#define CUPP_DTYPE_TABLE\\(X\\)[^\n]*\n([^\n]+\n)+" table "${header}")
  string(REGEX MATCHALL "X\\([^,()]+, [a-z0-9_]+, [a-z]," rows "${table}")
  get_filename_component(stem "${template}" NAME_WE)
  get_filename_component(dir "${template}" DIRECTORY)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${dir}")
  set(files)
  foreach(row IN LISTS rows)
    string(REGEX MATCH "X\\(([^,]+), ([a-z0-9_]+), ([a-z])," _ "${row}")
    set(CUPP_DTYPE_TYPE "${CMAKE_MATCH_1}")
    set(CUPP_DTYPE_NAME "${CMAKE_MATCH_2}")
    set(CUPP_DTYPE_KIND "${CMAKE_MATCH_3}")
    set(file "${PROJECT_BINARY_DIR}/${rel}/${stem}_${CUPP_DTYPE_NAME}.cpp")
    configure_file("${template}" "${file}" @ONLY)
    list(APPEND files "${file}")
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "no dtype rows found in include/cupp/core/dtype_table.hpp")
  endif()
  set(${out} ${files} PARENT_SCOPE)
endfunction()
