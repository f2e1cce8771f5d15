# The libtorch client (issue 18): CUPP_LIBTORCH_DIR is PyTorch's package directory, whose include/
# and lib/ are libtorch's (python3 -c "import torch, os; print(os.path.dirname(torch.__file__))").
# Linked directly, not through find_package(Torch), whose configuration also asks for cuDNN and
# the toolkit PyTorch was built with; the CUDA backend adds torch_cuda and c10_cuda.
set(CUPP_LIBTORCH_DIR "" CACHE PATH "PyTorch's package directory: builds the libtorch DLPack test")

# libtorch uses the system's libstdc++.so.6. A compiler whose libstdc++ is only a static archive
# (the device machine's /opt/gcc) gives the program a second, private C++ library, and objects
# crossing between the two end in "free(): invalid pointer" (docs/building.md): refuse it here
# rather than build a test that aborts.
if(CUPP_LIBTORCH_DIR AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++.so
    OUTPUT_VARIABLE cupp_libstdcxx OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT IS_ABSOLUTE "${cupp_libstdcxx}")
    message(FATAL_ERROR "CUPP_LIBTORCH_DIR: ${CMAKE_CXX_COMPILER} has no shared libstdc++, and "
      "a program linking libtorch would carry two C++ libraries; configure with the compiler "
      "libtorch was built for (e.g. CXX=/usr/bin/g++ CC=/usr/bin/gcc CUDAHOSTCXX=/usr/bin/g++)")
  endif()
endif()

function(cupp_link_libtorch target)
  target_include_directories(${target} SYSTEM PRIVATE
    ${CUPP_LIBTORCH_DIR}/include ${CUPP_LIBTORCH_DIR}/include/torch/csrc/api/include)
  set(libs torch_cpu c10)
  if(CUPP_BACKEND STREQUAL "cuda")
    list(APPEND libs torch_cuda c10_cuda)
    # torch_cuda's own libraries (cuDNN, cuSPARSELt...) are found at run time through its RUNPATH;
    # and torch_cuda is linked even though no symbol of it is referenced: loading it registers
    # the CUDA kernels (without it every CUDA operation fails with "DispatchStub: missing kernel
    # for cuda", seen on the H200), as PyTorch's own CMake configuration does
    target_link_options(${target} PRIVATE "LINKER:--allow-shlib-undefined" "LINKER:--no-as-needed")
  endif()
  foreach(lib ${libs})
    target_link_libraries(${target} PRIVATE ${CUPP_LIBTORCH_DIR}/lib/lib${lib}.so)
  endforeach()
  set_target_properties(${target} PROPERTIES BUILD_RPATH ${CUPP_LIBTORCH_DIR}/lib)
endfunction()
