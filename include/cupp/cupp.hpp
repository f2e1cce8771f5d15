#pragma once
/// \file
/// The umbrella header, for users: everything cupp offers. Library code and tests include the
/// precise headers they use.

#include <cupp/algorithm.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/ndarray.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/io/print.hpp>
#include <cupp/kernel/elementwise.hpp>
#include <cupp/kernel/raw.hpp>
#include <cupp/kernel/rtc_elementwise.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/pad.hpp>
#include <cupp/manipulation/rearrange.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/memory/adaptors.hpp>
#include <cupp/memory/allocator.hpp>
#include <cupp/memory/concepts.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/resource.hpp>
#include <cupp/memory/upstream.hpp>
#include <cupp/reduction/axis.hpp>
#include <cupp/reduction/order.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/reduction/stats.hpp>
#include <cupp/sorting/search.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

/// Version of cupp.
#define CUPP_VERSION_MAJOR 0
#define CUPP_VERSION_MINOR 1
#define CUPP_VERSION_PATCH 0

namespace cupp {
inline constexpr const char* version = "0.1.0";
} // namespace cupp
