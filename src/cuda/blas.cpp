// cuBLAS backend of the dense linear-algebra facility. One handle per (device, host thread), bound
// to the current stream at each call.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/blas.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/linalg/tf32.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/resource.hpp>

#include <cublas_v2.h>

#include <atomic>
#include <climits>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "../core/capture.hpp"
#include "handles.hpp"

#define CUPP_CUBLAS_CHECK(call)                                                                    \
  do {                                                                                             \
    const cublasStatus_t cupp_status_ = (call);                                                    \
    if (cupp_status_ != CUBLAS_STATUS_SUCCESS)                                                     \
      ::cupp::detail::throw_cublas_error(cupp_status_, #call, __FILE__, __LINE__);                 \
  } while (0)

namespace cupp::detail {

namespace {

[[noreturn]] void throw_cublas_error(cublasStatus_t status, const char* expr, const char* file,
                                     int line) {
  if (status == CUBLAS_STATUS_ALLOC_FAILED)
    throw out_of_memory(api_name(expr) + " failed: " + cublasGetStatusString(status));
  throw cuda_error(api_name(expr), static_cast<int>(status),
                   std::string(cublasGetStatusName(status)) + ": " + cublasGetStatusString(status),
                   file, line);
}

// cuBLAS's workspace comes from cupp's memory resource: 32 MiB (NVIDIA's advice for Hopper) per
// (device, stream), shared by the threads that use the stream (its work runs in order) and
// returned when the stream is forgotten (mr::on_forget_stream): one per thread and stream that
// stayed allocated for ever made a program that creates streams as it goes run out of memory.
// cublasSetStream resets the workspace, so both are set on every call.
constexpr std::size_t workspace_bytes = std::size_t{32} << 20;

struct workspace {
  mr::memory_resource* resource;
  void* ptr;
};
struct workspace_table {
  std::mutex mutex;
  std::map<std::pair<int, native_stream>, workspace> by_stream;
  std::atomic<std::uint64_t> epoch{0}; // bumped when a stream's workspaces go
};
workspace_table& workspaces() {
  static workspace_table t;
  return t;
}

void release_workspaces(native_stream s) {
  workspace_table& t = workspaces();
  std::lock_guard lock(t.mutex);
  for (auto it = t.by_stream.begin(); it != t.by_stream.end();)
    if (it->first.second == s) {
      it->second.resource->deallocate_async(it->second.ptr, workspace_bytes, mr::default_alignment,
                                            s);
      it = t.by_stream.erase(it);
    } else {
      ++it;
    }
  t.epoch.fetch_add(1, std::memory_order_acq_rel);
}

/// The workspace of (device, s); the thread's last one is cached, valid while no stream was
/// forgotten since (a new stream may reuse a forgotten one's handle).
void* workspace_for(int device, native_stream s) {
  struct last_used {
    int device = -1;
    native_stream stream{};
    void* ptr = nullptr;
    std::uint64_t epoch = 0;
  };
  thread_local last_used last;
  workspace_table& t = workspaces();
  const std::uint64_t epoch = t.epoch.load(std::memory_order_acquire);
  if (last.ptr && last.device == device && last.stream == s && last.epoch == epoch) return last.ptr;
  static const bool hooked = (mr::on_forget_stream(&release_workspaces), true);
  (void)hooked;
  std::lock_guard lock(t.mutex);
  auto [it, added] = t.by_stream.try_emplace({device, s}, workspace{nullptr, nullptr});
  if (added) {
    try {
      mr::memory_resource* r = mr::get_current_resource(device);
      it->second = {r, r->allocate_async(workspace_bytes, mr::default_alignment, s)};
    } catch (...) {
      t.by_stream.erase(it);
      throw;
    }
  }
  last = {device, s, it->second.ptr, epoch};
  return last.ptr;
}

} // namespace

cublasHandle_t cublas_handle() {
  cublasHandle_t h = thread_handle<cublasHandle_t>(
      [] {
        cublasHandle_t made{};
        CUPP_CUBLAS_CHECK(cublasCreate(&made));
        // float16/bfloat16 GEMMs sum in float32 to the end: no split-K partial sums rounded to the
        // output's half type (NumPy's half matmul sums in float32 and rounds once)
        CUPP_CUBLAS_CHECK(cublasSetMathMode(
            made, static_cast<cublasMath_t>(CUBLAS_DEFAULT_MATH |
                                            CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)));
        return made;
      },
      [](cublasHandle_t made) { cublasDestroy(made); });
  const native_stream s = current_stream();
  CUPP_CUBLAS_CHECK(cublasSetStream(h, s));
  void* captured = capture_workspace(workspace_bytes); // a graph's launches have their own
  CUPP_CUBLAS_CHECK(cublasSetWorkspace(h, captured ? captured : workspace_for(current_device(), s),
                                       workspace_bytes));
  return h;
}

namespace {

int to_int(index_t v, const char* what) {
  if (v > INT_MAX)
    throw value_error(std::string("cuBLAS ") + what + " " + std::to_string(v) +
                      " exceeds the 32-bit limit of this call");
  return static_cast<int>(v);
}

cublasOperation_t op(bool trans) { return trans ? CUBLAS_OP_T : CUBLAS_OP_N; }

// cuBLAS's element type of T: cuComplex and cuDoubleComplex have complex64's and complex128's
// layout.
template <class T> struct blas_type { using type = T; };
template <> struct blas_type<complex64> { using type = cuComplex; };
template <> struct blas_type<complex128> { using type = cuDoubleComplex; };
template <class T> auto as_blas(T* p) { return reinterpret_cast<typename blas_type<T>::type*>(p); }
template <class T> auto as_blas(const T* p) {
  return reinterpret_cast<const typename blas_type<T>::type*>(p);
}

// Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: swap the operands.
template <class T, class Gemm>
void gemm_impl(Gemm fn, bool ta, bool tb, index_t m, index_t n, index_t k, const T* a, index_t lda,
               const T* b, index_t ldb, T* c, index_t ldc) {
  const T one(1), zero(0);
  cublasHandle_t h = cublas_handle();
  CUPP_CUBLAS_CHECK(fn(h, op(tb), op(ta), to_int(n, "dimension"), to_int(m, "dimension"),
                       to_int(k, "dimension"), as_blas(&one), as_blas(b),
                       to_int(ldb, "leading dimension"), as_blas(a),
                       to_int(lda, "leading dimension"), as_blas(&zero), as_blas(c),
                       to_int(ldc, "leading dimension")));
}

template <class T, class Gemm>
void gemm_batched_impl(Gemm fn, bool ta, bool tb, index_t m, index_t n, index_t k, const T* a,
                       index_t lda, index_t sa, const T* b, index_t ldb, index_t sb, T* c,
                       index_t ldc, index_t sc, index_t count) {
  const T one(1), zero(0);
  cublasHandle_t h = cublas_handle();
  CUPP_CUBLAS_CHECK(fn(h, op(tb), op(ta), to_int(n, "dimension"), to_int(m, "dimension"),
                       to_int(k, "dimension"), as_blas(&one), as_blas(b),
                       to_int(ldb, "leading dimension"), sb, as_blas(a),
                       to_int(lda, "leading dimension"), sa, as_blas(&zero), as_blas(c),
                       to_int(ldc, "leading dimension"), sc, to_int(count, "batch count")));
}

// cublasGemmStridedBatchedEx: element type t, compute type ct (float32 sums; for TF32, float32
// inputs rounded to TF32 on tensor cores), float alpha and beta. Row-major as gemm_impl.
void gemm_ex(cudaDataType t, cublasComputeType_t ct, bool ta, bool tb, index_t m, index_t n,
             index_t k, const void* a, index_t lda, index_t sa, const void* b, index_t ldb,
             index_t sb, void* c, index_t ldc, index_t sc, index_t count) {
  const float one = 1.0f, zero = 0.0f;
  cublasHandle_t h = cublas_handle();
  CUPP_CUBLAS_CHECK(cublasGemmStridedBatchedEx(
      h, op(tb), op(ta), to_int(n, "dimension"), to_int(m, "dimension"), to_int(k, "dimension"),
      &one, b, t, to_int(ldb, "leading dimension"), sb, a, t, to_int(lda, "leading dimension"), sa,
      &zero, c, t, to_int(ldc, "leading dimension"), sc, to_int(count, "batch count"), ct,
      CUBLAS_GEMM_DEFAULT));
}

template <class T, class Dot>
void dot_impl(Dot fn, index_t n, const T* x, index_t incx, const T* y, index_t incy, T* result) {
  cublasHandle_t h = cublas_handle();
  // Device pointer mode keeps the result on the device: no synchronisation.
  CUPP_CUBLAS_CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  const cublasStatus_t status = fn(h, to_int(n, "length"), as_blas(x), to_int(incx, "increment"),
                                   as_blas(y), to_int(incy, "increment"), as_blas(result));
  CUPP_CUBLAS_CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  CUPP_CUBLAS_CHECK(status);
}

} // namespace

void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
          const float* b, index_t ldb, float* c, index_t ldc) {
  if (linalg::tf32_allowed())
    return gemm_ex(CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, ta, tb, m, n, k, a, lda, 0, b, ldb, 0,
                   c, ldc, 0, 1);
  gemm_impl(cublasSgemm, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
          const double* b, index_t ldb, double* c, index_t ldc) {
  gemm_impl(cublasDgemm, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex64* a, index_t lda,
          const complex64* b, index_t ldb, complex64* c, index_t ldc) {
  gemm_impl(cublasCgemm, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex128* a, index_t lda,
          const complex128* b, index_t ldb, complex128* c, index_t ldc) {
  gemm_impl(cublasZgemm, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
                  index_t sa, const float* b, index_t ldb, index_t sb, float* c, index_t ldc,
                  index_t sc, index_t count) {
  if (linalg::tf32_allowed())
    return gemm_ex(CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, ta, tb, m, n, k, a, lda, sa, b, ldb,
                   sb, c, ldc, sc, count);
  gemm_batched_impl(cublasSgemmStridedBatched, ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc,
                    count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
                  index_t sa, const double* b, index_t ldb, index_t sb, double* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_batched_impl(cublasDgemmStridedBatched, ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc,
                    count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const complex64* a,
                  index_t lda, index_t sa, const complex64* b, index_t ldb, index_t sb,
                  complex64* c, index_t ldc, index_t sc, index_t count) {
  gemm_batched_impl(cublasCgemmStridedBatched, ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc,
                    count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const complex128* a,
                  index_t lda, index_t sa, const complex128* b, index_t ldb, index_t sb,
                  complex128* c, index_t ldc, index_t sc, index_t count) {
  gemm_batched_impl(cublasZgemmStridedBatched, ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc,
                    count);
}

void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const float16* a, index_t lda,
                  index_t sa, const float16* b, index_t ldb, index_t sb, float16* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_ex(CUDA_R_16F, CUBLAS_COMPUTE_32F, ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc,
          count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const bfloat16* a, index_t lda,
                  index_t sa, const bfloat16* b, index_t ldb, index_t sb, bfloat16* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_ex(CUDA_R_16BF, CUBLAS_COMPUTE_32F, ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc,
          count);
}

void dot(index_t n, const float* x, index_t incx, const float* y, index_t incy, float* result) {
  dot_impl(cublasSdot, n, x, incx, y, incy, result);
}
void dot(index_t n, const double* x, index_t incx, const double* y, index_t incy, double* result) {
  dot_impl(cublasDdot, n, x, incx, y, incy, result);
}
void dot(index_t n, const complex64* x, index_t incx, const complex64* y, index_t incy,
         complex64* result) {
  dot_impl(cublasCdotu, n, x, incx, y, incy, result);
}
void dot(index_t n, const complex128* x, index_t incx, const complex128* y, index_t incy,
         complex128* result) {
  dot_impl(cublasZdotu, n, x, incx, y, incy, result);
}
void dotc(index_t n, const complex64* x, index_t incx, const complex64* y, index_t incy,
          complex64* result) {
  dot_impl(cublasCdotc, n, x, incx, y, incy, result);
}
void dotc(index_t n, const complex128* x, index_t incx, const complex128* y, index_t incy,
          complex128* result) {
  dot_impl(cublasZdotc, n, x, incx, y, incy, result);
}

} // namespace cupp::detail
