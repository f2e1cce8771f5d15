# cupp_sources(<file>...): compiles the given sources for cupp's backend. On the CUDA backend cupp's
# headers hold kernels, so sources that include them are compiled by nvcc (as with Thrust); on the
# host backend they stay C++.
function(cupp_sources)
  if(CUPP_BACKEND STREQUAL "cuda")
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CUDA)
  endif()
endfunction()
