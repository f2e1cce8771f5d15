#pragma once
// array::astype's casts: one function per target dtype, each compiled in its own file
// (src/array/astype.cpp.in, one per row of the dtype table) with the kernels from every source
// dtype, so the 225 casts compile in parallel and once.
#include <cupp/array.hpp>

namespace cupp::detail {

/// `a` converted to dtype D (a new C-contiguous array).
template <class D> ndarray<D> cast_to(const array& a);

} // namespace cupp::detail
