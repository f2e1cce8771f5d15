// cholesky, qr, eigh/eigvalsh and svd/svdvals against NumPy (test/fixtures/linalg.txt) and their
// defining properties on the host (L L^H = A; Q^H Q = I, Q R = A, R upper; A V = V diag(w);
// U diag(s) V^H = A with orthonormal factors), over dtypes, shapes, stacks and modes, with
// failures raised at the next sync.
#include "linalg/linalg_testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/creation.hpp>
#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/views.hpp>

#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

using namespace cupp_test;
namespace la = cupp::linalg;

namespace {

host_stack conj_transpose(const host_stack& a) {
  host_stack t{a.count, a.cols, a.rows, std::vector<zd>(a.v.size())};
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < a.rows; ++i)
      for (std::int64_t j = 0; j < a.cols; ++j)
        t.at(q, j, i) = std::conj(a.at(q, i, j));
  return t;
}

// columns scaled: a[..., :, j] * d[..., j]
host_stack scale_columns(host_stack a, const std::vector<zd>& d) {
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < a.rows; ++i)
      for (std::int64_t j = 0; j < a.cols; ++j)
        a.at(q, i, j) *= d[q * a.cols + j];
  return a;
}

// Q^H Q = I (orthonormal columns)
void check_orthonormal(const host_stack& q, double tol) {
  const host_stack g = multiply(q, q, true);
  CHECK(relative_error(g.v, identity_like(g).v) < tol);
}

bool triangular(const host_stack& a, bool upper) {
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < a.rows; ++i)
      for (std::int64_t j = 0; j < a.cols; ++j)
        if ((upper ? j < i : j > i) && a.at(q, i, j) != zd(0)) return false;
  return true;
}

} // namespace

TEMPLATE_LIST_TEST_CASE("eigvalsh, cholesky and svdvals equal NumPy's", "[linalg][decompose]",
                        linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 10;
  for (const auto& f : linalg_fixtures("eigvalsh")) {
    if (!fixture_for<T>(f)) continue;
    const auto w = la::eigvalsh(array_of<T>(fixture_values(f, 0), f.a_shape));
    STATIC_REQUIRE(std::is_same_v<decltype(w), const cupp::ndarray<cupp::real_t<T>>>);
    CHECK(relative_error(values_of(w), fixture_values(f, 1, true)) < tol);
  }
  for (const auto& f : linalg_fixtures("cholesky")) {
    if (!fixture_for<T>(f)) continue;
    const auto l = la::cholesky(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(relative_error(values_of(l), fixture_values(f, 1)) < tol);
  }
  for (const auto& f : linalg_fixtures("svdvals")) {
    if (!fixture_for<T>(f)) continue;
    const auto s = la::svdvals(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(relative_error(values_of(s), fixture_values(f, 1, true)) < tol);
  }
}

TEMPLATE_LIST_TEST_CASE("cholesky: L L^H = A, upper, stacks, the other triangle ignored",
                        "[linalg][decompose]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 4, 37);
  const auto batch = GENERATE(cupp::shape_t{}, cupp::shape_t{3});
  CAPTURE(n, batch);
  const auto shape = with_matrix(batch, n, n);
  const auto a = hermitian_pd<T>(shape, 3);
  const auto A = stack_of(a);
  const auto l = stack_of(la::cholesky(cupp::tril(a))); // only the lower triangle is read
  CHECK(triangular(l, false));
  CHECK(relative_error(multiply(l, conj_transpose(l)).v, A.v) < tolerance<T>() * n);
  const auto u = stack_of(la::cholesky(cupp::triu(a), true));
  CHECK(triangular(u, true));
  CHECK(relative_error(multiply(u, u, true).v, A.v) < tolerance<T>() * n);
}

TEMPLATE_LIST_TEST_CASE("cholesky of a matrix that is not positive definite",
                        "[linalg][decompose][errors]", linalg_dtypes) {
  using T = TestType;
  auto a = hermitian_pd<T>({2, 3, 3}, 4);
  a(1) = -cupp::eye<T>(3);
  const auto l = la::cholesky(a);
  CHECK_THROWS_WITH_WORDS(l.get(), cupp::linalg_error, "Matrix is not positive definite");
  const auto L = stack_of(l), A = stack_of(a);
  const host_stack l0{1, 3, 3, {L.v.begin(), L.v.begin() + 9}};
  CHECK(relative_error(multiply(l0, conj_transpose(l0)).v,
                       std::vector<zd>(A.v.begin(), A.v.begin() + 9)) < tolerance<T>() * 10);
}

TEMPLATE_LIST_TEST_CASE("qr in every mode: Q orthonormal, Q R = A, R upper triangular",
                        "[linalg][decompose]", linalg_dtypes) {
  using T = TestType;
  const auto [m, n] =
      GENERATE(std::pair<std::int64_t, std::int64_t>{5, 3}, std::pair{3, 5}, std::pair{4, 4},
               std::pair{1, 1}, std::pair{40, 7}, std::pair{0, 3}, std::pair{3, 0});
  const auto batch = GENERATE(cupp::shape_t{}, cupp::shape_t{2});
  CAPTURE(m, n, batch);
  const auto shape = with_matrix(batch, m, n);
  const auto a = random_matrices<T>(shape, 0.0, 5);
  const auto A = stack_of(a);
  const std::int64_t k = std::min(m, n);
  const double tol = tolerance<T>() * 10;
  auto with = [&](std::int64_t r, std::int64_t c) { return with_matrix(batch, r, c); };
  const auto [q, r] = la::qr(a);
  CHECK(q.shape() == with(m, k));
  CHECK(r.shape() == with(k, n));
  const auto Q = stack_of(q), R = stack_of(r);
  if (k > 0) {
    check_orthonormal(Q, tol);
    CHECK(triangular(R, true));
    CHECK(relative_error(multiply(Q, R).v, A.v) < tol);
  }
  const auto [qc, rc] = la::qr(a, la::qr_mode::complete);
  CHECK(qc.shape() == with(m, m));
  CHECK(rc.shape() == with(m, n));
  if (m > 0) {
    check_orthonormal(stack_of(qc), tol);
    CHECK(triangular(stack_of(rc), true));
    if (n > 0) CHECK(relative_error(multiply(stack_of(qc), stack_of(rc)).v, A.v) < tol);
  }
  const auto [none, ronly] = la::qr(a, la::qr_mode::r);
  CHECK(ronly.shape() == r.shape());
  CHECK(relative_error(values_of(ronly), R.v) < tol);
  const auto [h, tau] = la::qr(a, la::qr_mode::raw);
  CHECK(h.shape() == with(n, m));
  auto tshape = batch;
  tshape.push_back(k);
  CHECK(tau.shape() == tshape);
  (void)none;
}

TEMPLATE_LIST_TEST_CASE("eigh: A V = V diag(w), V unitary, w ascending, UPLO",
                        "[linalg][decompose]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 2, 9, 40);
  const auto batch = GENERATE(cupp::shape_t{}, cupp::shape_t{3});
  CAPTURE(n, batch);
  const auto shape = with_matrix(batch, n, n);
  const cupp::ndarray<T> a = hermitian_pd<T>(shape, 6) - 2.0 * n * cupp::eye<T>(n); // indefinite
  const auto A = stack_of(a);
  const double tol = tolerance<T>() * n * 4;
  for (const char* uplo : {"L", "U"}) {
    // the other triangle holds garbage that must not be read
    const cupp::ndarray<T> garbage =
        std::string(uplo) == "L"
            ? cupp::ndarray<T>(cupp::tril(a) + 7.0 * cupp::triu(cupp::ones_like(a), 1))
            : cupp::ndarray<T>(cupp::triu(a) + 7.0 * cupp::tril(cupp::ones_like(a), -1));
    const auto [w, v] = la::eigh(garbage, uplo);
    const auto W = values_of(w);
    const auto V = stack_of(v);
    check_orthonormal(V, tol);
    CHECK(relative_error(multiply(A, V).v, scale_columns(V, W).v) < tol);
    for (std::int64_t q = 0; q < V.count; ++q)
      for (std::int64_t i = 1; i < n; ++i)
        CHECK(W[q * n + i - 1].real() <= W[q * n + i].real());
    CHECK(relative_error(values_of(la::eigvalsh(garbage, uplo)), W) < tol);
  }
  CHECK_THROWS_WITH_WORDS(la::eigh(a, "X"), cupp::value_error, "UPLO argument must be 'L' or 'U'");
  CHECK_THROWS_WITH_WORDS(la::eigvalsh(cupp::ones<T>({2, 3})), cupp::linalg_error,
                          "must be square");
}

TEMPLATE_LIST_TEST_CASE("svd: U diag(s) V^H = A, orthonormal factors, full and reduced",
                        "[linalg][decompose]", linalg_dtypes) {
  using T = TestType;
  const auto [m, n] =
      GENERATE(std::pair<std::int64_t, std::int64_t>{6, 4}, std::pair{4, 6}, std::pair{5, 5},
               std::pair{1, 3}, std::pair{50, 9}, std::pair{32, 32}, std::pair{0, 2},
               std::pair{2, 0}); // stacks up to 32: the batched Jacobi SVD on CUDA
  const auto batch = GENERATE(cupp::shape_t{}, cupp::shape_t{3});
  // gesvd (svdvals' reference for these sizes) and the polar decomposition
  const auto algorithm = GENERATE(la::svd_algorithm::qr, la::svd_algorithm::polar);
  CAPTURE(m, n, batch, algorithm);
  const auto shape = with_matrix(batch, m, n);
  const auto a = random_matrices<T>(shape, 0.0, 7);
  const auto A = stack_of(a);
  const std::int64_t k = std::min(m, n);
  const double tol = tolerance<T>() * 20;
  auto with = [&](std::int64_t r, std::int64_t c) { return with_matrix(batch, r, c); };
  for (const bool full : {true, false}) {
    const auto [u, s, vh] = la::svd(a, {.full_matrices = full, .algorithm = algorithm});
    CHECK(u.shape() == with(m, full ? m : k));
    CHECK(vh.shape() == with(full ? n : k, n));
    const auto S = values_of(s);
    for (std::size_t i = 1; i < S.size(); ++i)
      if (static_cast<std::int64_t>(i) % k) CHECK(S[i - 1].real() >= S[i].real());
    if (m == 0 || n == 0) continue;
    const auto U = stack_of(u), VH = stack_of(vh);
    check_orthonormal(U, tol);
    check_orthonormal(conj_transpose(VH), tol);
    const auto uk = stack_of(cupp::detail::slab(u, u.ndim() - 1, 0, k).copy());
    const auto vk = stack_of(cupp::detail::slab(vh, vh.ndim() - 2, 0, k).copy());
    CHECK(relative_error(multiply(scale_columns(uk, S), vk).v, A.v) < tol);
    CHECK(relative_error(values_of(la::svdvals(a)), S) < tol);
  }
}

// A = U diag(sigma) V^H from random orthonormal U, V and chosen singular values
template <class T>
cupp::ndarray<T> with_singular_values(std::int64_t m, std::int64_t n,
                                      const std::vector<double>& sigma) {
  const auto q = [](std::int64_t r, unsigned seed) {
    return la::qr(random_matrices<T>({r, r}, 0.0, seed)).q;
  };
  const std::int64_t k = std::min(m, n);
  std::vector<zd> d(static_cast<std::size_t>(m * n), zd(0));
  for (std::int64_t i = 0; i < k; ++i)
    d[static_cast<std::size_t>(i * n + i)] = sigma[static_cast<std::size_t>(i)];
  return cupp::matmul(cupp::matmul(q(m, 3), array_of<T>(d, {m, n})), q(n, 4));
}

TEMPLATE_LIST_TEST_CASE("svd by the polar decomposition: rank-deficient, ill-conditioned, large",
                        "[linalg][decompose]", linalg_dtypes) {
  using T = TestType;
  using R = cupp::real_t<T>;
  const double eps = std::numeric_limits<R>::epsilon();
  // exact zeros, a cluster, values below eps sigma_max (they need the final QR's orthonormal
  // completion), and a large matrix, which the CUDA backend's automatic choice sends this way
  const auto [m, n, kind] =
      GENERATE(std::tuple<std::int64_t, std::int64_t, int>{12, 12, 0}, std::tuple{16, 9, 1},
               std::tuple{9, 16, 2}, std::tuple{520, 520, 3});
  CAPTURE(m, n, kind);
  const std::int64_t k = std::min(m, n);
  std::vector<double> sigma(static_cast<std::size_t>(k));
  for (std::int64_t i = 0; i < k; ++i) {
    const double x = static_cast<double>(i) / static_cast<double>(k);
    sigma[static_cast<std::size_t>(i)] = kind == 0   ? (i < k / 2 ? 3.0 - x : 0.0)
                                         : kind == 1 ? (i < 4 ? 2.0 : std::pow(10.0, -12 * x))
                                         : kind == 2 ? std::pow(10.0, -3 * x)
                                                     : 2.0 - x;
  }
  const auto a = with_singular_values<T>(m, n, sigma);
  const auto algorithm = kind == 3 ? la::svd_algorithm::automatic : la::svd_algorithm::polar;
  const auto [u, s, vh] = la::svd(a, {.full_matrices = false, .algorithm = algorithm});
  const double tol = 100 * static_cast<double>(k) * eps;
  const auto S = values_of(s);
  for (std::int64_t i = 0; i < k; ++i) // absolute accuracy, sigma_max = 3, 2, 1 or 2
    CHECK(std::abs(S[static_cast<std::size_t>(i)].real() - sigma[static_cast<std::size_t>(i)]) <
          tol * 3);
  check_orthonormal(stack_of(u), tol);
  check_orthonormal(conj_transpose(stack_of(vh)), tol);
  CHECK(relative_error(multiply(scale_columns(stack_of(u), S), stack_of(vh)).v, stack_of(a).v) <
        tol);
  CHECK(relative_error(values_of(la::svdvals(a)), S) < tol);
}

TEMPLATE_LIST_TEST_CASE("svd of a matrix with NaN or inf did not converge",
                        "[linalg][decompose][errors]", linalg_dtypes) {
  using T = TestType;
  const auto algorithm = GENERATE(la::svd_algorithm::qr, la::svd_algorithm::polar);
  CAPTURE(algorithm);
  for (const double bad : {std::nan(""), std::numeric_limits<double>::infinity()}) {
    auto v = values_of(random_matrices<T>({2, 5, 5}, 0.0, 9));
    v[37] = bad; // matrix 1
    const auto r = la::svd(array_of<T>(v, {2, 5, 5}), {.algorithm = algorithm});
    CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::linalg_error, "SVD did not converge");
  }
}

TEMPLATE_LIST_TEST_CASE("svd of Hermitian matrices through eigh", "[linalg][decompose]",
                        linalg_dtypes) {
  using T = TestType;
  const cupp::ndarray<T> h = hermitian_pd<T>({2, 6, 6}, 8) - 12.0 * cupp::eye<T>(6); // mixed signs
  const auto [u, s, vh] = la::svd(h, {.hermitian = true});
  const double tol = tolerance<T>() * 50;
  CHECK(relative_error(values_of(s), values_of(la::svdvals(h))) < tol);
  CHECK(relative_error(multiply(scale_columns(stack_of(u), values_of(s)), stack_of(vh)).v,
                       stack_of(h).v) < tol);
}
