// cupp::array's shape functions (array/manipulation.hpp): a visit of the dtype and the typed
// function; concatenate and stack first convert every array to the common dtype.
#include <cupp/array/manipulation.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>

namespace cupp {

namespace {

template <class F> array each(const array& a, F&& f) {
  return a.visit([&](const auto& x) -> array { return f(x); });
}

// The arrays converted to their common dtype, as the typed list F (concatenate or stack) takes.
template <class F> array joined(const std::vector<array>& arrays, F&& f) {
  if (arrays.empty()) throw value_error("need at least one array to concatenate");
  dtype common = arrays.front().dtype();
  for (const array& a : arrays)
    common = promote_types(common, a.dtype());
  return visit(common, [&](auto t) -> array {
    using T = decltype(t);
    std::vector<ndarray<T>> typed;
    typed.reserve(arrays.size());
    for (const array& a : arrays)
      typed.push_back(a.dtype() == common ? a.as<T>() : a.astype<T>());
    return f(typed);
  });
}

} // namespace

array reshape(const array& a, const shape_t& shape) { return a.reshape(shape); }
array transpose(const array& a) { return a.transpose(); }
array transpose(const array& a, const std::vector<index_t>& axes) {
  return each(a, [&](const auto& x) { return transpose(x, axes); });
}
array swapaxes(const array& a, index_t axis1, index_t axis2) {
  return each(a, [&](const auto& x) { return swapaxes(x, axis1, axis2); });
}
array moveaxis(const array& a, index_t source, index_t destination) {
  return each(a, [&](const auto& x) { return moveaxis(x, source, destination); });
}
array squeeze(const array& a, std::optional<index_t> axis) {
  return each(a, [&](const auto& x) { return axis ? squeeze(x, *axis) : squeeze(x); });
}
array expand_dims(const array& a, index_t axis) {
  return each(a, [&](const auto& x) { return expand_dims(x, axis); });
}
array broadcast_to(const array& a, const shape_t& shape) {
  return each(a, [&](const auto& x) { return broadcast_to(x, shape); });
}
array flip(const array& a, std::optional<index_t> axis) {
  return each(a, [&](const auto& x) { return axis ? flip(x, *axis) : flip(x); });
}
array ravel(const array& a) {
  return each(a, [](const auto& x) { return ravel(x); });
}
array flatten(const array& a) {
  return each(a, [](const auto& x) { return flatten(x); });
}
array concatenate(const std::vector<array>& arrays, index_t axis) {
  return joined(arrays, [&](const auto& typed) { return concatenate(typed, axis); });
}
array stack(const std::vector<array>& arrays, index_t axis) {
  return joined(arrays, [&](const auto& typed) { return stack(typed, axis); });
}

} // namespace cupp
