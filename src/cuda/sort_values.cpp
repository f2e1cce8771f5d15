// sort_values (detail/sort.hpp) on the CUDA backend: CUB's radix sort of the floating-point values
// themselves (it orders their bits), then the NaNs with the sign bit moved last.
#include <cupp/core/ndarray.hpp>
#include <cupp/detail/cuda/cub_call.cuh>
#include <cupp/detail/sort.hpp>
#include <cupp/detail/sort_values.hpp>

#include <cub/device/device_radix_sort.cuh>

namespace cupp::detail {

template <class F> void sort_values(index_t n, const F* in, F* out) {
  if (n <= 0) return;
  cub_call("cub::DeviceRadixSort", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, n, 0, int(sizeof(F) * 8), s);
  });
  ndarray<index_t> count(shape_t{});
  move_negative_nans_last(n, out, count.data());
}

template void sort_values<float>(index_t, const float*, float*);
template void sort_values<double>(index_t, const double*, double*);

} // namespace cupp::detail
