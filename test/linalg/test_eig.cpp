// eig and eigvals: NumPy's eigenvalues (test/fixtures/linalg.txt, matched as multisets: LAPACK
// implementations may order them differently), the defining property A v = w v with unit
// eigenvectors, real matrices with complex pairs, closed forms, stacks and views, and the errors
// (shapes at the call, non-finite input at the next sync).
#include "linalg/linalg_testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/creation.hpp>
#include <cupp/linalg/decompositions.hpp>
#include <cupp/manipulation/views.hpp>

#include <limits>

using namespace cupp_test;
namespace la = cupp::linalg;

namespace {

// Every expected value has a distinct nearest computed one within tol (relative to the largest).
void check_same_multiset(std::vector<zd> got, const std::vector<zd>& want, double tol) {
  REQUIRE(got.size() == want.size());
  double scale = 1;
  for (const zd& w : want)
    scale = std::max(scale, std::abs(w));
  for (const zd& w : want) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < got.size(); ++i)
      if (std::abs(got[i] - w) < std::abs(got[best] - w)) best = i;
    INFO("NumPy's eigenvalue " << w << ", nearest " << got[best]);
    CHECK(std::abs(got[best] - w) < tol * scale);
    got.erase(got.begin() + static_cast<std::ptrdiff_t>(best));
  }
}

// A v_j = w_j v_j and |v_j| = 1 for every matrix and column
void check_eigenpairs(const host_stack& a, const std::vector<zd>& w, const host_stack& v,
                      double tol) {
  const host_stack av = multiply(a, v);
  const std::int64_t n = a.rows;
  double scale = 1;
  for (const zd& x : a.v)
    scale = std::max(scale, std::abs(x));
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t j = 0; j < n; ++j) {
      double norm = 0, residual = 0;
      for (std::int64_t i = 0; i < n; ++i) {
        norm += std::norm(v.at(q, i, j));
        residual = std::max(residual, std::abs(av.at(q, i, j) - w[q * n + j] * v.at(q, i, j)));
      }
      INFO("matrix " << q << ", eigenvalue " << w[q * n + j]);
      CHECK(std::abs(std::sqrt(norm) - 1) < tol);
      CHECK(residual < tol * scale * n);
    }
}

} // namespace

TEMPLATE_LIST_TEST_CASE("eigvals equals NumPy's eigenvalues", "[linalg][eig]", linalg_dtypes) {
  using T = TestType;
  using C = cupp::complex_of_t<cupp::real_t<T>>;
  for (const auto& f : linalg_fixtures("eigvals")) {
    if (!fixture_for<T>(f)) continue;
    CAPTURE(f.a_shape);
    const auto w = la::eigvals(array_of<T>(fixture_values(f, 0), f.a_shape));
    STATIC_REQUIRE(std::is_same_v<decltype(w), const cupp::ndarray<C>>);
    cupp::shape_t batch(f.a_shape.begin(), f.a_shape.end() - 1);
    CHECK(w.shape() == batch);
    // NumPy's eigenvalues are written as complex pairs whatever the input
    const std::vector<double>& parts = f.lists.at(1);
    const std::int64_t n = f.a_shape[f.a_shape.size() - 1];
    const auto got = values_of(w);
    for (std::size_t q = 0; q * n < got.size(); ++q) {
      std::vector<zd> want, mine(got.begin() + q * n, got.begin() + (q + 1) * n);
      for (std::int64_t k = 0; k < n; ++k)
        want.emplace_back(parts[2 * (q * n + k)], parts[2 * (q * n + k) + 1]);
      check_same_multiset(mine, want, tolerance<T>() * 10);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("eig: A v = w v with unit eigenvectors over shapes, stacks and views",
                        "[linalg][eig]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 2, 5, 33);
  const auto batch = GENERATE(cupp::shape_t{}, cupp::shape_t{3}, cupp::shape_t{2, 2});
  const bool transposed = GENERATE(false, true);
  CAPTURE(n, batch, transposed);
  auto a = random_matrices<T>(with_matrix(batch, n, n), 0.0, 7 + static_cast<unsigned>(n));
  if (transposed) a = a.swapaxes(-1, -2); // a non-contiguous operand
  const auto [w, v] = la::eig(a);
  CHECK(w.shape() == cupp::shape_t(a.shape().begin(), a.shape().end() - 1));
  CHECK(v.shape() == a.shape());
  check_eigenpairs(stack_of(a), values_of(w), stack_of(v), tolerance<T>() * 10);
  check_same_multiset(values_of(la::eigvals(a)), values_of(w), tolerance<T>());
}

TEMPLATE_TEST_CASE("eig of a real matrix: conjugate pairs and real eigenvalues", "[linalg][eig]",
                   float, double) {
  using T = TestType;
  // a rotation by 90 degrees (eigenvalues +-i) beside a diagonal block 2, 3 (real ones)
  const std::vector<T> m{0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3};
  const auto [w, v] = la::eig(cupp::asarray(m.data(), cupp::shape_t{4, 4}));
  const auto wv = values_of(w);
  check_same_multiset(wv, {zd(0, 1), zd(0, -1), zd(2, 0), zd(3, 0)}, 1e-6);
  check_eigenpairs(stack_of(cupp::asarray(m.data(), cupp::shape_t{4, 4})), wv, stack_of(v), 1e-5);
  // the vectors of a pair are conjugate
  const host_stack vs = stack_of(v);
  for (std::int64_t j = 0; j + 1 < 4; ++j)
    if (wv[j].imag() > 0) {
      CHECK(wv[j + 1] == std::conj(wv[j]));
      for (std::int64_t i = 0; i < 4; ++i)
        CHECK(vs.at(0, i, j + 1) == std::conj(vs.at(0, i, j)));
    }
}

TEMPLATE_LIST_TEST_CASE("eigvals of a triangular matrix is its diagonal", "[linalg][eig]",
                        linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = 6;
  std::vector<zd> m(n * n);
  std::vector<zd> diagonal;
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t j = i; j < n; ++j)
      m[i * n + j] = j == i ? zd(double(i) - 2.5, cupp::is_complex_v<T> ? 0.5 * i : 0.0)
                            : zd(0.25 * double(i + j), 0.0);
  for (std::int64_t i = 0; i < n; ++i)
    diagonal.push_back(m[i * n + i]);
  check_same_multiset(values_of(la::eigvals(array_of<T>(m, cupp::shape_t{n, n}))), diagonal,
                      tolerance<T>());
}

TEST_CASE("eig: dtypes, empty matrices and errors", "[linalg][eig]") {
  // integers compute in float64 and give complex128, as NumPy's
  const std::vector<int> m{2, 0, 0, 3};
  const auto w = la::eigvals(cupp::asarray(m.data(), cupp::shape_t{2, 2}));
  STATIC_REQUIRE(std::is_same_v<decltype(w), const cupp::ndarray<cupp::complex128>>);
  check_same_multiset(values_of(w), {zd(2, 0), zd(3, 0)}, 1e-14);

  const auto [e0, v0] = la::eig(cupp::zeros<double>({4, 0, 0}));
  CHECK(e0.shape() == cupp::shape_t{4, 0});
  CHECK(v0.shape() == cupp::shape_t{4, 0, 0});
  const auto [e1, v1] = la::eig(cupp::zeros<float>({0, 3, 3}));
  CHECK(e1.shape() == cupp::shape_t{0, 3});
  CHECK(v1.shape() == cupp::shape_t{0, 3, 3});

  CHECK_THROWS_WITH_WORDS(la::eig(cupp::zeros<double>({2, 3})), cupp::linalg_error,
                          "Last 2 dimensions of the array must be square");
  CHECK_THROWS_WITH_WORDS(la::eigvals(cupp::zeros<double>({3})), cupp::linalg_error,
                          "1-dimensional array given. Array must be at least two-dimensional");
  // NumPy's _assert_finite, found on the device: raised at the next sync, the stream usable after
  std::vector<double> bad{1, 0, 0, 1, 1, std::numeric_limits<double>::quiet_NaN(), 0, 1};
  const auto wb = la::eigvals(cupp::asarray(bad.data(), cupp::shape_t{2, 2, 2}));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::linalg_error,
                          "Array must not contain infs or NaNs");
  bad[5] = std::numeric_limits<double>::infinity();
  const auto wi = la::eig(cupp::asarray(bad.data(), cupp::shape_t{2, 2, 2}));
  CHECK_THROWS_AS(wi.eigenvalues.get(), cupp::linalg_error);
  CHECK(values_of(la::eigvals(cupp::eye<double>(2))) == std::vector<zd>{1, 1});
}
