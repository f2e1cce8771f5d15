// The IIR pass of cupx::signal's lfilter and sosfilt (cupp/detail/linear_recurrence.hpp),
// compiled once for float and double: CUDA on the CUDA backend, OpenMP on the host one.
#include <cupp/detail/linear_recurrence.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/linear_recurrence.cuh>
#else
#include <cupp/detail/host/linear_recurrence.hpp>
#endif

namespace cupp::detail {

template void iir_rows<float>(const float*, float*, index_t, index_t, const float*, int,
                              const float*, int, const float*);
template void iir_rows<double>(const double*, double*, index_t, index_t, const double*, int,
                               const double*, int, const double*);

} // namespace cupp::detail
