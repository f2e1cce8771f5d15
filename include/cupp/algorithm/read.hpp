#pragma once
/// \file
/// How the public algorithms hand an iterator to cupp's detail facilities, which take an index
/// functor `f(i)`: the i-th element of the range, converted to the algorithm's value type.

#include <cupp/core/config.hpp>

namespace cupp::detail {

template <class T, class It> struct read_as {
  It first;
  CUPP_HD T operator()(index_t i) const { return static_cast<T>(first[i]); }
};

} // namespace cupp::detail
