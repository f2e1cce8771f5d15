// make_storage (core/storage.hpp) for every dtype of the table: the one place that constructs the
// arrays' device_vectors (nvcc compiles it on the CUDA backend, as Thrust's CUDA system needs).
#include <cupp/core/storage.hpp>
#include <cupp/memory/allocator.hpp>

namespace cupp::detail {

template <class T> storage<T> make_storage(index_t n, int device) {
  auto v = std::make_shared<device_vector<T>>(static_cast<std::size_t>(n), allocator<T>(device));
  T* data = v->data().get();
  return {std::move(v), data};
}

#define CUPP_STORAGE_INSTANCE(T, ...) template storage<T> make_storage<T>(index_t, int);
CUPP_DTYPE_TABLE(CUPP_STORAGE_INSTANCE)
#undef CUPP_STORAGE_INSTANCE

} // namespace cupp::detail
