# cupp_sources(<file>...): compiles the given sources for cupp's backend. On the CUDA backend cupp's
# headers hold kernels, so sources that include them are compiled by nvcc (as with Thrust); on the
# host backend they stay C++.
#
# A macro, not a function: CMake enables a language per directory, and only at file scope, so the
# CUDA language (with sm_90 unless CMAKE_CUDA_ARCHITECTURES says otherwise, and nvcc's C++20 flag)
# is enabled here, in the directory of the caller: add_subdirectory(cupp) cannot do it for its
# parent, and find_package(cupp) does it for its caller too.
macro(cupp_sources)
  if(CUPP_BACKEND STREQUAL "cuda")
    cupp_enable_cuda()
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CUDA)
  endif()
endmacro()

# Enables CUDA in the calling directory if it is not yet (a no-op below a directory that has it).
macro(cupp_enable_cuda)
  if(NOT CMAKE_CUDA_COMPILE_OBJECT)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)
    endif()
    enable_language(CUDA)
    if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION) # CMake < 3.26 does not know nvcc's C++20 flag
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
  endif()
endmacro()

# The backend rule, the same as scripts/common.sh's: cuda when nvcc is found and nvidia-smi lists a
# GPU, host otherwise (a CUDA build cannot run without a GPU). -DCUPP_BACKEND=cuda|host overrides it.
function(cupp_default_backend out)
  include(CheckLanguage)
  check_language(CUDA)
  set(backend host)
  if(CMAKE_CUDA_COMPILER)
    find_program(CUPP_NVIDIA_SMI nvidia-smi)
    if(CUPP_NVIDIA_SMI)
      execute_process(COMMAND ${CUPP_NVIDIA_SMI} -L OUTPUT_VARIABLE gpus RESULT_VARIABLE rc
                      ERROR_QUIET)
      if(rc EQUAL 0 AND gpus MATCHES "^GPU")
        set(backend cuda)
      endif()
    endif()
  endif()
  set(${out} ${backend} PARENT_SCOPE)
endfunction()
