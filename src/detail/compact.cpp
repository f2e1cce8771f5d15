// detail/compact.hpp for every dtype of the table: the selection facility (CUB DeviceSelect and
// DeviceScan on the CUDA backend) compiled here once.
#include <cupp/detail/compact.hpp>
#include <cupp/detail/select.hpp>

namespace cupp::detail {

namespace {
struct mask_at { // CUB copies predicates into every thread: a bare pointer
  const bool* mask;
  CUPP_HD bool operator()(index_t i) const { return mask[i]; }
};
} // namespace

template <class T>
void compact(index_t n, const T* values, const bool* flags, T* out, index_t* count) {
  select_flagged(n, values, flags, out, count);
}

void count_before(index_t n, const bool* mask, index_t* out) {
  exclusive_count(n, mask_at{mask}, out);
}

#define CUPP_COMPACT_INSTANCE(T, ...)                                                              \
  template void compact<T>(index_t, const T*, const bool*, T*, index_t*);
CUPP_DTYPE_TABLE(CUPP_COMPACT_INSTANCE)
#undef CUPP_COMPACT_INSTANCE

} // namespace cupp::detail
