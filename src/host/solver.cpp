// LAPACKE (OpenBLAS) backend of the dense-solver facility, and CBLAS for its trsm: one call per
// matrix of a batch, the batch spread over OpenMP threads (recorded instead during a graph
// capture, as every host facility). OpenBLAS runs single-threaded inside a parallel region, so a
// lone matrix gets its threads and a batch gets one thread per matrix.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/host/record.hpp>
#include <cupp/detail/solver.hpp>

// LAPACKE's complex types as std::complex, complex64's and complex128's layout
#include <complex>
#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>

#include <cblas.h>

#include <algorithm>
#include <climits>
#include <complex>
#include <limits>
#include <string>
#include <vector>

namespace cupp::detail::lapack {

namespace {

using cf = std::complex<float>;
using cd = std::complex<double>;
constexpr int col = LAPACK_COL_MAJOR;

// LAPACKE's typed routines as overload sets on the element type.
int getrf(int m, int n, float* a, int* p) { return LAPACKE_sgetrf(col, m, n, a, m, p); }
int getrf(int m, int n, double* a, int* p) { return LAPACKE_dgetrf(col, m, n, a, m, p); }
int getrf(int m, int n, cf* a, int* p) { return LAPACKE_cgetrf(col, m, n, a, m, p); }
int getrf(int m, int n, cd* a, int* p) { return LAPACKE_zgetrf(col, m, n, a, m, p); }

int getrs(char tr, int n, int k, const float* a, const int* p, float* b) {
  return LAPACKE_sgetrs(col, tr, n, k, a, n, p, b, n);
}
int getrs(char tr, int n, int k, const double* a, const int* p, double* b) {
  return LAPACKE_dgetrs(col, tr, n, k, a, n, p, b, n);
}
int getrs(char tr, int n, int k, const cf* a, const int* p, cf* b) {
  return LAPACKE_cgetrs(col, tr, n, k, a, n, p, b, n);
}
int getrs(char tr, int n, int k, const cd* a, const int* p, cd* b) {
  return LAPACKE_zgetrs(col, tr, n, k, a, n, p, b, n);
}

int potrf(char ul, int n, float* a) { return LAPACKE_spotrf(col, ul, n, a, n); }
int potrf(char ul, int n, double* a) { return LAPACKE_dpotrf(col, ul, n, a, n); }
int potrf(char ul, int n, cf* a) { return LAPACKE_cpotrf(col, ul, n, a, n); }
int potrf(char ul, int n, cd* a) { return LAPACKE_zpotrf(col, ul, n, a, n); }

int potrs(char ul, int n, int k, const float* c, float* b) {
  return LAPACKE_spotrs(col, ul, n, k, c, n, b, n);
}
int potrs(char ul, int n, int k, const double* c, double* b) {
  return LAPACKE_dpotrs(col, ul, n, k, c, n, b, n);
}
int potrs(char ul, int n, int k, const cf* c, cf* b) {
  return LAPACKE_cpotrs(col, ul, n, k, c, n, b, n);
}
int potrs(char ul, int n, int k, const cd* c, cd* b) {
  return LAPACKE_zpotrs(col, ul, n, k, c, n, b, n);
}

// CBLAS's trsm (complex scalars by pointer), side right, alpha 1
struct trsm_args {
  CBLAS_UPLO uplo;
  CBLAS_TRANSPOSE op;
  CBLAS_DIAG diag;
  int m, n, lda, ldb;
};
void trsm(const trsm_args& t, const float* a, float* b) {
  cblas_strsm(CblasColMajor, CblasRight, t.uplo, t.op, t.diag, t.m, t.n, 1.0f, a, t.lda, b, t.ldb);
}
void trsm(const trsm_args& t, const double* a, double* b) {
  cblas_dtrsm(CblasColMajor, CblasRight, t.uplo, t.op, t.diag, t.m, t.n, 1.0, a, t.lda, b, t.ldb);
}
void trsm(const trsm_args& t, const cf* a, cf* b) {
  const cf one(1);
  cblas_ctrsm(CblasColMajor, CblasRight, t.uplo, t.op, t.diag, t.m, t.n, &one, a, t.lda, b, t.ldb);
}
void trsm(const trsm_args& t, const cd* a, cd* b) {
  const cd one(1);
  cblas_ztrsm(CblasColMajor, CblasRight, t.uplo, t.op, t.diag, t.m, t.n, &one, a, t.lda, b, t.ldb);
}

int geqrf(int m, int n, float* a, float* tau) { return LAPACKE_sgeqrf(col, m, n, a, m, tau); }
int geqrf(int m, int n, double* a, double* tau) { return LAPACKE_dgeqrf(col, m, n, a, m, tau); }
int geqrf(int m, int n, cf* a, cf* tau) { return LAPACKE_cgeqrf(col, m, n, a, m, tau); }
int geqrf(int m, int n, cd* a, cd* tau) { return LAPACKE_zgeqrf(col, m, n, a, m, tau); }

int orgqr(int m, int q, int k, float* a, const float* t) {
  return LAPACKE_sorgqr(col, m, q, k, a, m, t);
}
int orgqr(int m, int q, int k, double* a, const double* t) {
  return LAPACKE_dorgqr(col, m, q, k, a, m, t);
}
int orgqr(int m, int q, int k, cf* a, const cf* t) { return LAPACKE_cungqr(col, m, q, k, a, m, t); }
int orgqr(int m, int q, int k, cd* a, const cd* t) { return LAPACKE_zungqr(col, m, q, k, a, m, t); }

int syevd(char jz, char ul, int n, float* a, float* w) {
  return LAPACKE_ssyevd(col, jz, ul, n, a, n, w);
}
int syevd(char jz, char ul, int n, double* a, double* w) {
  return LAPACKE_dsyevd(col, jz, ul, n, a, n, w);
}
int syevd(char jz, char ul, int n, cf* a, float* w) {
  return LAPACKE_cheevd(col, jz, ul, n, a, n, w);
}
int syevd(char jz, char ul, int n, cd* a, double* w) {
  return LAPACKE_zheevd(col, jz, ul, n, a, n, w);
}

// geev: real matrices return wr and wi apart, joined here into the complex w
template <class R>
int geev(char jv, int n, R* a, std::complex<R>* w, R* vr,
         int (*f)(int, char, char, int, R*, int, R*, R*, R*, int, R*, int)) {
  std::vector<R> wr(static_cast<std::size_t>(n)), wi(static_cast<std::size_t>(n));
  const int r = f(col, 'N', jv, n, a, n, wr.data(), wi.data(), nullptr, 1, vr, n);
  for (std::size_t j = 0; j < wr.size(); ++j)
    w[j] = std::complex<R>(wr[j], wi[j]);
  return r;
}
int geev(char jv, int n, float* a, cf* w, float* vr) {
  return geev(jv, n, a, w, vr, LAPACKE_sgeev);
}
int geev(char jv, int n, double* a, cd* w, double* vr) {
  return geev(jv, n, a, w, vr, LAPACKE_dgeev);
}
int geev(char jv, int n, cf* a, cf* w, cf* vr) {
  return LAPACKE_cgeev(col, 'N', jv, n, a, n, w, nullptr, 1, vr, n);
}
int geev(char jv, int n, cd* a, cd* w, cd* vr) {
  return LAPACKE_zgeev(col, 'N', jv, n, a, n, w, nullptr, 1, vr, n);
}

// gesvd (m >= n): superb gets the unconverged superdiagonal, n - 1 reals (at least one)
template <class R, class T>
int gesvd(char job, int m, int n, T* a, R* s, T* u, T* vt,
          int (*f)(int, char, char, int, int, T*, int, R*, T*, int, T*, int, R*)) {
  std::vector<R> superb(static_cast<std::size_t>(std::max(1, n - 1)));
  return f(col, job, job, m, n, a, m, s, u, m, vt, std::max(1, n), superb.data());
}
int gesvd(char job, int m, int n, float* a, float* s, float* u, float* vt) {
  return gesvd(job, m, n, a, s, u, vt, LAPACKE_sgesvd);
}
int gesvd(char job, int m, int n, double* a, double* s, double* u, double* vt) {
  return gesvd(job, m, n, a, s, u, vt, LAPACKE_dgesvd);
}
int gesvd(char job, int m, int n, cf* a, float* s, cf* u, cf* vt) {
  return gesvd(job, m, n, a, s, u, vt, LAPACKE_cgesvd);
}
int gesvd(char job, int m, int n, cd* a, double* s, cd* u, cd* vt) {
  return gesvd(job, m, n, a, s, u, vt, LAPACKE_zgesvd);
}

int to_int(index_t v) {
  if (v > INT_MAX)
    throw value_error("linalg: dimension " + std::to_string(v) +
                      " exceeds LAPACK's 32-bit limit on this backend");
  return static_cast<int>(v);
}

// The element type of t, as LAPACKE's: f(T{}, R{}) with R the real type.
template <class F> void visit(scalar t, F f) {
  // LAPACKE scans its inputs for NaN by default and then returns an argument error without
  // computing: NaN must propagate as in LAPACK itself (NumPy's results)
  static const bool no_nan_check = (LAPACKE_set_nancheck(0), true);
  (void)no_nan_check;
  switch (t) {
  case scalar::s:
    return f(float{}, float{});
  case scalar::d:
    return f(double{}, double{});
  case scalar::c:
    return f(cf{}, float{});
  case scalar::z:
    return f(cd{}, double{});
  }
}

// Runs body(i) for every matrix of the batch (or records the loop): info, when given, gets the
// routine's result; a negative one is an argument cupp passed wrongly, reported as such later.
template <class Body> void for_batch(index_t count, int* info, Body body) {
  run_or_record([=] {
    if (count == 1) {
      const int r = body(index_t{0});
      if (info) info[0] = r;
      return;
    }
#pragma omp parallel for schedule(dynamic)
    for (index_t i = 0; i < count; ++i) {
      const int r = body(i);
      if (info) info[i] = r;
    }
  });
}

template <class T> T* at(void* p, index_t i, index_t size) { return static_cast<T*>(p) + i * size; }
template <class T> const T* at(const void* p, index_t i, index_t size) {
  return static_cast<const T*>(p) + i * size;
}

} // namespace

void getrf(scalar t, index_t m, index_t n, index_t count, void* a, int* ipiv, int* info) {
  const int mi = to_int(m), ni = to_int(n);
  const index_t k = std::min(m, n);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, info,
              [=](index_t i) { return getrf(mi, ni, at<T>(a, i, m * n), ipiv + i * k); });
  });
}

void getrs(scalar t, char op, index_t n, index_t nrhs, index_t count, const void* lu,
           const int* ipiv, void* b) {
  const int ni = to_int(n), ki = to_int(nrhs);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, nullptr, [=](index_t i) {
      return getrs(op, ni, ki, at<T>(lu, i, n * n), ipiv + i * n, at<T>(b, i, n * nrhs));
    });
  });
}

void potrf(scalar t, bool upper, index_t n, index_t count, void* a, int* info) {
  const int ni = to_int(n);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, info,
              [=](index_t i) { return potrf(upper ? 'U' : 'L', ni, at<T>(a, i, n * n)); });
  });
}

void potrs(scalar t, bool upper, index_t n, index_t nrhs, index_t count, const void* c, void* b) {
  const int ni = to_int(n), ki = to_int(nrhs);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, nullptr, [=](index_t i) {
      return potrs(upper ? 'U' : 'L', ni, ki, at<T>(c, i, n * n), at<T>(b, i, n * nrhs));
    });
  });
}

void trsm(scalar t, bool upper, char op, bool unit, index_t m, index_t n, index_t count,
          const void* a, index_t lda, index_t stride_a, void* b, index_t ldb, index_t stride_b) {
  const trsm_args args{upper ? CblasUpper : CblasLower,
                       op == 'N'   ? CblasNoTrans
                       : op == 'T' ? CblasTrans
                                   : CblasConjTrans,
                       unit ? CblasUnit : CblasNonUnit,
                       to_int(m),
                       to_int(n),
                       to_int(lda),
                       to_int(ldb)};
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, nullptr, [=](index_t i) {
      trsm(args, at<T>(a, i, stride_a), at<T>(b, i, stride_b));
      return 0;
    });
  });
}

void geqrf(scalar t, index_t m, index_t n, index_t count, void* a, void* tau) {
  const int mi = to_int(m), ni = to_int(n);
  const index_t k = std::min(m, n);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, nullptr,
              [=](index_t i) { return geqrf(mi, ni, at<T>(a, i, m * n), at<T>(tau, i, k)); });
  });
}

void orgqr(scalar t, index_t m, index_t q, index_t k, index_t count, void* a, const void* tau) {
  const int mi = to_int(m), qi = to_int(q), ki = to_int(k);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, nullptr,
              [=](index_t i) { return orgqr(mi, qi, ki, at<T>(a, i, m * q), at<T>(tau, i, k)); });
  });
}

void syevd(scalar t, bool vectors, bool upper, index_t n, index_t count, void* a, void* w,
           int* info) {
  const int ni = to_int(n);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, info, [=](index_t i) {
      return syevd(vectors ? 'V' : 'N', upper ? 'U' : 'L', ni, at<T>(a, i, n * n), at<R>(w, i, n));
    });
  });
}

void geev(scalar t, bool vectors, index_t n, index_t count, void* a, void* w, void* vr, int* info) {
  const int ni = to_int(n);
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, info, [=](index_t i) {
      return geev(vectors ? 'V' : 'N', ni, at<T>(a, i, n * n), at<std::complex<R>>(w, i, n),
                  vectors ? at<T>(vr, i, n * n) : nullptr);
    });
  });
}

void gesvd(scalar t, char job, index_t m, index_t n, index_t count, void* a, void* s, void* u,
           void* vt, int* info) {
  const int mi = to_int(m), ni = to_int(n);
  const index_t ucols = job == 'A' ? m : n, vrows = n;
  visit(t, [&]<class T, class R>(T, R) {
    for_batch(count, info, [=](index_t i) {
      T* ui = job == 'N' ? nullptr : at<T>(u, i, m * ucols);
      T* vi = job == 'N' ? nullptr : at<T>(vt, i, vrows * n);
      return gesvd(job, mi, ni, at<T>(a, i, m * n), at<R>(s, i, n), ui, vi);
    });
  });
}

// The host backend keeps LAPACK's gesvd, the routine NumPy's results come from.
index_t polar_svd_min() { return std::numeric_limits<index_t>::max(); }

} // namespace cupp::detail::lapack
