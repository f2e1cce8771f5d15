// cuSOLVER backend of the dense-solver facility (and cuBLAS's trsm). A lone matrix goes to
// cuSOLVER's 64-bit API; a batch to the batched routines where they exist (cuBLAS's LU and
// triangular solve, cuSOLVER's Cholesky and symmetric eigensolver), else to one call per matrix.
// Workspaces come from the pool on the current stream (never cudaMalloc inside a call); info
// results stay on the device. A large real system's solve after its LU goes by blocks through
// cuBLAS (getrs_blocked) instead of getrs. Compiled by nvcc for the kernels that list a batch's
// matrices for the pointer-array routines and exchange a solve's rows.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/scratch.hpp>
#include <cupp/detail/solver.hpp>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "handles.hpp"

#define CUPP_CUSOLVER_CHECK(call)                                                                  \
  do {                                                                                             \
    const cusolverStatus_t cupp_status_ = (call);                                                  \
    if (cupp_status_ != CUSOLVER_STATUS_SUCCESS)                                                   \
      ::cupp::detail::lapack::throw_cusolver_error(static_cast<int>(cupp_status_), #call,          \
                                                   __FILE__, __LINE__);                            \
  } while (0)

namespace cupp::detail {

namespace lapack {
[[noreturn]] void throw_cusolver_error(int status, const char* expr, const char* file, int line) {
  if (status == CUSOLVER_STATUS_ALLOC_FAILED) throw out_of_memory(api_name(expr) + " failed");
  throw cuda_error(api_name(expr), status, "cusolverStatus_t " + std::to_string(status), file,
                   line);
}
} // namespace lapack

cusolver_context cusolver_handle() {
  cusolver_context c = thread_handle<cusolver_context>(
      [] {
        cusolver_context made{};
        CUPP_CUSOLVER_CHECK(cusolverDnCreate(&made.handle));
        CUPP_CUSOLVER_CHECK(cusolverDnCreateParams(&made.params));
        return made;
      },
      [](cusolver_context made) {
        cusolverDnDestroyParams(made.params);
        cusolverDnDestroy(made.handle);
      });
  CUPP_CUSOLVER_CHECK(cusolverDnSetStream(c.handle, current_stream()));
  return c;
}

namespace lapack {

namespace {

#define CUPP_CUBLAS_STATUS(call)                                                                   \
  do {                                                                                             \
    const cublasStatus_t cupp_status_ = (call);                                                    \
    if (cupp_status_ != CUBLAS_STATUS_SUCCESS)                                                     \
      throw cuda_error(api_name(#call), static_cast<int>(cupp_status_),                            \
                       cublasGetStatusString(cupp_status_), __FILE__, __LINE__);                   \
  } while (0)

// Stacks of matrices with both sides up to this go to the batched Jacobi SVD (its limit), one
// launch for the stack: one gesvd per matrix cost 1.1 ms each (1000 32x32: 1124 ms).
constexpr index_t jacobi_svd_max = 32;
// Stacks of Hermitian matrices up to this order go to the batched Jacobi eigensolver (its limit;
// CuPy's choice for stacks): XsyevBatched took 0.626 ms for 1000 32x32 float32 on an H100 where
// CuPy's syevjBatched took 0.542.
constexpr index_t jacobi_eig_max = 32;

// Batches of matrices up to this order go to cuBLAS's batched LU and triangular solves (one
// launch for the batch); larger ones are done one by one, where the blocked routines are the
// faster (cuBLAS's advice for trsmBatched too).
constexpr index_t batched_max = 128;

cudaDataType data_type(scalar t) {
  constexpr cudaDataType types[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F};
  return types[static_cast<int>(t)];
}
cudaDataType real_type(scalar t) {
  return t == scalar::s || t == scalar::c ? CUDA_R_32F : CUDA_R_64F;
}
std::size_t element_bytes(scalar t) {
  constexpr std::size_t bytes[] = {4, 8, 8, 16};
  return bytes[static_cast<int>(t)];
}

int to_int(index_t v) {
  if (v > INT_MAX)
    throw value_error("linalg: dimension " + std::to_string(v) +
                      " exceeds the 32-bit limit of cuSOLVER's batched routines");
  return static_cast<int>(v);
}

// The routines without a 64-bit form, by element type (cuComplex has complex64's layout).
template <class T> struct typed;
template <> struct typed<float> {
  static constexpr auto getrf_size = cusolverDnSgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnSgetrf;
  static constexpr auto getrs = cusolverDnSgetrs;
  static constexpr auto getrf_batched = cublasSgetrfBatched;
  static constexpr auto getrs_batched = cublasSgetrsBatched;
  static constexpr auto potrf_batched = cusolverDnSpotrfBatched;
  static constexpr auto trsm = cublasStrsm;
  static constexpr auto trsm_batched = cublasStrsmBatched;
  static constexpr auto gemm = cublasSgemm;
  static constexpr auto orgqr_size = cusolverDnSorgqr_bufferSize;
  static constexpr auto orgqr = cusolverDnSorgqr;
  static constexpr auto gesvdj_batched_size = cusolverDnSgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnSgesvdjBatched;
  static constexpr auto syevj_batched_size = cusolverDnSsyevjBatched_bufferSize;
  static constexpr auto syevj_batched = cusolverDnSsyevjBatched;
};
template <> struct typed<double> {
  static constexpr auto getrf_size = cusolverDnDgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnDgetrf;
  static constexpr auto getrs = cusolverDnDgetrs;
  static constexpr auto getrf_batched = cublasDgetrfBatched;
  static constexpr auto getrs_batched = cublasDgetrsBatched;
  static constexpr auto potrf_batched = cusolverDnDpotrfBatched;
  static constexpr auto trsm = cublasDtrsm;
  static constexpr auto trsm_batched = cublasDtrsmBatched;
  static constexpr auto gemm = cublasDgemm;
  static constexpr auto orgqr_size = cusolverDnDorgqr_bufferSize;
  static constexpr auto orgqr = cusolverDnDorgqr;
  static constexpr auto gesvdj_batched_size = cusolverDnDgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnDgesvdjBatched;
  static constexpr auto syevj_batched_size = cusolverDnDsyevjBatched_bufferSize;
  static constexpr auto syevj_batched = cusolverDnDsyevjBatched;
};
template <> struct typed<cuComplex> {
  static constexpr auto getrf_size = cusolverDnCgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnCgetrf;
  static constexpr auto getrs = cusolverDnCgetrs;
  static constexpr auto getrf_batched = cublasCgetrfBatched;
  static constexpr auto getrs_batched = cublasCgetrsBatched;
  static constexpr auto potrf_batched = cusolverDnCpotrfBatched;
  static constexpr auto trsm = cublasCtrsm;
  static constexpr auto trsm_batched = cublasCtrsmBatched;
  static constexpr auto orgqr_size = cusolverDnCungqr_bufferSize;
  static constexpr auto orgqr = cusolverDnCungqr;
  static constexpr auto gesvdj_batched_size = cusolverDnCgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnCgesvdjBatched;
  static constexpr auto syevj_batched_size = cusolverDnCheevjBatched_bufferSize;
  static constexpr auto syevj_batched = cusolverDnCheevjBatched;
};
template <> struct typed<cuDoubleComplex> {
  static constexpr auto getrf_size = cusolverDnZgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnZgetrf;
  static constexpr auto getrs = cusolverDnZgetrs;
  static constexpr auto getrf_batched = cublasZgetrfBatched;
  static constexpr auto getrs_batched = cublasZgetrsBatched;
  static constexpr auto potrf_batched = cusolverDnZpotrfBatched;
  static constexpr auto trsm = cublasZtrsm;
  static constexpr auto trsm_batched = cublasZtrsmBatched;
  static constexpr auto orgqr_size = cusolverDnZungqr_bufferSize;
  static constexpr auto orgqr = cusolverDnZungqr;
  static constexpr auto gesvdj_batched_size = cusolverDnZgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnZgesvdjBatched;
  static constexpr auto syevj_batched_size = cusolverDnZheevjBatched_bufferSize;
  static constexpr auto syevj_batched = cusolverDnZheevjBatched;
};

template <class F> void visit(scalar t, F f) {
  switch (t) {
  case scalar::s:
    return f(float{});
  case scalar::d:
    return f(double{});
  case scalar::c:
    return f(cuComplex{});
  case scalar::z:
    return f(cuDoubleComplex{});
  }
}

__global__ void list_matrices(void** out, char* base, std::size_t bytes, index_t count) {
  const index_t i = blockIdx.x * static_cast<index_t>(blockDim.x) + threadIdx.x;
  if (i < count) out[i] = base + i * bytes;
}

// The real type of singular values: float for float and cuComplex, double for the others.
template <class T> struct real_part { using type = T; };
template <> struct real_part<cuComplex> { using type = float; };
template <> struct real_part<cuDoubleComplex> { using type = double; };

CUPP_HD float conj(float x) { return x; }
CUPP_HD double conj(double x) { return x; }
CUPP_HD cuComplex conj(cuComplex x) { return cuConjf(x); }
CUPP_HD cuDoubleComplex conj(cuDoubleComplex x) { return cuConj(x); }

// vt = v^H for a stack of column-major n x n matrices
template <class T> __global__ void conj_transpose(T* vt, const T* v, index_t n, index_t total) {
  const index_t e = blockIdx.x * static_cast<index_t>(blockDim.x) + threadIdx.x;
  if (e >= total) return;
  const index_t nn = n * n, b = e / nn, r = e % nn % n, c = e % nn / n; // vt(r, c)
  vt[e] = conj(v[b * nn + r * n + c]);
}

// The device array of a batch's matrix pointers that cuBLAS's batched routines take.
class matrix_list {
public:
  matrix_list(const void* base, std::size_t bytes, index_t count)
      : pointers_(static_cast<std::size_t>(count) * sizeof(void*)) {
    const int threads = 256;
    list_matrices<<<static_cast<unsigned>((count + threads - 1) / threads), threads, 0,
                    current_stream()>>>(static_cast<void**>(pointers_.data()),
                                        static_cast<char*>(const_cast<void*>(base)), bytes, count);
    CUPP_CUDA_CHECK(cudaGetLastError());
  }
  template <class T> [[nodiscard]] T* const* get() const {
    return static_cast<T* const*>(pointers_.data());
  }

private:
  scratch pointers_;
};

// The host workspace of the 64-bit API (usually none): per thread, grown on demand, kept since
// a routine may read it until its host part returns.
void* host_workspace(std::size_t bytes) {
  thread_local std::vector<char> buffer;
  if (buffer.size() < bytes) buffer.resize(bytes);
  return bytes ? buffer.data() : nullptr;
}

cublasFillMode_t fill(bool upper) {
  return upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
}

cublasOperation_t operation(char op) {
  return op == 'N' ? CUBLAS_OP_N : op == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

// 1 in the element type (cuComplex has no constructor from a real)
template <class T> T one() {
  T v{};
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    v = 1;
  } else {
    v.x = 1;
  }
  return v;
}

// A large real system's triangular solves by blocks of solve_block rows: the diagonal blocks of
// L and U inverted at once (batched trsm on identities), then per block one gemm for what the
// solved blocks take away and one by the block's inverse; the row exchanges composed into one
// permutation on the device and applied as a gather (before, for op N) or a scatter (after, for
// T). getrs's triangular solves took 3.1 ms for 4096^2 and 64 right-hand sides in float64 on an
// H100, this way 1.3 (exp/lu/lu.cu). Orders 1024 (four blocks) to 12288 (the map of the
// exchanges in a block's 48 KB of shared memory), at least 8 right-hand sides (fewer make the
// gemms matrix-vector products).
constexpr index_t solve_block = 256, blocked_solve_min = 1024, blocked_solve_max = 12288,
                  blocked_solve_min_rhs = 8;

template <class T> __global__ void identity_blocks(T* d, index_t nb, index_t total) {
  const index_t e = blockIdx.x * static_cast<index_t>(blockDim.x) + threadIdx.x;
  if (e >= total) return;
  const index_t in_block = e % (nb * nb);
  d[e] = in_block % nb == in_block / nb ? T(1) : T(0);
}

// LAPACK's sequential exchanges (ipiv, 1-based) as one map: row i of P^T B is row map[i] of B.
// One thread runs them in shared memory.
__global__ void compose_exchanges(const int* ipiv, int n, int* map) {
  extern __shared__ int rows[];
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x))
    rows[i] = i;
  __syncthreads();
  if (threadIdx.x == 0)
    for (int i = 0; i < n; ++i) {
      const int p = ipiv[i] - 1, r = rows[i];
      rows[i] = rows[p];
      rows[p] = r;
    }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x))
    map[i] = rows[i];
}

// out = P^T in (gather: out[i] = in[map[i]]) or in = P^T out (scatter: out[map[i]] = in[i]), for
// each of the r columns of n rows
template <class T>
__global__ void exchange(const T* in, const int* map, index_t n, index_t r, bool scatter, T* out) {
  const index_t e = blockIdx.x * static_cast<index_t>(blockDim.x) + threadIdx.x;
  if (e >= n * r) return;
  const index_t i = e % n, c = e - i;
  if (scatter) {
    out[c + map[i]] = in[e];
  } else {
    out[e] = in[c + map[i]];
  }
}

template <class T>
void getrs_blocked(char op, index_t n, index_t r, const T* f, const int* ipiv, T* b) {
  const index_t nb = solve_block, cnt = (n + nb - 1) / nb, last = n - (cnt - 1) * nb;
  const index_t full = last == nb ? cnt : cnt - 1;
  const int ni = to_int(n), ri = to_int(r), nbi = to_int(nb);
  const scratch blocks(static_cast<std::size_t>(2 * cnt * nb * nb) * sizeof(T)),
      work(static_cast<std::size_t>(n * r) * sizeof(T)),
      rows(static_cast<std::size_t>(n) * sizeof(int));
  T* inv_l = static_cast<T*>(blocks.data()); // block k's inverse at k nb^2, leading dimension nb
  T* inv_u = inv_l + cnt * nb * nb;
  T* w = static_cast<T*>(work.data());
  int* map = static_cast<int*>(rows.data());
  const auto s = current_stream();
  const cublasHandle_t h = cublas_handle();
  const T one(1), minus(-1), zero(0);
  auto at = [&](index_t i, index_t j) { return f + i + j * n; };
  auto size_of = [&](index_t k) { return to_int(k == cnt - 1 ? last : nb); };
  const index_t total = 2 * cnt * nb * nb;
  identity_blocks<<<static_cast<unsigned>((total + 255) / 256), 256, 0, s>>>(inv_l, nb, total);
  CUPP_CUDA_CHECK(cudaGetLastError());
  if (full > 0) {
    const matrix_list diagonal(f, static_cast<std::size_t>(nb * n + nb) * sizeof(T), full),
        ls(inv_l, static_cast<std::size_t>(nb * nb) * sizeof(T), full),
        us(inv_u, static_cast<std::size_t>(nb * nb) * sizeof(T), full);
    CUPP_CUBLAS_STATUS(typed<T>::trsm_batched(
        h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, nbi, nbi, &one,
        diagonal.get<const T>(), ni, ls.get<T>(), nbi, to_int(full)));
    CUPP_CUBLAS_STATUS(typed<T>::trsm_batched(
        h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, nbi, nbi,
        &one, diagonal.get<const T>(), ni, us.get<T>(), nbi, to_int(full)));
  }
  if (full < cnt) { // the last, shorter block
    const index_t k = cnt - 1;
    const int lk = to_int(last);
    CUPP_CUBLAS_STATUS(typed<T>::trsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                                      CUBLAS_DIAG_UNIT, lk, lk, &one, at(k * nb, k * nb), ni,
                                      inv_l + k * nb * nb, nbi));
    CUPP_CUBLAS_STATUS(typed<T>::trsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N,
                                      CUBLAS_DIAG_NON_UNIT, lk, lk, &one, at(k * nb, k * nb), ni,
                                      inv_u + k * nb * nb, nbi));
  }
  const int threads = 1024;
  compose_exchanges<<<1, threads, static_cast<std::size_t>(n) * sizeof(int), s>>>(ipiv, ni, map);
  CUPP_CUDA_CHECK(cudaGetLastError());
  const auto cells = static_cast<unsigned>((n * r + 255) / 256);
  // C (rows k of the right-hand sides) = alpha op(A) B + beta C, all with leading dimension n
  // except the inverses' nb
  auto gemm = [&](cublasOperation_t o, int m, int k, const T* alpha, const T* a, int lda,
                  const T* bm, const T* beta, T* c) {
    CUPP_CUBLAS_STATUS(
        typed<T>::gemm(h, o, CUBLAS_OP_N, m, ri, k, alpha, a, lda, bm, ni, beta, c, ni));
  };
  if (op == 'N') { // P L U X = B: X = U^-1 L^-1 P^T B
    exchange<<<cells, 256, 0, s>>>(b, map, n, r, false, w);
    CUPP_CUDA_CHECK(cudaGetLastError());
    for (index_t k = 0; k < cnt; ++k) { // L Y = P^T B (in w), Y into b
      const index_t o = k * nb;
      if (k > 0) gemm(CUBLAS_OP_N, size_of(k), to_int(o), &minus, at(o, 0), ni, b, &one, w + o);
      gemm(CUBLAS_OP_N, size_of(k), size_of(k), &one, inv_l + k * nb * nb, nbi, w + o, &zero,
           b + o);
    }
    for (index_t k = cnt - 1; k >= 0; --k) { // U X = Y, X into w
      const index_t o = k * nb, after = o + size_of(k);
      if (after < n)
        gemm(CUBLAS_OP_N, size_of(k), to_int(n - after), &minus, at(o, after), ni, w + after, &one,
             b + o);
      gemm(CUBLAS_OP_N, size_of(k), size_of(k), &one, inv_u + k * nb * nb, nbi, b + o, &zero,
           w + o);
    }
    CUPP_CUDA_CHECK(cudaMemcpyAsync(b, w, static_cast<std::size_t>(n * r) * sizeof(T),
                                    cudaMemcpyDeviceToDevice, s));
    return;
  }
  // (P L U)^T X = B: X = P L^-T U^-T B
  for (index_t k = 0; k < cnt; ++k) { // U^T Y = B, Y into w
    const index_t o = k * nb;
    if (k > 0) gemm(CUBLAS_OP_T, size_of(k), to_int(o), &minus, at(0, o), ni, w, &one, b + o);
    gemm(CUBLAS_OP_T, size_of(k), size_of(k), &one, inv_u + k * nb * nb, nbi, b + o, &zero, w + o);
  }
  for (index_t k = cnt - 1; k >= 0; --k) { // L^T Z = Y, Z into b
    const index_t o = k * nb, after = o + size_of(k);
    if (after < n)
      gemm(CUBLAS_OP_T, size_of(k), to_int(n - after), &minus, at(after, o), ni, b + after, &one,
           w + o);
    gemm(CUBLAS_OP_T, size_of(k), size_of(k), &one, inv_l + k * nb * nb, nbi, w + o, &zero, b + o);
  }
  exchange<<<cells, 256, 0, s>>>(b, map, n, r, true, w);
  CUPP_CUDA_CHECK(cudaGetLastError());
  CUPP_CUDA_CHECK(cudaMemcpyAsync(b, w, static_cast<std::size_t>(n * r) * sizeof(T),
                                  cudaMemcpyDeviceToDevice, s));
}

} // namespace

void getrf(scalar t, index_t m, index_t n, index_t count, void* a, int* ipiv, int* info) {
  const int mi = to_int(m), ni = to_int(n);
  const index_t k = std::min(m, n);
  visit(t, [&]<class T>(T) {
    if (count > 1 && m == n && n <= batched_max) { // cuBLAS's batched LU: square matrices only
      const matrix_list list(a, n * n * sizeof(T), count);
      CUPP_CUBLAS_STATUS(typed<T>::getrf_batched(cublas_handle(), ni, list.get<T>(), ni, ipiv, info,
                                                 to_int(count)));
      return;
    }
    const cusolver_context c = cusolver_handle();
    int lwork = 0;
    T* first = static_cast<T*>(a);
    CUPP_CUSOLVER_CHECK(typed<T>::getrf_size(c.handle, mi, ni, first, mi, &lwork));
    const scratch work(static_cast<std::size_t>(lwork) * sizeof(T));
    for (index_t i = 0; i < count; ++i)
      CUPP_CUSOLVER_CHECK(typed<T>::getrf(c.handle, mi, ni, first + i * m * n, mi,
                                          static_cast<T*>(work.data()), ipiv + i * k, info + i));
  });
}

void getrs(scalar t, char trans, index_t n, index_t nrhs, index_t count, const void* lu,
           const int* ipiv, void* b) {
  const int ni = to_int(n), ki = to_int(nrhs);
  const cublasOperation_t op = operation(trans);
  visit(t, [&]<class T>(T) {
    if (count > 1 && n <= batched_max) {
      const matrix_list factors(lu, n * n * sizeof(T), count), rhs(b, n * nrhs * sizeof(T), count);
      int info = 0; // an argument check only, on the host
      CUPP_CUBLAS_STATUS(typed<T>::getrs_batched(cublas_handle(), op, ni, ki,
                                                 factors.get<const T>(), ni, ipiv, rhs.get<T>(), ni,
                                                 &info, to_int(count)));
      if (info != 0)
        throw value_error("getrsBatched: argument " + std::to_string(-info) + " is invalid");
      return;
    }
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      if (n >= blocked_solve_min && n <= blocked_solve_max && nrhs >= blocked_solve_min_rhs) {
        for (index_t i = 0; i < count; ++i)
          getrs_blocked<T>(trans == 'N' ? 'N' : 'T', n, nrhs, static_cast<const T*>(lu) + i * n * n,
                           ipiv + i * n, static_cast<T*>(b) + i * n * nrhs);
        return;
      }
    }
    const cusolver_context c = cusolver_handle();
    const scratch info(sizeof(int)); // getrs only reports wrong arguments, which cupp never passes
    for (index_t i = 0; i < count; ++i)
      CUPP_CUSOLVER_CHECK(typed<T>::getrs(
          c.handle, op, ni, ki, static_cast<const T*>(lu) + i * n * n, ni, ipiv + i * n,
          static_cast<T*>(b) + i * n * nrhs, ni, static_cast<int*>(info.data())));
  });
}

void potrf(scalar t, bool upper, index_t n, index_t count, void* a, int* info) {
  const cusolver_context c = cusolver_handle();
  if (count > 1) {
    visit(t, [&]<class T>(T) {
      const matrix_list list(a, n * n * sizeof(T), count);
      CUPP_CUSOLVER_CHECK(typed<T>::potrf_batched(c.handle, fill(upper), to_int(n),
                                                  const_cast<T**>(list.get<T>()), to_int(n), info,
                                                  to_int(count)));
    });
    return;
  }
  std::size_t dev = 0, host = 0;
  CUPP_CUSOLVER_CHECK(cusolverDnXpotrf_bufferSize(c.handle, c.params, fill(upper), n, data_type(t),
                                                  a, n, data_type(t), &dev, &host));
  const scratch work(dev);
  CUPP_CUSOLVER_CHECK(cusolverDnXpotrf(c.handle, c.params, fill(upper), n, data_type(t), a, n,
                                       data_type(t), work.data(), dev, host_workspace(host), host,
                                       info));
}

void potrs(scalar t, bool upper, index_t n, index_t nrhs, index_t count, const void* c, void* b) {
  const cusolver_context ctx = cusolver_handle();
  const cudaDataType type = data_type(t);
  const std::size_t bytes = element_bytes(t);
  const scratch info(sizeof(int)); // potrs only reports wrong arguments, which cupp never passes
  for (index_t i = 0; i < count; ++i)
    CUPP_CUSOLVER_CHECK(cusolverDnXpotrs(ctx.handle, ctx.params, fill(upper), n, nrhs, type,
                                         static_cast<const char*>(c) + i * n * n * bytes, n, type,
                                         static_cast<char*>(b) + i * n * nrhs * bytes, n,
                                         static_cast<int*>(info.data())));
}

void trsm(scalar t, bool upper, char op, bool unit, index_t m, index_t n, index_t count,
          const void* a, index_t lda, index_t stride_a, void* b, index_t ldb, index_t stride_b) {
  const int mi = to_int(m), ni = to_int(n), ldai = to_int(lda), ldbi = to_int(ldb);
  const cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
  visit(t, [&]<class T>(T) {
    const T alpha = one<T>();
    const cublasHandle_t h = cublas_handle();
    if (count > 1 && n <= batched_max) {
      const matrix_list as(a, stride_a * sizeof(T), count), bs(b, stride_b * sizeof(T), count);
      CUPP_CUBLAS_STATUS(typed<T>::trsm_batched(h, CUBLAS_SIDE_RIGHT, fill(upper), operation(op),
                                                diag, mi, ni, &alpha, as.get<const T>(), ldai,
                                                bs.get<T>(), ldbi, to_int(count)));
      return;
    }
    for (index_t i = 0; i < count; ++i)
      CUPP_CUBLAS_STATUS(typed<T>::trsm(h, CUBLAS_SIDE_RIGHT, fill(upper), operation(op), diag, mi,
                                        ni, &alpha, static_cast<const T*>(a) + i * stride_a, ldai,
                                        static_cast<T*>(b) + i * stride_b, ldbi));
  });
}

void geqrf(scalar t, index_t m, index_t n, index_t count, void* a, void* tau) {
  const cusolver_context c = cusolver_handle();
  const cudaDataType type = data_type(t);
  const std::size_t bytes = element_bytes(t);
  const index_t k = std::min(m, n);
  std::size_t dev = 0, host = 0;
  CUPP_CUSOLVER_CHECK(cusolverDnXgeqrf_bufferSize(c.handle, c.params, m, n, type, a, m, type, tau,
                                                  type, &dev, &host));
  const scratch work(dev), info(sizeof(int)); // only wrong arguments, which cupp never passes
  for (index_t i = 0; i < count; ++i)
    CUPP_CUSOLVER_CHECK(
        cusolverDnXgeqrf(c.handle, c.params, m, n, type, static_cast<char*>(a) + i * m * n * bytes,
                         m, type, static_cast<char*>(tau) + i * k * bytes, type, work.data(), dev,
                         host_workspace(host), host, static_cast<int*>(info.data())));
}

void orgqr(scalar t, index_t m, index_t q, index_t k, index_t count, void* a, const void* tau) {
  const cusolver_context c = cusolver_handle();
  const int mi = to_int(m), qi = to_int(q), ki = to_int(k);
  visit(t, [&]<class T>(T) {
    T* first = static_cast<T*>(a);
    const T* taus = static_cast<const T*>(tau);
    int lwork = 0;
    CUPP_CUSOLVER_CHECK(typed<T>::orgqr_size(c.handle, mi, qi, ki, first, mi, taus, &lwork));
    const scratch work(static_cast<std::size_t>(lwork) * sizeof(T)), info(sizeof(int));
    for (index_t i = 0; i < count; ++i)
      CUPP_CUSOLVER_CHECK(typed<T>::orgqr(c.handle, mi, qi, ki, first + i * m * q, mi, taus + i * k,
                                          static_cast<T*>(work.data()), lwork,
                                          static_cast<int*>(info.data())));
  });
}

namespace {

// syevd of a stack of matrices up to 32 x 32 by syevjBatched (Jacobi, one call, CuPy's choice
// for stacks): eigenvalues ascending as LAPACK's; info n + 1 where it did not converge.
template <class T>
void syevj_batched(bool vectors, bool upper, index_t n, index_t count, void* a, void* w,
                   int* info) {
  const cusolver_context c = cusolver_handle();
  const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  struct jacobi_params {
    syevjInfo_t p{};
    jacobi_params() { CUPP_CUSOLVER_CHECK(cusolverDnCreateSyevjInfo(&p)); }
    ~jacobi_params() { cusolverDnDestroySyevjInfo(p); }
  } params;
  const int ni = to_int(n);
  T* at = static_cast<T*>(a);
  auto* wv = static_cast<typename real_part<T>::type*>(w);
  int lwork = 0;
  CUPP_CUSOLVER_CHECK(typed<T>::syevj_batched_size(c.handle, jobz, fill(upper), ni, at, ni, wv,
                                                   &lwork, params.p, to_int(count)));
  const scratch work(static_cast<std::size_t>(lwork) * sizeof(T));
  CUPP_CUSOLVER_CHECK(typed<T>::syevj_batched(c.handle, jobz, fill(upper), ni, at, ni, wv,
                                              static_cast<T*>(work.data()), lwork, info, params.p,
                                              to_int(count)));
}

} // namespace

void syevd(scalar t, bool vectors, bool upper, index_t n, index_t count, void* a, void* w,
           int* info) {
  if (count > 1 && n <= jacobi_eig_max) {
    visit(t, [&]<class T>(T) { syevj_batched<T>(vectors, upper, n, count, a, w, info); });
    return;
  }
  const cusolver_context c = cusolver_handle();
  const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cudaDataType type = data_type(t), real = real_type(t);
  std::size_t dev = 0, host = 0;
  if (count > 1) { // one call for the batch (packed, lda = n)
    CUPP_CUSOLVER_CHECK(cusolverDnXsyevBatched_bufferSize(
        c.handle, c.params, jobz, fill(upper), n, type, a, n, real, w, type, &dev, &host, count));
    const scratch work(dev);
    CUPP_CUSOLVER_CHECK(cusolverDnXsyevBatched(c.handle, c.params, jobz, fill(upper), n, type, a, n,
                                               real, w, type, work.data(), dev,
                                               host_workspace(host), host, info, count));
    return;
  }
  CUPP_CUSOLVER_CHECK(cusolverDnXsyevd_bufferSize(c.handle, c.params, jobz, fill(upper), n, type, a,
                                                  n, real, w, type, &dev, &host));
  const scratch work(dev);
  CUPP_CUSOLVER_CHECK(cusolverDnXsyevd(c.handle, c.params, jobz, fill(upper), n, type, a, n, real,
                                       w, type, work.data(), dev, host_workspace(host), host,
                                       info));
}

// W complex for every input (real ones get each conjugate pair in full); no left eigenvectors
void geev(scalar t, bool vectors, index_t n, index_t count, void* a, void* w, void* vr, int* info) {
  const cusolver_context c = cusolver_handle();
  const cudaDataType type = data_type(t);
  const bool single = t == scalar::s || t == scalar::c;
  const cudaDataType wtype = single ? CUDA_C_32F : CUDA_C_64F;
  const std::size_t bytes = element_bytes(t), wbytes = single ? 8 : 16;
  const cusolverEigMode_t none = CUSOLVER_EIG_MODE_NOVECTOR;
  const cusolverEigMode_t jobvr = vectors ? CUSOLVER_EIG_MODE_VECTOR : none;
  std::size_t dev = 0, host = 0;
  CUPP_CUSOLVER_CHECK(cusolverDnXgeev_bufferSize(c.handle, c.params, none, jobvr, n, type, a, n,
                                                 wtype, w, type, nullptr, 1, type, vr, n, type,
                                                 &dev, &host));
  // Xgeev reads parts of its workspace and of VR before writing them (initcheck, 2026-12-05:
  // n = 3 to 100, float32 and float64, with and without vectors; zeroing the two silences it;
  // with vectors either alone does not): zeroed here, so that compute-sanitizer stays clean and
  // nothing can depend on what the pool's blocks held before
  const scratch work(dev);
  CUPP_CUDA_CHECK(cudaMemsetAsync(work.data(), 0, dev, current_stream()));
  if (vectors)
    CUPP_CUDA_CHECK(
        cudaMemsetAsync(vr, 0, static_cast<std::size_t>(count * n * n) * bytes, current_stream()));
  for (index_t i = 0; i < count; ++i) {
    char* vi = vectors ? static_cast<char*>(vr) + i * n * n * bytes : nullptr;
    CUPP_CUSOLVER_CHECK(cusolverDnXgeev(
        c.handle, c.params, none, jobvr, n, type, static_cast<char*>(a) + i * n * n * bytes, n,
        wtype, static_cast<char*>(w) + i * n * wbytes, type, nullptr, 1, type, vi, n, type,
        work.data(), dev, host_workspace(host), host, info + i));
  }
}

namespace {

// gesvd of a stack of small matrices by gesvdjBatched, which always returns the full U (m x m)
// and V (not V^H): U's first columns and V^H are copied out (as cheap as the decomposition).
template <class T>
void gesvdj_batched(char job, index_t m, index_t n, index_t count, void* a, void* s, void* u,
                    void* vt, int* info) {
  const cusolver_context c = cusolver_handle();
  const int mi = to_int(m), ni = to_int(n);
  const cusolverEigMode_t jobz = job == 'N' ? CUSOLVER_EIG_MODE_NOVECTOR : CUSOLVER_EIG_MODE_VECTOR;
  struct jacobi_params {
    gesvdjInfo_t p{};
    jacobi_params() { CUPP_CUSOLVER_CHECK(cusolverDnCreateGesvdjInfo(&p)); }
    ~jacobi_params() { cusolverDnDestroyGesvdjInfo(p); }
  } params;
  CUPP_CUSOLVER_CHECK(cusolverDnXgesvdjSetSortEig(params.p, 1)); // descending, as LAPACK's
  const scratch full_u(static_cast<std::size_t>(count * m * m) * sizeof(T)),
      full_v(static_cast<std::size_t>(count * n * n) * sizeof(T));
  int lwork = 0;
  T* at = static_cast<T*>(a);
  T* fu = static_cast<T*>(full_u.data());
  T* fv = static_cast<T*>(full_v.data());
  auto* sv = static_cast<typename real_part<T>::type*>(s);
  CUPP_CUSOLVER_CHECK(typed<T>::gesvdj_batched_size(c.handle, jobz, mi, ni, at, mi, sv, fu, mi, fv,
                                                    ni, &lwork, params.p, to_int(count)));
  const scratch work(static_cast<std::size_t>(lwork) * sizeof(T));
  CUPP_CUSOLVER_CHECK(typed<T>::gesvdj_batched(c.handle, jobz, mi, ni, at, mi, sv, fu, mi, fv, ni,
                                               static_cast<T*>(work.data()), lwork, info, params.p,
                                               to_int(count)));
  if (job == 'N') return;
  const index_t ucols = job == 'A' ? m : n;
  const std::size_t bytes = sizeof(T);
  CUPP_CUDA_CHECK(cudaMemcpy2DAsync(u, m * ucols * bytes, fu, m * m * bytes, m * ucols * bytes,
                                    static_cast<std::size_t>(count), cudaMemcpyDeviceToDevice,
                                    current_stream()));
  const index_t total = count * n * n;
  const int threads = 256;
  conj_transpose<<<static_cast<unsigned>((total + threads - 1) / threads), threads, 0,
                   current_stream()>>>(static_cast<T*>(vt), fv, n, total);
  CUPP_CUDA_CHECK(cudaGetLastError());
}

} // namespace

void gesvd(scalar t, char job, index_t m, index_t n, index_t count, void* a, void* s, void* u,
           void* vt, int* info) {
  if (count > 1 && m <= jacobi_svd_max) { // m >= n
    visit(t, [&]<class T>(T) { gesvdj_batched<T>(job, m, n, count, a, s, u, vt, info); });
    return;
  }
  const cusolver_context c = cusolver_handle();
  const cudaDataType type = data_type(t), real = real_type(t);
  const std::size_t bytes = element_bytes(t), real_bytes = t == scalar::s || t == scalar::c ? 4 : 8;
  const index_t ucols = job == 'A' ? m : n;
  const signed char jobs = static_cast<signed char>(job);
  std::size_t dev = 0, host = 0;
  CUPP_CUSOLVER_CHECK(cusolverDnXgesvd_bufferSize(c.handle, c.params, jobs, jobs, m, n, type, a, m,
                                                  real, s, type, u, m, type, vt, n, type, &dev,
                                                  &host));
  const scratch work(dev);
  for (index_t i = 0; i < count; ++i) {
    char* ui = job == 'N' ? nullptr : static_cast<char*>(u) + i * m * ucols * bytes;
    char* vi = job == 'N' ? nullptr : static_cast<char*>(vt) + i * n * n * bytes;
    CUPP_CUSOLVER_CHECK(cusolverDnXgesvd(
        c.handle, c.params, jobs, jobs, m, n, type, static_cast<char*>(a) + i * m * n * bytes, m,
        real, static_cast<char*>(s) + i * n * real_bytes, type, ui, m, type, vi, n, type,
        work.data(), dev, host_workspace(host), host, info + i));
  }
}

// cuSOLVER's gesvd against the polar path, float32 on an H100 (docs/linalg.md, "Large SVDs"):
// the polar path is 2x faster at 128 (1.1x at 32 and 64, where the choice hardly matters).
index_t polar_svd_min() { return 128; }

} // namespace lapack
} // namespace cupp::detail
