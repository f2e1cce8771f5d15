#pragma once
/// \file
/// The umbrella header, for users: the NumPy API (arrays, creation, ufuncs, reductions, sorting,
/// linalg, fft, random, I/O, kernels, memory). Two parts are included where they are used, as
/// <algorithm> is apart from <vector>: the STL-style algorithms on device ranges
/// (`cupp/algorithm.hpp`: CUB's device-wide templates) and the Thrust interop
/// (`cupp/interop/thrust.hpp`: `ndarray::begin()`/`end()`, `cupp::device_vector`, `asarray` of a
/// device_vector). Their Thrust and CUB headers were a fifth of every user translation unit's
/// nvcc time (docs/building.md). Library code and tests include the precise headers they use.

#include <cupp/array.hpp>
#include <cupp/array/manipulation.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/event.hpp>
#include <cupp/core/graph.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/fft/helper.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/interop/cuda_array_interface.hpp>
#include <cupp/interop/cuda_mr.hpp>
#include <cupp/interop/dlpack.hpp>
#include <cupp/interop/mdspan.hpp>
#include <cupp/io/npy.hpp>
#include <cupp/io/print.hpp>
#include <cupp/kernel/elementwise.hpp>
#include <cupp/kernel/raw.hpp>
#include <cupp/kernel/rtc_elementwise.hpp>
#include <cupp/linalg/linalg.hpp>
#include <cupp/manipulation/edit.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/pad.hpp>
#include <cupp/manipulation/rearrange.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/convolve.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/memory/adaptors.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/resource.hpp>
#include <cupp/memory/upstream.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/random/random.hpp>
#include <cupp/reduction/differences.hpp>
#include <cupp/reduction/equal.hpp>
#include <cupp/reduction/histogram.hpp>
#include <cupp/reduction/order.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/reduction/stats.hpp>
#include <cupp/reduction/trace.hpp>
#include <cupp/show_config.hpp>
#include <cupp/sorting/search.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>
#include <cupp/windows.hpp>
