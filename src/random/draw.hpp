#pragma once
// What every Generator method does (src/random/*.cpp): the result's shape from `size` and the
// array parameters, NumPy's checks of scalar parameters, the parameter pack of the kernel, and
// the call (detail/random/generate_impl.hpp).
#include <cupp/detail/random/generate_impl.hpp>
#include <cupp/random/generator.hpp>

#include <string>
#include <vector>

namespace cupp::random {
namespace dr = detail::random;

namespace drawing {

struct spec {
  const param& p;
  dr::constraint cons;
  const char* name;
};

// The result's shape: `size`, to which the array parameters of these shapes must broadcast, or
// else their broadcast shape (0-d for none).
inline shape_t result_shape_of(const std::vector<shape_t>& arrays, const size_arg& size) {
  shape_t b{};
  std::vector<shape_t> shapes;
  for (const shape_t& a : arrays) {
    shapes.push_back(a);
    if (!broadcast_into(b, a)) throw value_error(broadcast_message(shapes));
  }
  if (!size.shape()) return b;
  const shape_t& out = *size.shape();
  shape_t t = out;
  const bool broadcasts = broadcast_into(t, b);
  if (broadcasts && t != out) // NumPy's validate_output_shape
    throw value_error("Output size " + shape_repr(out) +
                      " is not compatible with broadcast dimensions of inputs " + shape_repr(b) +
                      ".");
  if (!broadcasts) {
    std::string m = "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch "
                    "is between arg 0 with shape " +
                    shape_repr(out);
    for (std::size_t k = 0; k < shapes.size(); ++k)
      m += " and arg " + std::to_string(k + 1) + " with shape " + shape_repr(shapes[k]);
    throw value_error(m + ".");
  }
  return out;
}
inline shape_t result_shape(std::initializer_list<spec> specs, const size_arg& size) {
  std::vector<shape_t> arrays;
  for (const spec& s : specs)
    if (s.p.is_array()) arrays.push_back(s.p.array().shape());
  return result_shape_of(arrays, size);
}

inline dr::param_pack<double> pack(std::initializer_list<spec> specs, const shape_t& shape) {
  dr::param_pack<double> pk;
  int k = 0;
  for (const spec& s : specs) {
    dr::param_ref<double>& r = pk.p[k++];
    r.cons = s.cons;
    r.name = s.name;
    if (s.p.is_array()) {
      const ndarray<double>& a = s.p.array();
      r.data = a.data();
      r.map = detail::make_offset_map(shape, detail::align_strides(shape, a.shape(), a.strides()));
    } else {
      dr::check_scalar(s.cons, s.p.value(), s.name);
      r.value = s.p.value();
    }
  }
  return pk;
}

template <class Dist, class T, class P>
void fill(philox& bits, ndarray<T>& out, const dr::param_pack<P>& pk) {
  // NumPy's fill functions take C- or F-contiguous out and fill it in memory order
  if (!out.is_c_contiguous() && !out.is_f_contiguous())
    throw value_error("Supplied output array must be contiguous, writable, aligned, and in "
                      "machine byte-order.");
  const dr::call_key key = bits.next_call(); // a call of zero elements still takes its number
  dr::generate<Dist, T, P>(key, out.data(), out.size(), pk);
}

template <class Dist, class T>
ndarray<T> draw(philox& bits, std::initializer_list<spec> specs, const size_arg& size) {
  const shape_t shape = result_shape(specs, size);
  const dr::param_pack<double> pk = pack(specs, shape);
  ndarray<T> out(shape);
  fill<Dist>(bits, out, pk);
  return out;
}

inline dr::param_pack<double> scalars(double p0, double p1) {
  dr::param_pack<double> pk;
  pk.p[0].value = p0;
  pk.p[1].value = p1;
  return pk;
}

} // namespace drawing
} // namespace cupp::random
