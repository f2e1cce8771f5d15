// cupp::array's members that are not one-line visits: construction of a dtype known at run
// time, conversion (through the per-dtype casts of cast.hpp), copies, views, host bytes, printing.
#include <cupp/array.hpp>
#include <cupp/io/print.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <ostream>

#include "cast.hpp"

namespace cupp {

array::array(cupp::dtype d, const shape_t& shape)
    : v_(cupp::visit(d, [&](auto t) -> variant_type { return ndarray<decltype(t)>(shape); })) {}

array array::astype(cupp::dtype d) const {
  return cupp::visit(d, [&](auto t) -> array { return detail::cast_to<decltype(t)>(*this); });
}

array array::copy() const {
  return visit([](const auto& a) -> array { return a.copy(); });
}

array array::reshape(const shape_t& shape) const {
  return visit([&](const auto& a) -> array { return a.reshape(shape); });
}

array array::transpose() const {
  return visit([](const auto& a) -> array { return a.transpose(); });
}

std::vector<std::byte> array::get_bytes() const {
  std::vector<std::byte> bytes(static_cast<std::size_t>(nbytes()));
  visit([&](const auto& a) {
    using T = typename std::decay_t<decltype(a)>::value_type;
    if (!bytes.empty()) a.get(reinterpret_cast<T*>(bytes.data()));
  });
  return bytes;
}

std::ostream& operator<<(std::ostream& os, const array& a) {
  return a.visit([&](const auto& x) -> std::ostream& { return os << x; });
}

} // namespace cupp
