#pragma once
/// \file
/// The complete array: `cupp::ndarray<T>` (core/ndarray.hpp), expression evaluation
/// (expr/evaluate.hpp), basic and advanced indexing (indexing/), and the member functions that
/// evaluate expressions or move data, defined here. Library headers and programs include this;
/// core/ndarray.hpp alone is the class for the pieces the complete array is built from.

#include <cupp/core/ndarray.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/math/arithmetic.hpp>

namespace cupp {

template <class V> std::vector<V> ndarray<V>::get() const {
  if constexpr (std::is_same_v<V, bool>) { // std::vector<bool> has no contiguous storage
    std::unique_ptr<bool[]> buffer(new bool[static_cast<std::size_t>(size())]);
    get(buffer.get());
    return std::vector<bool>(buffer.get(), buffer.get() + size());
  } else {
    std::vector<V> host;
    host.reserve(static_cast<std::size_t>(size()));
    detail::prefault_host(host.data(), static_cast<std::size_t>(nbytes()));
    host.resize(static_cast<std::size_t>(size())); // std::vector zero-fills; the pages are in
    get(host.data());
    return host;
  }
}

template <class V> void ndarray<V>::get(V* host) const {
  if (detail::elsewhere(device_)) { // on the stream the array's own work is ordered on
    const device_guard on(device_);
    get(host);
    return;
  }
  const ndarray src = is_c_contiguous() ? *this : copy();
  detail::copy_to_host(host, src.data(), static_cast<std::size_t>(nbytes()), current_stream());
}

template <class V> ndarray<V>& ndarray<V>::fill(V value) {
  expr::assign_to(*this, expr::scalar<V>{value});
  return *this;
}

template <class V> ndarray<V> ndarray<V>::copy() const {
  if (detail::elsewhere(device_)) { // as CuPy's: the copy lives on the array's device
    const device_guard on(device_);
    return copy();
  }
  ndarray out(shape_);
  if (is_c_contiguous()) {
    detail::copy_bytes_async(out.data(), data_, static_cast<std::size_t>(nbytes()),
                             current_stream());
  } else {
    expr::assign_to(out, *this);
  }
  return out;
}

template <class V> ndarray<V> ndarray<V>::to_device(int device) const {
  detail::check_device_id(device);
  if (device == device_) return copy();
  const ndarray src = is_c_contiguous() ? *this : copy();
  const device_guard on(device);
  ndarray out(shape_);
  detail::copy_between_devices(out.data(), src.data(), device_, static_cast<std::size_t>(nbytes()));
  return out;
}

template <class V> ndarray<V> ndarray<V>::reshape(shape_t shape, char order) const {
  if (order != 'C' && order != 'F') throw value_error("order must be one of 'C' or 'F'");
  int unknown = -1;
  index_t known = 1;
  for (int d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (unknown >= 0) throw value_error("can only specify one unknown dimension");
      unknown = d;
    } else if (shape[d] < 0) {
      throw value_error("negative dimensions are not allowed");
    } else {
      known *= shape[d];
    }
  }
  if (unknown >= 0 && known != 0 && size() % known == 0) shape[unknown] = size() / known;
  if ((unknown >= 0 && (known == 0 || size() % known != 0)) || shape_size(shape) != size())
    throw value_error("cannot reshape array of size " + std::to_string(size()) + " into shape " +
                      shape_repr(shape));
  if (order == 'F') { // Fortran order is C order on the reversed axes
    shape_t reversed;
    for (int d = shape.size() - 1; d >= 0; --d)
      reversed.push_back(shape[d]);
    return transpose().reshape(reversed).transpose();
  }
  if (const auto st = detail::reshape_strides(shape_, strides_, shape))
    return ndarray(data_, shape, *st, owner_, device_);
  const ndarray src = copy(); // NumPy copies exactly when no strides describe the new shape
  return ndarray(src.data_, shape, c_strides(shape), src.owner_, src.device_);
}

template <class V> template <class E> ndarray<V>& ndarray<V>::assign(const E& e) {
  expr::assign_to(*this, e);
  return *this;
}

template <class V>
template <template <class> class Op, class E>
ndarray<V>& ndarray<V>::compound(const E& e) {
  // `a += b` is np.add(a, b, out=a): 'same_kind' casting, NumPy's shape errors, and an operand
  // that overlaps `a` other than element for element is copied first
  (void)expr::ufunc_out(*this, expr::binary_node<Op>(*this, e));
  return *this;
}

template <class V> template <class E> ndarray<V>& ndarray<V>::operator+=(const E& e) {
  return compound<ops::add>(e);
}
template <class V> template <class E> ndarray<V>& ndarray<V>::operator-=(const E& e) {
  return compound<ops::subtract>(e);
}
template <class V> template <class E> ndarray<V>& ndarray<V>::operator*=(const E& e) {
  return compound<ops::multiply>(e);
}
template <class V> template <class E> ndarray<V>& ndarray<V>::operator/=(const E& e) {
  return compound<ops::divide>(e);
}

} // namespace cupp
