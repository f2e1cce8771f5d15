// lstsq, pinv and matrix_rank against NumPy (test/fixtures/linalg.txt) and their definitions:
// the normal equations of lstsq, the Moore-Penrose conditions of pinv, ranks of matrices built
// with a known rank.
#include "linalg/linalg_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/linalg/least_squares.hpp>
#include <cupp/math/complex.hpp>

using namespace cupp_test;
namespace la = cupp::linalg;

TEMPLATE_LIST_TEST_CASE("lstsq and pinv equal NumPy's", "[linalg][lstsq]", linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 20;
  for (const auto& f : linalg_fixtures("lstsq")) {
    if (!fixture_for<T>(f)) continue;
    const auto r = la::lstsq(array_of<T>(fixture_values(f, 0), f.a_shape),
                             array_of<T>(fixture_values(f, 1), f.b_shape));
    CHECK(relative_error(values_of(r.x), fixture_values(f, 2)) < tol);
    CHECK(relative_error(values_of(r.residuals), fixture_values(f, 3, true)) < tol);
    CHECK(r.rank.ndim() == 0);
    CHECK(r.rank.item() == static_cast<std::int64_t>(f.lists[4][0]));
    CHECK(relative_error(values_of(r.s), fixture_values(f, 5, true)) < tol);
  }
  for (const auto& f : linalg_fixtures("pinv")) {
    if (!fixture_for<T>(f)) continue;
    const auto p = la::pinv(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(relative_error(values_of(p), fixture_values(f, 1)) < tol);
  }
}

TEMPLATE_LIST_TEST_CASE("lstsq: the residual is orthogonal to a's columns", "[linalg][lstsq]",
                        linalg_dtypes) {
  using T = TestType;
  const auto [m, n] = GENERATE(std::pair<std::int64_t, std::int64_t>{20, 5}, std::pair{5, 5},
                               std::pair{3, 7}, std::pair{1, 1});
  CAPTURE(m, n);
  const auto a = random_matrices<T>({m, n}, 0.0, 1);
  const auto b = random_matrices<T>({m, 3}, 0.0, 2);
  const auto r = la::lstsq(a, b);
  CHECK(r.x.shape() == cupp::shape_t{n, 3});
  CHECK(r.residuals.shape() == (m > n ? cupp::shape_t{3} : cupp::shape_t{0}));
  CHECK(r.rank.item() == std::min(m, n));
  // a^H (b - a x) = 0
  const auto A = stack_of(a), X = stack_of(r.x), B = stack_of(b);
  auto res = B;
  const auto ax = multiply(A, X);
  for (std::size_t i = 0; i < res.v.size(); ++i)
    res.v[i] -= ax.v[i];
  const auto g = multiply(A, res, true);
  CHECK(relative_error(g.v, std::vector<zd>(g.v.size())) < tolerance<T>() * 10 * m);
  const auto v = la::lstsq(a, cupp::ndarray<T>(b(cupp::slice(), 0).copy()));
  CHECK(v.x.shape() == cupp::shape_t{n});
}

TEMPLATE_LIST_TEST_CASE("pinv satisfies the Moore-Penrose conditions over stacks",
                        "[linalg][lstsq]", linalg_dtypes) {
  using T = TestType;
  const auto [m, n] =
      GENERATE(std::pair<std::int64_t, std::int64_t>{6, 4}, std::pair{4, 6}, std::pair{5, 5});
  const auto a = random_matrices<T>({2, m, n}, 0.0, 3);
  const auto p = la::pinv(a);
  CHECK(p.shape() == cupp::shape_t{2, n, m});
  const auto A = stack_of(a), P = stack_of(p);
  CHECK(relative_error(multiply(multiply(A, P), A).v, A.v) < tolerance<T>() * 50); // A P A = A
  CHECK(relative_error(multiply(multiply(P, A), P).v, P.v) < tolerance<T>() * 50); // P A P = P
  CHECK(la::pinv(cupp::zeros<T>({0, 3})).shape() == cupp::shape_t{3, 0});
}

TEMPLATE_LIST_TEST_CASE("pinv, lstsq and matrix_rank of matrices the CUDA backend decomposes by "
                        "the polar SVD",
                        "[linalg][lstsq]", linalg_dtypes) {
  using T = TestType;
  // rank 300 of order 520, past the CUDA backend's polar_svd_min: its u's columns of the zero
  // singular values are left unnormalised, which pinv's cutoff must make irrelevant
  const auto a =
      cupp::matmul(random_matrices<T>({520, 300}, 0.0, 8), random_matrices<T>({300, 520}, 0.0, 9));
  CHECK(la::matrix_rank(a).item() == 300);
  // the zero singular values come out at rounding's size: cut off by rtol (NumPy's default
  // 1e-15 would invert them, in NumPy too)
  const auto p = la::pinv(a, {.rtol = sizeof(cupp::real_t<T>) == 4 ? 1e-4 : 1e-10});
  const double tol = tolerance<T>() * 500;
  CHECK(relative_error(values_of(cupp::matmul(cupp::matmul(a, p), a)), values_of(a)) < tol);
  CHECK(relative_error(values_of(cupp::matmul(cupp::matmul(p, a), p)), values_of(p)) < tol);
  // a tall full-rank system: a^H (b - a x) = 0
  const auto t = random_matrices<T>({600, 520}, 0.0, 10);
  const auto b = random_matrices<T>({600, 2}, 0.0, 11);
  const auto r = la::lstsq(t, b);
  CHECK(r.rank.item() == 520);
  const cupp::ndarray<T> res(b - cupp::matmul(t, r.x));
  const auto g = values_of(cupp::matmul(cupp::ndarray<T>(t.swapaxes(0, 1).conj()), res));
  CHECK(relative_error(g, std::vector<zd>(g.size())) < tolerance<T>() * 600);
}

TEMPLATE_LIST_TEST_CASE("matrix_rank of matrices of known rank", "[linalg][lstsq]", linalg_dtypes) {
  using T = TestType;
  // (8 x 2) @ (2 x 6): rank 2; a stack with a full-rank and a zero member
  const auto lo =
      cupp::matmul(random_matrices<T>({8, 2}, 0.0, 4), random_matrices<T>({2, 6}, 0.0, 5));
  CHECK(la::matrix_rank(lo).item() == 2);
  CHECK(la::matrix_rank(lo, {.tol = 1e30}).item() == 0);
  auto stack = random_matrices<T>({3, 5, 5}, 0.0, 6);
  stack(2) = cupp::zeros<T>({5, 5});
  const auto r = la::matrix_rank(stack);
  CHECK(r.shape() == cupp::shape_t{3});
  CHECK(r.get() == std::vector<std::int64_t>{5, 5, 0});
  CHECK(la::matrix_rank(cupp::ones<T>({4})).item() == 1);
  CHECK(la::matrix_rank(cupp::zeros<T>({4})).item() == 0);
  const auto h = hermitian_pd<T>({4, 4}, 7);
  CHECK(la::matrix_rank(h, {.hermitian = true}).item() == 4);
}

TEST_CASE("lstsq errors read like NumPy's", "[linalg][lstsq][errors]") {
  CHECK_THROWS_WITH_WORDS(la::lstsq(cupp::ones<double>({3, 2}), cupp::ones<double>({4})),
                          cupp::linalg_error, "Incompatible dimensions");
  CHECK_THROWS_WITH_WORDS(la::lstsq(cupp::ones<double>({2, 3, 2}), cupp::ones<double>({3})),
                          cupp::linalg_error, "Array must be two-dimensional");
  CHECK_THROWS_WITH_WORDS(la::pinv(cupp::ones<double>({3})), cupp::linalg_error,
                          "1-dimensional array given");
}
