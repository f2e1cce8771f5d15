// sort_values (detail/sort.hpp) on the host backend: a stable sort by the bits as CUB's radix sort
// orders them (sign bit set: all bits inverted; else the sign bit set; -0.0 as +0.0, so zeros keep
// their order), then the NaNs with the sign bit moved last, as on the CUDA backend: the same
// result, bit for bit.
#include <cupp/core/ndarray.hpp>
#include <cupp/detail/host/launch.hpp>
#include <cupp/detail/sort.hpp>
#include <cupp/detail/sort_values.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace cupp::detail {

namespace {
template <class F> auto radix_order(F x) {
  using U = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  U k;
  std::memcpy(&k, &x, sizeof k);
  constexpr U sign = U(1) << (8 * sizeof(U) - 1);
  if (k == sign) k = 0; // -0.0 ties with +0.0, as in CUB
  return (k & sign) ? U(~k) : U(k | sign);
}
} // namespace

template <class F> void sort_values(index_t n, const F* in, F* out) {
  if (n <= 0) return;
  launch_for_each(1, [=](index_t) { // a task of the host's graph capture, as every host launch
    std::copy(in, in + n, out);
    std::stable_sort(out, out + n, [](F a, F b) { return radix_order(a) < radix_order(b); });
  });
  ndarray<index_t> count(shape_t{});
  move_negative_nans_last(n, out, count.data());
}

template void sort_values<float>(index_t, const float*, float*);
template void sort_values<double>(index_t, const double*, double*);

} // namespace cupp::detail
