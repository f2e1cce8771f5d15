#pragma once
// Test dtype lists by NumPy kind, filtered from core's dtype table: for tests split over
// translation units by kind, for compile time.

#include <cupp/core/dtype_table.hpp>
#include <cupp/core/half.hpp>

#include <type_traits>

namespace cupp_test {

/// The dtypes of NumPy kinds `Kinds` ('b', 'i', 'u', 'f'), without the 16-bit floats.
template <char... Kinds> struct of_kinds {
  template <class T>
  struct pred : std::bool_constant<((cupp::dtype_kind(cupp::dtype_of<T>()) == Kinds) || ...) &&
                                   !cupp::is_half_v<T>> {};
};
template <char... Kinds>
using kind_dtypes = cupp::filter_dtypes_t<of_kinds<Kinds...>::template pred>;

} // namespace cupp_test
