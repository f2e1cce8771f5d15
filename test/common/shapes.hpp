#pragma once
// Shape helpers shared by the tests: S(2, 3) for a shape, check_same for two spellings of one
// operation.
#include "common/testing.hpp"

#include <type_traits>

namespace cupp_test {

/// A shape from any integers: `S(2, 3)`.
template <class... I> cupp::shape_t S(I... e) { return cupp::shape_t{cupp::index_t(e)...}; }

/// Two spellings of one operation give the same dtype, shape and values, exactly.
template <class A, class B> void check_same(const A& a, const B& b) {
  static_assert(std::is_same_v<A, B>);
  CHECK(a.shape() == b.shape());
  CHECK(host(a) == host(b));
}

} // namespace cupp_test
