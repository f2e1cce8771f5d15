// numpy.linalg's LU family against NumPy (test/fixtures/linalg.txt) and against its definitions
// on the host (residuals of solve, A inv(A) = I, det by host elimination): every computing dtype,
// stacks and broadcasting, layouts, empty matrices, singular members raised at the next sync.
#include "linalg/linalg_testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/creation.hpp>
#include <cupp/linalg/solve.hpp>
#include <cupp/manipulation/views.hpp>

using namespace cupp_test;
namespace la = cupp::linalg;

namespace {

// det by Gaussian elimination with partial pivoting, in complex<double>
zd host_det(const host_stack& s, std::int64_t q) {
  const std::int64_t n = s.rows;
  std::vector<zd> m(s.v.begin() + q * n * n, s.v.begin() + (q + 1) * n * n);
  zd d = 1;
  for (std::int64_t j = 0; j < n; ++j) {
    std::int64_t p = j;
    for (std::int64_t i = j + 1; i < n; ++i)
      if (std::abs(m[i * n + j]) > std::abs(m[p * n + j])) p = i;
    if (m[p * n + j] == zd(0)) return 0;
    if (p != j) {
      for (std::int64_t c = 0; c < n; ++c)
        std::swap(m[p * n + c], m[j * n + c]);
      d = -d;
    }
    d *= m[j * n + j];
    for (std::int64_t i = j + 1; i < n; ++i) {
      const zd f = m[i * n + j] / m[j * n + j];
      for (std::int64_t c = j; c < n; ++c)
        m[i * n + c] -= f * m[j * n + c];
    }
  }
  return d;
}

} // namespace

TEMPLATE_LIST_TEST_CASE("det, slogdet, solve and inv equal NumPy's", "[linalg][solve]",
                        linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 10;
  for (const auto& f : linalg_fixtures("det")) {
    if (!fixture_for<T>(f)) continue;
    const auto d = la::det(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(d.shape() == cupp::shape_t{f.a_shape[0]});
    CHECK(relative_error(values_of(d), fixture_values(f, 1)) < tol);
  }
  for (const auto& f : linalg_fixtures("slogdet")) {
    if (!fixture_for<T>(f)) continue;
    const auto [sign, logabs] = la::slogdet(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(relative_error(values_of(sign), fixture_values(f, 1)) < tol);
    const auto want = fixture_values(f, 2, true);
    const auto got = values_of(logabs);
    CHECK(std::isinf(got[1].real()));
    CHECK(got[1].real() < 0);
    CHECK(std::abs(got[0] - want[0]) < tol);
  }
  for (const auto& f : linalg_fixtures("solve")) {
    if (!fixture_for<T>(f)) continue;
    const auto x = la::solve(array_of<T>(fixture_values(f, 0), f.a_shape),
                             array_of<T>(fixture_values(f, 1), f.b_shape));
    const cupp::shape_t want_shape =
        f.b_shape.size() == 1 ? cupp::shape_t{f.a_shape[0], f.a_shape[1]} : f.b_shape;
    CHECK(x.shape() == want_shape);
    CHECK(relative_error(values_of(x), fixture_values(f, 2)) < tol);
  }
  for (const auto& f : linalg_fixtures("inv")) {
    if (!fixture_for<T>(f)) continue;
    const auto x = la::inv(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(relative_error(values_of(x), fixture_values(f, 1)) < tol);
  }
}

TEMPLATE_LIST_TEST_CASE("solve: residuals over sizes, stacks, broadcasting and layouts",
                        "[linalg][solve]", linalg_dtypes) {
  using T = TestType;
  // 130: above the order where the CUDA backend stops using cuBLAS's batched LU
  const std::int64_t n = GENERATE(1, 2, 5, 33, 130);
  const auto [abatch, bbatch] = GENERATE(std::pair{cupp::shape_t{}, cupp::shape_t{}},
                                         std::pair{cupp::shape_t{3}, cupp::shape_t{3}},
                                         std::pair{cupp::shape_t{2, 1}, cupp::shape_t{3}},
                                         std::pair{cupp::shape_t{}, cupp::shape_t{4}});
  const std::int64_t k = GENERATE(1, 3);
  CAPTURE(n, abatch, bbatch, k);
  const auto ashape = with_matrix(abatch, n, n), bshape = with_matrix(bbatch, n, k);
  const auto a = random_matrices<T>(ashape, 2.0 * n, 7);
  const auto b = random_matrices<T>(bshape, 0.0, 8);
  const auto x = la::solve(a, b);
  cupp::shape_t batch = abatch;
  REQUIRE(cupp::broadcast_into(batch, bbatch));
  const auto want_shape = with_matrix(batch, n, k);
  CHECK(x.shape() == want_shape);
  // a @ x == b, a and b broadcast on the host
  const auto A = stack_of(cupp::broadcast_to(a, with_matrix(batch, n, n)).copy());
  const auto B = stack_of(cupp::broadcast_to(b, want_shape).copy());
  CHECK(relative_error(multiply(A, stack_of(x)).v, B.v) < tolerance<T>() * n);
  if (batch.size() == 0) { // a transposed view (passed as is) and a reversed one give the same x
    const auto at = a.T().copy().T();
    CHECK(relative_error(values_of(la::solve(at, b)), values_of(x)) < tolerance<T>() * n);
    const auto flipped = cupp::flip(cupp::flip(a, 0).copy(), 0);
    CHECK(relative_error(values_of(la::solve(flipped, b)), values_of(x)) < tolerance<T>() * n);
  }
}

TEMPLATE_LIST_TEST_CASE("solve with a vector b, and NumPy 2's rule for stacked b",
                        "[linalg][solve]", linalg_dtypes) {
  using T = TestType;
  const auto a = random_matrices<T>({3, 4, 4}, 8.0, 1);
  const auto v = random_matrices<T>({1, 4}, 0.0, 2).reshape(cupp::shape_t{4});
  const auto x = la::solve(a, v); // (n,) solves every matrix for the same vector
  CHECK(x.shape() == cupp::shape_t{3, 4});
  const auto X = stack_of(x.reshape(cupp::shape_t{3, 4, 1}));
  const auto V = stack_of(cupp::broadcast_to(v.reshape(cupp::shape_t{1, 4, 1}), {3, 4, 1}).copy());
  CHECK(relative_error(multiply(stack_of(a), X).v, V.v) < tolerance<T>() * 10);
  // a (3, 4) b is a stack of matrices in NumPy 2: (4, 4) against (3, 4)'s rows fails
  CHECK_THROWS_WITH_WORDS(
      la::solve(random_matrices<T>({4, 4}, 1.0, 3), random_matrices<T>({3, 4}, 0.0, 4)),
      cupp::value_error, "solve", "mismatch in its core dimension 0");
  CHECK_THROWS_WITH_WORDS(
      la::solve(a, random_matrices<T>({1, 5}, 0.0, 4).reshape(cupp::shape_t{5})), cupp::value_error,
      "solve1", "size 5 is different from 4");
  CHECK_THROWS_WITH_WORDS(la::solve(a, random_matrices<T>({2, 4, 1}, 0.0, 4)), cupp::value_error,
                          "could not be broadcast");
}

TEMPLATE_LIST_TEST_CASE("inv and det over sizes and stacks", "[linalg][solve]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 3, 16, 130);
  const auto batch = GENERATE(cupp::shape_t{}, cupp::shape_t{5}, cupp::shape_t{2, 3});
  CAPTURE(n, batch);
  const auto shape = with_matrix(batch, n, n);
  const auto a = random_matrices<T>(shape, 1.5 * n, 11);
  const auto x = la::inv(a);
  CHECK(x.shape() == shape);
  const auto A = stack_of(a);
  CHECK(relative_error(multiply(A, stack_of(x)).v, identity_like(A).v) < tolerance<T>() * n);
  const auto d = la::det(a);
  CHECK(d.shape() == batch);
  if (n <= 16) {
    const auto got = values_of(d);
    for (std::int64_t q = 0; q < A.count; ++q) {
      const zd want = host_det(A, q);
      CHECK(std::abs(got[q] - want) <= tolerance<T>() * 10 * std::abs(want));
    }
  }
  const auto [sign, logabs] = la::slogdet(a);
  const auto s = values_of(sign), l = values_of(logabs), dv = values_of(d);
  for (std::size_t q = 0; q < s.size() && n <= 16; ++q)
    CHECK(std::abs(s[q] * std::exp(l[q].real()) - dv[q]) <= tolerance<T>() * 10 * std::abs(dv[q]));
}

TEMPLATE_LIST_TEST_CASE("det, slogdet, solve and inv of small matrices that need row exchanges",
                        "[linalg][solve]", linalg_dtypes) {
  // sizes 1-8 take a kernel of their own (a thread per matrix), 9 the factored path: matrices
  // without a dominant diagonal, so that the pivots come from other rows
  using T = TestType;
  const std::int64_t n = GENERATE(1, 2, 3, 4, 5, 6, 7, 8, 9);
  CAPTURE(n);
  const auto a = random_matrices<T>({37, n, n}, 0.0, static_cast<unsigned>(20 + n));
  const auto A = stack_of(a);
  const auto check = [&](const cupp::ndarray<T>& m) {
    const auto d = values_of(la::det(m));
    const auto [sign, logabs] = la::slogdet(m);
    const auto s = values_of(sign), l = values_of(logabs);
    REQUIRE(d.size() == 37);
    for (std::int64_t q = 0; q < 37; ++q) {
      const zd want = host_det(A, q);
      CHECK(std::abs(d[q] - want) <= tolerance<T>() * 50 * std::max(1.0, std::abs(want)));
      CHECK(std::abs(s[q] * std::exp(l[q].real()) - want) <=
            tolerance<T>() * 50 * std::max(1.0, std::abs(want)));
    }
  };
  check(a);
  check(a.transpose(0, 2, 1)); // a strided view: det A^T = det A
  // solve and inv of the same matrices (1-8: one kernel, as det): backward errors, since some of
  // these matrices are ill-conditioned
  const auto b = random_matrices<T>({37, n, 3}, 0.0, static_cast<unsigned>(40 + n));
  const auto x = la::solve(a, b);
  const auto X = stack_of(x), B = stack_of(b);
  double big = 1;
  for (const zd& v : X.v)
    big = std::max(big, std::abs(v));
  CHECK(relative_error(multiply(A, X).v, B.v) < tolerance<T>() * 100 * n * big);
  const auto y = la::inv(a.transpose(0, 2, 1)); // inv(A^T) = inv(A)^T
  const auto Y = stack_of(y.transpose(0, 2, 1).copy());
  big = 1;
  for (const zd& v : Y.v)
    big = std::max(big, std::abs(v));
  CHECK(relative_error(multiply(A, Y).v, identity_like(A).v) < tolerance<T>() * 100 * n * big);
  const auto v = la::solve(a, random_matrices<T>({1, n}, 0.0, 7).reshape(cupp::shape_t{n}));
  CHECK(v.shape() == cupp::shape_t{37, n});
  // a zero leading entry: [[0, 1], [1, 0]] and its 3x3 relative need an exchange first
  const T swap2[] = {T(0), T(1), T(1), T(0)};
  CHECK(values_of(la::det(cupp::asarray(swap2, {2, 2})))[0] == zd(-1));
  const T cycle3[] = {T(0), T(1), T(0), T(0), T(0), T(1), T(1), T(0), T(0)};
  CHECK(values_of(la::det(cupp::asarray(cycle3, {3, 3})))[0] == zd(1));
  const auto [sign, logabs] = la::slogdet(cupp::asarray(swap2, {2, 2}));
  CHECK(values_of(sign)[0] == zd(-1));
  CHECK(values_of(logabs)[0] == zd(0));
}

TEMPLATE_LIST_TEST_CASE("a singular member raises at the next sync; the others are valid",
                        "[linalg][solve][errors]", linalg_dtypes) {
  using T = TestType;
  auto a = random_matrices<T>({3, 4, 4}, 8.0, 5);
  a(1) = cupp::zeros<T>({4, 4}); // an exactly singular member
  const auto b = random_matrices<T>({3, 4, 2}, 0.0, 6);
  const auto x = la::solve(a, b); // no sync here
  CHECK_THROWS_WITH_WORDS(x.get(), cupp::linalg_error, "Singular matrix");
  const auto X = stack_of(x), A = stack_of(a), B = stack_of(b);
  for (const std::int64_t q : {0, 2}) { // the fault is cleared; members 0 and 2 solved
    const host_stack aq{1, 4, 4, {A.v.begin() + q * 16, A.v.begin() + (q + 1) * 16}};
    const host_stack xq{1, 4, 2, {X.v.begin() + q * 8, X.v.begin() + (q + 1) * 8}};
    const std::vector<zd> bq(B.v.begin() + q * 8, B.v.begin() + (q + 1) * 8);
    CHECK(relative_error(multiply(aq, xq).v, bq) < tolerance<T>() * 10);
  }
  const auto i = la::inv(a);
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::linalg_error, "Singular matrix");
  // det and slogdet of a singular matrix are values, not errors
  CHECK(values_of(la::det(a))[1] == zd(0));
  const auto [sign, logabs] = la::slogdet(a);
  CHECK(values_of(sign)[1] == zd(0));
  CHECK(values_of(logabs)[1].real() == -std::numeric_limits<double>::infinity());
  (void)i;
}

TEST_CASE("linalg shape errors raise at the call, as NumPy's LinAlgError", "[linalg][errors]") {
  const auto v = cupp::ones<double>({3});
  CHECK_THROWS_WITH_WORDS(la::inv(v), cupp::linalg_error,
                          "1-dimensional array given. Array must be at least two-dimensional");
  CHECK_THROWS_WITH_WORDS(la::det(cupp::ones<double>({2, 3})), cupp::linalg_error,
                          "Last 2 dimensions of the array must be square");
  CHECK_THROWS_WITH_WORDS(la::solve(cupp::ones<double>({2, 3}), v), cupp::linalg_error,
                          "Last 2 dimensions of the array must be square");
  CHECK_THROWS_WITH_WORDS(la::slogdet(cupp::ones<float>({4, 2, 3})), cupp::linalg_error,
                          "must be square");
  CHECK_THROWS_WITH_WORDS(la::tensorinv(cupp::ones<double>({2, 3}), 0), cupp::value_error,
                          "Invalid ind argument");
}

TEST_CASE("empty matrices and stacks", "[linalg][solve]") {
  CHECK(values_of(la::det(cupp::zeros<double>({0, 0}))) == std::vector<zd>{1.0});
  CHECK(la::inv(cupp::zeros<double>({0, 0})).shape() == cupp::shape_t{0, 0});
  CHECK(la::inv(cupp::zeros<float>({0, 3, 3})).shape() == cupp::shape_t{0, 3, 3});
  CHECK(la::det(cupp::zeros<float>({2, 0, 0})).shape() == cupp::shape_t{2});
  CHECK(la::solve(cupp::zeros<double>({0, 2, 2}), cupp::zeros<double>({0, 2, 5})).shape() ==
        cupp::shape_t{0, 2, 5});
  CHECK(la::solve(cupp::eye<double>(3), cupp::zeros<double>({3, 0})).shape() ==
        cupp::shape_t{3, 0});
}

TEST_CASE("integer and bool matrices compute in float64, as NumPy", "[linalg][solve]") {
  const std::int32_t m[] = {2, 1, 1, 3};
  const auto a = cupp::asarray(m, {2, 2});
  const auto d = la::det(a);
  STATIC_REQUIRE(std::is_same_v<decltype(d), const cupp::ndarray<double>>);
  CHECK(std::abs(d.item() - 5.0) < 1e-12);
  const auto x = la::solve(a, cupp::ones<float>({2}));
  STATIC_REQUIRE(std::is_same_v<decltype(x), const cupp::ndarray<double>>);
  CHECK(relative_error(values_of(x), {0.4, 0.2}) < 1e-12);
  // float32 with float64 promotes
  STATIC_REQUIRE(
      std::is_same_v<decltype(la::solve(cupp::ones<float>({2, 2}), cupp::ones<double>({2}))),
                     cupp::ndarray<double>>);
}

TEMPLATE_LIST_TEST_CASE("tensorsolve and tensorinv (NumPy's documented shapes)", "[linalg][solve]",
                        linalg_dtypes) {
  using T = TestType;
  // tensorinv(a (4, 6, 8, 3), ind=2) is (8, 3, 4, 6); tensordot with a gives the identity
  const auto m = random_matrices<T>({24, 24}, 30.0, 9);
  const auto a = m.reshape(cupp::shape_t{4, 6, 8, 3});
  const auto ainv = la::tensorinv(a, 2);
  CHECK(ainv.shape() == cupp::shape_t{8, 3, 4, 6});
  const auto flat = stack_of(ainv.reshape(cupp::shape_t{24, 24}));
  CHECK(relative_error(multiply(stack_of(m), flat).v, identity_like(flat).v) < tolerance<T>() * 30);
  // tensorsolve(a (6, 4, 2, 3, 4), b (6, 4)) is x (2, 3, 4) with a . x = b
  const auto b = random_matrices<T>({6, 4}, 0.0, 10);
  const auto x = la::tensorsolve(m.reshape(cupp::shape_t{6, 4, 2, 3, 4}), b);
  CHECK(x.shape() == cupp::shape_t{2, 3, 4});
  const auto r = multiply(stack_of(m), stack_of(x.reshape(cupp::shape_t{24, 1})));
  CHECK(relative_error(r.v, values_of(b)) < tolerance<T>() * 30);
  // axes move a's axes to the end first: a (2, 3, 4, 6, 4) with axes {0, 1, 2}
  const auto moved = cupp::transpose(m.reshape(cupp::shape_t{6, 4, 2, 3, 4}), {2, 3, 4, 0, 1});
  const auto x2 = la::tensorsolve(moved, b, {0, 1, 2});
  CHECK(relative_error(values_of(x2), values_of(x)) < tolerance<T>() * 30);
  CHECK_THROWS_WITH_WORDS(la::tensorsolve(cupp::ones<T>({6, 4, 5}), b), cupp::linalg_error,
                          "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
}

TEST_CASE("NaN propagates through the factorisations as in LAPACK", "[linalg][solve]") {
  // LAPACKE's default NaN scan would return an argument error and leave b unsolved
  const double b[] = {std::numeric_limits<double>::quiet_NaN(), 1.0};
  const auto x =
      la::solve(cupp::ndarray<double>(2.0 * cupp::eye<double>(2)), cupp::asarray(b, {2}));
  const auto v = x.get();
  CHECK(std::isnan(v[0]));
  CHECK(v[1] != 1.0); // solved: 1 - 0 * NaN is NaN in the substitution, as in LAPACK and NumPy
  // a NaN that cuSOLVER's factors keep off U's diagonal: NaN all the same, as NumPy's
  const double m[] = {1.0, std::numeric_limits<double>::quiet_NaN(), 0.0, 1.0};
  CHECK(std::isnan(la::det(cupp::asarray(m, {2, 2})).item()));
  const auto [sign, logabs] = la::slogdet(cupp::asarray(m, {2, 2}));
  CHECK(sign.item() == 1.0); // NumPy's real sign ignores the NaN
  CHECK(std::isnan(logabs.item()));
}

TEMPLATE_LIST_TEST_CASE("solve, inv, slogdet and det of 1030 x 1030 matrices: long row "
                        "exchanges and zero pivots",
                        "[linalg][solve]", linalg_dtypes) {
  // 1030: a blocked LU's panels (e.g. 512 columns) exchange rows across each other, and a random
  // matrix's pivots overflow their product, which a zero pivot made NaN before det followed
  // NumPy's sign * exp(logabsdet)
  using T = TestType;
  const std::int64_t n = 1030;
  std::mt19937_64 gen(21);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal;
  // A: an upper triangular U with its rows reversed (partial pivoting then exchanges rows across
  // the whole matrix), U's diagonal of magnitudes in [0.9, 1.1] and small entries above it, so
  // det A = (-1)^(n/2) prod(diag U) is known and A well conditioned
  std::vector<zd> u(static_cast<std::size_t>(n * n));
  zd sign = (n / 2) % 2 ? -1.0 : 1.0;
  double logabs = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const double size = 0.9 + 0.2 * unit(gen);
    const double angle = cupp::is_complex_v<T> ? 6.283185307179586 * unit(gen)
                                               : (unit(gen) < 0.5 ? 3.141592653589793 : 0.0);
    const zd d = std::polar(size, angle);
    sign *= d / size;
    logabs += std::log(size);
    u[static_cast<std::size_t>((n - 1 - i) * n + i)] = d;
    for (std::int64_t j = i + 1; j < n; ++j)
      u[static_cast<std::size_t>((n - 1 - i) * n + j)] =
          zd(normal(gen), cupp::is_complex_v<T> ? normal(gen) : 0.0) / static_cast<double>(n);
  }
  const auto a = array_of<T>(u, {n, n});
  const auto [s, l] = la::slogdet(a);
  CHECK(std::abs(values_of(s)[0] - sign) < tolerance<T>() * 10);
  CHECK(std::abs(values_of(l)[0].real() - logabs) < tolerance<T>() * n);
  CHECK(std::abs(values_of(la::det(a))[0] - sign * std::exp(logabs)) < tolerance<T>() * n);
  // 9 right-hand sides and inv's n: enough for triangular solves by blocks of 256 rows (a short
  // last block of 6 here); solve solves with the transposed factors, inv with the factors
  const auto b = random_matrices<T>({n, 9}, 0.0, 22);
  const auto x = la::solve(a, b);
  CHECK(relative_error(multiply(stack_of(a), stack_of(x)).v, stack_of(b).v) < tolerance<T>() * n);
  const auto A = stack_of(a);
  CHECK(relative_error(multiply(A, stack_of(la::inv(a))).v, identity_like(A).v) <
        tolerance<T>() * n);
  // a zero row makes a zero pivot in the panel that holds it: found, whichever panel
  for (const std::int64_t row : {700, 1029}) {
    CAPTURE(row);
    auto g = random_matrices<T>({n, n}, 0.0, 23);
    g(row) = cupp::zeros<T>({n});
    CHECK(values_of(la::det(g))[0] == zd(0));
    CHECK_THROWS_WITH_WORDS(la::solve(g, b).get(), cupp::linalg_error, "Singular matrix");
  }
}
