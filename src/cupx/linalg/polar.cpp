// scipy.linalg.polar (cupx/linalg.hpp) from numpy.linalg.svd's reduced factors, as SciPy's: the
// SVD chooses its route (the QDWH polar decomposition for large matrices on CUDA), and the
// factors come out of it whole (u orthonormal also where a is singular).
#include <cupx/linalg.hpp>

#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>

#include "common.hpp"

namespace cupx::linalg::impl {

template <class T> polar_result<T> polar(const ndarray<T>& a, std::string_view side) {
  if (side != "right" && side != "left")
    throw value_error("`side` must be either 'right' or 'left'");
  if (a.ndim() < 2) throw value_error("`a` must be a 2-D array.");
  const int nd = a.ndim();
  const cupp::linalg::svd_result<T> f = cupp::linalg::impl::svd(a, true, {.full_matrices = false});
  const ndarray<T> s = cupp::expand_dims(f.s.template astype<T>(), nd - 2); // (..., 1, k)
  const ndarray<T> u = cupp::linalg::impl::matmul(f.u, f.vh);
  if (side == "right") return {u, cupp::linalg::impl::matmul(ndarray<T>(adjoint(f.vh) * s), f.vh)};
  return {u, cupp::linalg::impl::matmul(ndarray<T>(f.u * s), adjoint(f.u))};
}

#define CUPX_LINALG_POLAR(T) template polar_result<T> polar(const ndarray<T>&, std::string_view);
CUPP_LINALG_DTYPES(CUPX_LINALG_POLAR)

} // namespace cupx::linalg::impl
