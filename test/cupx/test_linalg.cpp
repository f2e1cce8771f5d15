// cupx::linalg (scipy.linalg's lu, lu_factor, lu_solve, solve_triangular, cho_factor, cho_solve)
// against SciPy (test/fixtures/cupx_linalg.txt, scripts/gen_cupx_linalg_fixtures.py) and against
// their definitions on the host (P L U = A with L unit lower and U upper, op(A) x = b residuals,
// L L^H = A): every computing dtype and an integer one, stacks with broadcasting, empty matrices
// and batches, transposed and non-contiguous inputs, SciPy's errors at the call and the device's
// at the next sync point.
#include "linalg/linalg_testing.hpp"

#include <cupx/linalg.hpp>

#include <cupp/core/context.hpp>
#include <cupp/creation.hpp>
#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/complex.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace cupp_test;
namespace xl = cupx::linalg;
using cupp::shape_t;

namespace {

const std::string linalg_file = "cupx_linalg.txt";

// The fields of a fixture's case name: "solve_triangular:1:0:1" -> {1, 0, 1}.
std::vector<int> arguments_of(const std::string& name) {
  std::vector<int> out;
  for (std::size_t at = name.find(':'); at != std::string::npos; at = name.find(':', at + 1))
    out.push_back(std::stoi(name.substr(at + 1)));
  return out;
}

// op(a): a (trans 0), a^T (1) or a^H (2).
host_stack op(const host_stack& a, int trans) {
  if (trans == 0) return a;
  host_stack t{a.count, a.cols, a.rows, std::vector<zd>(a.v.size())};
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < a.rows; ++i)
      for (std::int64_t j = 0; j < a.cols; ++j)
        t.at(q, j, i) = trans == 2 ? std::conj(a.at(q, i, j)) : a.at(q, i, j);
  return t;
}

// The triangle a solve reads: the other one zeroed, the diagonal ones when `unit`.
host_stack triangle(host_stack a, bool lower, bool unit) {
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < a.rows; ++i)
      for (std::int64_t j = 0; j < a.cols; ++j)
        if (lower ? j > i : j < i) {
          a.at(q, i, j) = 0;
        } else if (i == j && unit) {
          a.at(q, i, j) = 1;
        }
  return a;
}

bool is_triangular(const host_stack& a, bool lower, bool unit) {
  const host_stack t = triangle(a, lower, unit);
  return t.v == a.v;
}

// rows of every matrix taken in the order p (..., m): out[q, i, :] = a[q, p[q, i], :].
host_stack rows_in_order(const host_stack& a, const std::vector<zd>& p) {
  host_stack out = a;
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < a.rows; ++i)
      for (std::int64_t j = 0; j < a.cols; ++j)
        out.at(q, i, j) = a.at(q, static_cast<std::int64_t>(p[q * a.rows + i].real()), j);
  return out;
}

// batch + (n,).
shape_t with_vector(shape_t batch, std::int64_t n) {
  batch.push_back(n);
  return batch;
}

template <class T> host_stack broadcast_stack(const cupp::ndarray<T>& a, const shape_t& shape) {
  return stack_of(cupp::broadcast_to(a, shape).copy());
}

// Matrices (..., n, n) with diagonal entries near 1 and the others of order 1/n: triangles of
// them are well conditioned, with or without their diagonal (random unit triangles are not).
template <class T> cupp::ndarray<T> triangular_friendly(const shape_t& shape, unsigned seed) {
  const std::int64_t n = shape[shape.size() - 1];
  std::vector<zd> v = values_of(random_matrices<T>(shape, static_cast<double>(n), seed));
  for (zd& z : v)
    z /= static_cast<double>(n);
  return array_of<T>(v, shape);
}

// A stack as a column (..., n, 1) when it is one vector (n,) per matrix.
template <class T> cupp::ndarray<T> as_matrices(const cupp::ndarray<T>& x, bool vector) {
  if (!vector) return x;
  shape_t s = x.shape();
  s.push_back(1);
  return x.reshape(s);
}

} // namespace

TEMPLATE_LIST_TEST_CASE("lu, lu_factor and lu_solve equal SciPy's", "[cupx][linalg]",
                        linalg_dtypes) {
  using T = TestType;
  using R = cupp::real_t<T>;
  const double tol = tolerance<T>() * 10;
  for (const auto& f : linalg_fixtures("lu", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    CAPTURE(f.a_shape);
    const auto [p, l, u] = xl::lu(array_of<T>(fixture_values(f, 0), f.a_shape));
    STATIC_REQUIRE(std::is_same_v<decltype(p), const cupp::ndarray<R>>);
    // real, as SciPy's, but for its 1 x 1 shortcut, whose p has a's (complex) dtype
    const bool real_p = f.lists[1].size() == static_cast<std::size_t>(p.size());
    CHECK(values_of(p) == fixture_values(f, 1, real_p));
    CHECK(relative_error(values_of(l), fixture_values(f, 2)) < tol);
    CHECK(relative_error(values_of(u), fixture_values(f, 3)) < tol);
  }
  for (const auto& f : linalg_fixtures("lu_permute_l", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    const auto [pl, u] = xl::lu(array_of<T>(fixture_values(f, 0), f.a_shape), xl::permute_l);
    CHECK(pl.shape() == shape_t{2, 4, 4});
    CHECK(u.shape() == shape_t{2, 4, 6});
    CHECK(relative_error(values_of(pl), fixture_values(f, 1)) < tol);
    CHECK(relative_error(values_of(u), fixture_values(f, 2)) < tol);
  }
  for (const auto& f : linalg_fixtures("lu_p_indices", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    const auto [p, l, u] = xl::lu(array_of<T>(fixture_values(f, 0), f.a_shape), xl::p_indices);
    STATIC_REQUIRE(std::is_same_v<decltype(p), const cupp::ndarray<std::int32_t>>);
    CHECK(values_of(p) == fixture_values(f, 1, true));
    CHECK(relative_error(values_of(l), fixture_values(f, 2)) < tol);
    CHECK(relative_error(values_of(u), fixture_values(f, 3)) < tol);
  }
  for (const auto& f : linalg_fixtures("lu_factor", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    CAPTURE(f.a_shape);
    const auto [lu, piv] = xl::lu_factor(array_of<T>(fixture_values(f, 0), f.a_shape));
    CHECK(lu.shape() == f.a_shape);
    CHECK(relative_error(values_of(lu), fixture_values(f, 1)) < tol);
    CHECK(values_of(piv) == fixture_values(f, 2, true));
  }
  for (const auto& f : linalg_fixtures("lu_solve:", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    CAPTURE(f.name, f.b_shape);
    const auto factors = xl::lu_factor(array_of<T>(fixture_values(f, 0), f.a_shape));
    const auto x = xl::lu_solve(factors, array_of<T>(fixture_values(f, 1), f.b_shape),
                                arguments_of(f.name)[0]);
    CHECK(x.shape() == (f.b_shape.size() == 1 ? shape_t{2, 4} : f.b_shape));
    CHECK(relative_error(values_of(x), fixture_values(f, 2)) < tol);
  }
}

TEMPLATE_LIST_TEST_CASE("solve_triangular, cho_factor and cho_solve equal SciPy's",
                        "[cupx][linalg]", linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 10;
  for (const auto& f : linalg_fixtures("solve_triangular:", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    CAPTURE(f.name, f.a_shape);
    const auto arg = arguments_of(f.name);
    const auto x = xl::solve_triangular(
        array_of<T>(fixture_values(f, 0), f.a_shape), array_of<T>(fixture_values(f, 1), f.b_shape),
        {.trans = arg[0], .lower = arg[1] == 1, .unit_diagonal = arg[2] == 1});
    CHECK(relative_error(values_of(x), fixture_values(f, 2)) < tol);
  }
  for (const auto& f : linalg_fixtures("cho_factor:", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    const bool lower = arguments_of(f.name)[0] == 1;
    const auto [c, c_lower] = xl::cho_factor(array_of<T>(fixture_values(f, 0), f.a_shape), lower);
    CHECK(c_lower == lower);
    // the factor's triangle only: the other one is unspecified ("random data" in SciPy)
    const auto factor = triangle(stack_of(c), lower, false);
    CHECK(relative_error(factor.v, fixture_values(f, 1)) < tol);
  }
  for (const auto& f : linalg_fixtures("cho_solve:", linalg_file)) {
    if (!fixture_for<T>(f)) continue;
    const bool lower = arguments_of(f.name)[0] == 1;
    const auto x =
        xl::cho_solve(xl::cho_factor(array_of<T>(fixture_values(f, 0), f.a_shape), lower),
                      array_of<T>(fixture_values(f, 1), f.b_shape));
    CHECK(relative_error(values_of(x), fixture_values(f, 2)) < tol);
  }
}

TEMPLATE_LIST_TEST_CASE("lu: P L U = A, L unit lower, U upper, over shapes and stacks",
                        "[cupx][linalg]", linalg_dtypes) {
  using T = TestType;
  // 130: above the order where the CUDA backend leaves cuBLAS's batched LU
  const auto [m, n] =
      GENERATE(std::pair<std::int64_t, std::int64_t>{1, 1}, std::pair{5, 5}, std::pair{7, 4},
               std::pair{4, 7}, std::pair{33, 33}, std::pair{130, 130}, std::pair{40, 9});
  const auto batch = GENERATE(shape_t{}, shape_t{3}, shape_t{2, 2});
  CAPTURE(m, n, batch);
  const std::int64_t k = std::min(m, n);
  const double tol = tolerance<T>() * std::max(m, n);
  const auto a = random_matrices<T>(with_matrix(batch, m, n), 0.0, 21);
  const auto A = stack_of(a);
  const auto [p, l, u] = xl::lu(a);
  CHECK(p.shape() == with_matrix(batch, m, m));
  CHECK(l.shape() == with_matrix(batch, m, k));
  CHECK(u.shape() == with_matrix(batch, k, n));
  const auto P = stack_of(p), L = stack_of(l), U = stack_of(u);
  CHECK(is_triangular(L, true, true));
  CHECK(is_triangular(U, false, false));
  CHECK(relative_error(multiply(P, multiply(L, U)).v, A.v) < tol);
  CHECK(relative_error(multiply(P, P, true).v, identity_like(P).v) == 0); // a permutation
  // p_indices: A = L[p] U; permute_l: A = (P L) U
  const auto [pi, l2, u2] = xl::lu(a, xl::p_indices);
  CHECK(pi.shape() == with_vector(batch, m));
  CHECK(relative_error(values_of(l2), L.v) < tol);
  CHECK(relative_error(values_of(u2), U.v) < tol);
  CHECK(relative_error(rows_in_order(multiply(L, U), values_of(pi)).v, A.v) < tol);
  const auto [pl, u3] = xl::lu(a, xl::permute_l);
  CHECK(relative_error(multiply(stack_of(pl), U).v, A.v) < tol);
  CHECK(relative_error(values_of(u3), U.v) < tol);
  // lu_factor packs the same factors; its pivots are SciPy's 0-based row exchanges
  const auto [lu, piv] = xl::lu_factor(a);
  CHECK(lu.shape() == a.shape());
  CHECK(piv.shape() == with_vector(batch, k));
  const auto LU = stack_of(lu);
  host_stack packed = LU; // L below the diagonal, U on and above it
  for (std::int64_t q = 0; q < A.count; ++q)
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j)
        packed.at(q, i, j) = i > j ? L.at(q, i, j) : U.at(q, i, j);
  CHECK(relative_error(LU.v, packed.v) < tol);
  const auto pivots = values_of(piv);
  for (std::int64_t q = 0; q < A.count; ++q) { // the exchanges in order give P: P[r[i], i] = 1
    std::vector<std::int64_t> rows(m);
    for (std::int64_t i = 0; i < m; ++i)
      rows[i] = i;
    for (std::int64_t i = 0; i < k; ++i) {
      const auto j = static_cast<std::int64_t>(pivots[q * k + i].real());
      REQUIRE(j >= i);
      REQUIRE(j < m);
      std::swap(rows[i], rows[j]);
    }
    for (std::int64_t i = 0; i < m; ++i)
      CHECK(P.at(q, rows[i], i) == zd(1));
  }
  // a transposed view factors as its copy
  const auto at = a.swapaxes(-1, -2).copy().swapaxes(-1, -2);
  CHECK(relative_error(values_of(xl::lu(at).u), U.v) < tol);
}

TEMPLATE_LIST_TEST_CASE("lu of large matrices: LAPACK's pivots across blocked panels",
                        "[cupx][linalg]", linalg_dtypes) {
  // 1030 (four blocks of 256 columns and a short one of 6) and a stack of 2 x 1500: orders where
  // a GPU LU factors by blocked panels, whose row exchanges cross the panels. Entries are small
  // integers, so the first column has ties: the pivot is the first row of the largest magnitude
  // (|re| + |im| for complex, as LAPACK's izamax).
  using T = TestType;
  const auto [n, count] =
      GENERATE(std::pair<std::int64_t, std::int64_t>{1030, 1}, std::pair{1500, 2});
  CAPTURE(n, count);
  std::mt19937_64 gen(31);
  std::uniform_int_distribution<int> small(-3, 3);
  std::vector<zd> values(static_cast<std::size_t>(count * n * n));
  for (auto& v : values)
    v = zd(small(gen), cupp::is_complex_v<T> ? small(gen) : 0);
  const shape_t shape = count > 1 ? shape_t{count, n, n} : shape_t{n, n};
  const auto a = array_of<T>(values, shape);
  const auto [pi, l, u] = xl::lu(a, xl::p_indices);
  const auto A = stack_of(a), L = stack_of(l), U = stack_of(u);
  // A = L[p] U, checked on three random vectors (a product of the factors would take seconds)
  const auto x = stack_of(random_matrices<T>({n, 3}, 0.0, 32));
  CHECK(relative_error(rows_in_order(multiply(L, multiply(U, x)), values_of(pi)).v,
                       multiply(A, x).v) < tolerance<T>() * n);
  CHECK(is_triangular(L, true, true));
  CHECK(is_triangular(U, false, false));
  // partial pivoting: no multiplier above 1 (sqrt(2) for complex, whose pivots are chosen by
  // |re| + |im|), within a division's rounding
  double most = 0;
  for (const zd v : L.v)
    most = std::max(most, std::abs(v));
  CHECK(most <= (cupp::is_complex_v<T> ? std::sqrt(2.0) : 1.0) *
                    (1 + 4 * std::numeric_limits<cupp::real_t<T>>::epsilon()));
  const auto magnitude = [](zd z) { return std::abs(z.real()) + std::abs(z.imag()); };
  const auto pivots = values_of(xl::lu_factor(a).piv);
  for (std::int64_t q = 0; q < count; ++q) {
    std::int64_t first = 0;
    for (std::int64_t i = 1; i < n; ++i)
      if (magnitude(A.at(q, i, 0)) > magnitude(A.at(q, first, 0))) first = i;
    CHECK(pivots[q * n].real() == static_cast<double>(first));
  }
}

TEMPLATE_LIST_TEST_CASE("lu_solve: op(A) x = b over sizes, trans, stacks and broadcasting",
                        "[cupx][linalg]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 5, 33, 130);
  const int trans = GENERATE(0, 1, 2);
  const auto [abatch, bbatch] =
      GENERATE(std::pair{shape_t{}, shape_t{}}, std::pair{shape_t{3}, shape_t{3}},
               std::pair{shape_t{2, 1}, shape_t{3}}, std::pair{shape_t{}, shape_t{4}});
  const bool vector = GENERATE(false, true);
  CAPTURE(n, trans, abatch, bbatch, vector);
  const auto a = random_matrices<T>(with_matrix(abatch, n, n), 2.0 * n, 31);
  const auto b = vector ? random_matrices<T>({1, n}, 0.0, 32).reshape(shape_t{n})
                        : random_matrices<T>(with_matrix(bbatch, n, 3), 0.0, 32);
  shape_t batch = abatch;
  if (!vector) REQUIRE(cupp::broadcast_into(batch, bbatch));
  const auto x = xl::lu_solve(xl::lu_factor(a), b, trans);
  const std::int64_t k = vector ? 1 : 3;
  const auto xshape = vector ? with_vector(batch, n) : with_matrix(batch, n, k);
  CHECK(x.shape() == xshape);
  const auto A = op(broadcast_stack(a, with_matrix(batch, n, n)), trans);
  const auto B = broadcast_stack(as_matrices(b, vector),
                                 vector ? with_matrix({}, n, 1) : with_matrix(batch, n, k));
  host_stack X = stack_of(as_matrices(x, vector));
  const auto AX = multiply(A, X);
  for (std::int64_t q = 0; q < AX.count; ++q) { // b is one vector for every matrix
    const std::vector<zd> got(AX.v.begin() + q * n * k, AX.v.begin() + (q + 1) * n * k);
    const std::vector<zd> want(B.v.begin() + (B.count > 1 ? q : 0) * n * k,
                               B.v.begin() + ((B.count > 1 ? q : 0) + 1) * n * k);
    CHECK(relative_error(got, want) < tolerance<T>() * n);
  }
}

TEMPLATE_LIST_TEST_CASE("solve_triangular: every trans, lower and unit_diagonal over stacks",
                        "[cupx][linalg]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 4, 33, 130);
  const int trans = GENERATE(0, 1, 2);
  const bool lower = GENERATE(false, true);
  const bool unit = GENERATE(false, true);
  // one a for every b (trsm's stride 0), a stack against a stack, a broadcast that copies a
  const auto [abatch, bbatch] =
      GENERATE(std::pair{shape_t{}, shape_t{}}, std::pair{shape_t{3}, shape_t{3}},
               std::pair{shape_t{}, shape_t{2}}, std::pair{shape_t{2, 1}, shape_t{3}});
  CAPTURE(n, trans, lower, unit, abatch, bbatch);
  const auto a = triangular_friendly<T>(with_matrix(abatch, n, n), 41); // both triangles set
  const auto b = random_matrices<T>(with_matrix(bbatch, n, 2), 0.0, 42);
  const auto x =
      xl::solve_triangular(a, b, {.trans = trans, .lower = lower, .unit_diagonal = unit});
  shape_t batch = abatch;
  REQUIRE(cupp::broadcast_into(batch, bbatch));
  CHECK(x.shape() == with_matrix(batch, n, 2));
  const auto A = op(triangle(broadcast_stack(a, with_matrix(batch, n, n)), lower, unit), trans);
  const auto B = broadcast_stack(b, with_matrix(batch, n, 2));
  CHECK(relative_error(multiply(A, stack_of(x)).v, B.v) < tolerance<T>() * n);
  if (batch.size() == 0) {
    // a transposed a and a non-contiguous b (a transposed view) give the same x
    const auto at = a.T().copy().T();
    const auto bt = b.T().copy().T();
    const xl::solve_triangular_kw kw{.trans = trans, .lower = lower, .unit_diagonal = unit};
    CHECK(relative_error(values_of(xl::solve_triangular(at, bt, kw)), values_of(x)) <
          tolerance<T>() * n);
    // one vector b: x (n,)
    const auto v = cupp::ndarray<T>(b(cupp::slice(), 0));
    const auto xv = xl::solve_triangular(a, v, kw);
    CHECK(xv.shape() == shape_t{n});
    CHECK(relative_error(values_of(xv), values_of(x(cupp::slice(), 0).copy())) <
          tolerance<T>() * n);
  }
}

TEMPLATE_LIST_TEST_CASE("cho_factor and cho_solve: L L^H = A and A x = b over stacks",
                        "[cupx][linalg]", linalg_dtypes) {
  using T = TestType;
  const std::int64_t n = GENERATE(1, 4, 33, 130);
  const auto batch = GENERATE(shape_t{}, shape_t{3});
  const bool lower = GENERATE(false, true);
  CAPTURE(n, batch, lower);
  const auto a = hermitian_pd<T>(with_matrix(batch, n, n), 51);
  const auto A = stack_of(a);
  const auto factored = xl::cho_factor(a, lower);
  CHECK(factored.lower == lower);
  CHECK(factored.c.shape() == a.shape());
  const auto F = triangle(stack_of(factored.c), lower, false);
  const auto FF = lower ? multiply(F, op(F, 2)) : multiply(F, F, true);
  CHECK(relative_error(FF.v, A.v) < tolerance<T>() * n);
  // a stack of b; one b (broadcast against a stack of c, or c against a stack of b); a vector
  const auto b = random_matrices<T>(with_matrix(batch, n, 3), 0.0, 52);
  const auto x = xl::cho_solve(factored, b);
  CHECK(x.shape() == b.shape());
  CHECK(relative_error(multiply(A, stack_of(x)).v, stack_of(b).v) < tolerance<T>() * n);
  const auto many = random_matrices<T>(with_matrix({2, 1}, n, 2), 0.0, 53);
  const auto xm = xl::cho_solve(factored, many);
  shape_t wide{2, 1};
  REQUIRE(cupp::broadcast_into(wide, batch));
  CHECK(xm.shape() == with_matrix(wide, n, 2));
  CHECK(relative_error(multiply(broadcast_stack(a, with_matrix(wide, n, n)), stack_of(xm)).v,
                       broadcast_stack(many, with_matrix(wide, n, 2)).v) < tolerance<T>() * n);
  const auto v = random_matrices<T>({1, n}, 0.0, 54).reshape(shape_t{n});
  const auto xv = xl::cho_solve(factored, v);
  CHECK(xv.shape() == with_vector(batch, n));
}

TEMPLATE_LIST_TEST_CASE("polar: a = u p (right) or p u (left), u orthonormal, p Hermitian PSD",
                        "[cupx][linalg]", linalg_dtypes) {
  using T = TestType;
  // 200 x 200: the CUDA backend's SVD takes the polar route there; a singular matrix too
  const auto [m, n] = GENERATE(std::pair<std::int64_t, std::int64_t>{5, 5}, std::pair{7, 4},
                               std::pair{4, 7}, std::pair{200, 200});
  const auto batch = GENERATE(shape_t{}, shape_t{2});
  const bool singular = GENERATE(false, true);
  CAPTURE(m, n, batch, singular);
  auto a = random_matrices<T>(with_matrix(batch, m, n), 0.0, 12);
  if (singular)
    a = cupp::matmul(a, cupp::ndarray<T>(cupp::zeros<T>({n, n}) + cupp::eye<T>(n, n, 1)));
  const auto A = stack_of(a);
  const double tol = tolerance<T>() * 50 * static_cast<double>(std::max(m, n));
  for (const char* side : {"right", "left"}) {
    CAPTURE(side);
    const auto [u, p] = xl::polar(a, side);
    const bool right = std::string(side) == "right";
    const std::int64_t k = right ? n : m;
    CHECK(u.shape() == with_matrix(batch, m, n));
    CHECK(p.shape() == with_matrix(batch, k, k));
    const auto U = stack_of(u), P = stack_of(p);
    CHECK(relative_error((right ? multiply(U, P) : multiply(P, U)).v, A.v) < tol);
    // u^H u = I (m >= n) or u u^H = I
    const auto g = m >= n
                       ? multiply(U, U, true)
                       : multiply(U, stack_of(cupp::ndarray<T>(u.swapaxes(-1, -2).conj().copy())));
    CHECK(relative_error(g.v, identity_like(g).v) < tol);
    // p Hermitian with eigenvalues >= 0 (to rounding)
    const auto ph = stack_of(cupp::ndarray<T>(p.swapaxes(-1, -2).conj().copy()));
    CHECK(relative_error(ph.v, P.v) < tol);
    const cupp::ndarray<T> sym(cupp::ndarray<T>(p + p.swapaxes(-1, -2).conj()) * T(0.5));
    for (const auto w : values_of(cupp::linalg::eigvalsh(sym)))
      CHECK(w.real() > -tol * 10);
  }
}

TEST_CASE("polar's argument errors read like SciPy's", "[cupx][linalg][errors]") {
  CHECK_THROWS_WITH_WORDS(xl::polar(cupp::eye<double>(3), "up"), cupp::value_error,
                          "`side` must be either 'right' or 'left'");
  CHECK_THROWS_WITH_WORDS(xl::polar(cupp::ones<double>({3})), cupp::value_error,
                          "`a` must be a 2-D array.");
}

TEST_CASE("integer and bool inputs compute in float64, mixed dtypes promote", "[cupx][linalg]") {
  const std::int32_t m[] = {4, 2, 2, 3};
  const auto a = cupp::asarray(m, {2, 2});
  const auto [p, l, u] = xl::lu(a);
  STATIC_REQUIRE(std::is_same_v<decltype(u), const cupp::ndarray<double>>);
  STATIC_REQUIRE(std::is_same_v<decltype(p), const cupp::ndarray<double>>);
  CHECK(relative_error(values_of(u), {4.0, 2.0, 0.0, 2.0}) < 1e-15);
  const auto f = xl::lu_factor(a);
  STATIC_REQUIRE(std::is_same_v<decltype(f.lu), cupp::ndarray<double>>);
  const std::int64_t rhs[] = {6, 5};
  const auto x = xl::lu_solve(f, cupp::asarray(rhs, {2}));
  CHECK(relative_error(values_of(x), {1.0, 1.0}) < 1e-15);
  const auto t = xl::solve_triangular(a, cupp::asarray(rhs, {2}), {.lower = true});
  STATIC_REQUIRE(std::is_same_v<decltype(t), const cupp::ndarray<double>>);
  CHECK(relative_error(values_of(t), {1.5, 2.0 / 3.0}) < 1e-15);
  const auto c = xl::cho_factor(a);
  STATIC_REQUIRE(std::is_same_v<decltype(c.c), cupp::ndarray<double>>);
  CHECK(relative_error(values_of(xl::cho_solve(c, cupp::asarray(rhs, {2}))), {1.0, 1.0}) < 1e-15);
  const bool flags[] = {true, false, true, true};
  STATIC_REQUIRE(
      std::is_same_v<decltype(xl::lu(cupp::asarray(flags, {2, 2})).l), cupp::ndarray<double>>);
  // float32 with float64 computes in float64, float32 alone in float32
  STATIC_REQUIRE(std::is_same_v<decltype(xl::solve_triangular(cupp::ones<float>({2, 2}),
                                                              cupp::ones<double>({2}))),
                                cupp::ndarray<double>>);
  STATIC_REQUIRE(std::is_same_v<decltype(xl::lu_solve(xl::lu_factor(cupp::ones<float>({2, 2})),
                                                      cupp::ones<float>({2}))),
                                cupp::ndarray<float>>);
}

TEST_CASE("empty matrices and empty batches", "[cupx][linalg]") {
  for (const shape_t& s :
       {shape_t{0, 0}, shape_t{3, 0}, shape_t{0, 3}, shape_t{0, 4, 4}, shape_t{2, 0, 0}}) {
    CAPTURE(s);
    const std::int64_t m = s[s.size() - 2], n = s[s.size() - 1], k = std::min(m, n);
    const shape_t batch(s.begin(), s.end() - 2);
    const auto [p, l, u] = xl::lu(cupp::zeros<double>(s));
    CHECK(p.shape() == with_matrix(batch, m, m));
    CHECK(l.shape() == with_matrix(batch, m, k));
    CHECK(u.shape() == with_matrix(batch, k, n));
    if (m == 3 && batch.empty()) CHECK(values_of(p) == values_of(cupp::eye<double>(3)));
    const auto [lu, piv] = xl::lu_factor(cupp::zeros<float>(s));
    CHECK(lu.shape() == s);
    CHECK(piv.shape() == with_vector(batch, k));
  }
  const auto f = xl::lu_factor(cupp::eye<double>(3));
  CHECK(xl::lu_solve(f, cupp::zeros<double>({3, 0})).shape() == shape_t{3, 0});
  CHECK(xl::lu_solve(f, cupp::zeros<double>({0, 3, 2})).shape() == shape_t{0, 3, 2});
  CHECK(
      xl::lu_solve(xl::lu_factor(cupp::zeros<double>({0, 0})), cupp::zeros<double>({0})).shape() ==
      shape_t{0});
  CHECK(xl::solve_triangular(cupp::zeros<double>({0, 0}), cupp::zeros<double>({0})).shape() ==
        shape_t{0});
  CHECK(xl::solve_triangular(cupp::eye<float>(3), cupp::zeros<float>({3, 0})).shape() ==
        shape_t{3, 0});
  CHECK(xl::solve_triangular(cupp::zeros<float>({0, 2, 2}), cupp::zeros<float>({2})).shape() ==
        shape_t{0, 2});
  const auto c = xl::cho_factor(cupp::zeros<double>({2, 0, 0}));
  CHECK(c.c.shape() == shape_t{2, 0, 0});
  CHECK(xl::cho_solve(c, cupp::zeros<double>({0, 4})).shape() == shape_t{2, 0, 4});
  CHECK(xl::cho_solve(xl::cho_factor(cupp::eye<double>(2)), cupp::zeros<double>({2, 0})).shape() ==
        shape_t{2, 0});
}

TEST_CASE("shape errors raise SciPy's ValueError at the call", "[cupx][linalg][errors]") {
  const auto v = cupp::ones<double>({3});
  const auto sq = cupp::ndarray<double>(3.0 * cupp::eye<double>(3));
  const auto f = xl::lu_factor(sq);
  CHECK_THROWS_WITH_WORDS(xl::lu(v), cupp::value_error,
                          "The input array must be at least two-dimensional.");
  CHECK_THROWS_WITH_WORDS(xl::lu_factor(v), cupp::value_error, "at least two-dimensional");
  CHECK_THROWS_WITH_WORDS(xl::lu_solve(f, cupp::ones<double>({2})), cupp::value_error,
                          "Shapes of lu (3, 3) and b (2,) are incompatible");
  CHECK_THROWS_WITH_WORDS(xl::lu_solve(f, cupp::ones<double>({4, 2, 3})), cupp::value_error,
                          "Shapes of lu (3, 3) and b (2, 3) are incompatible");
  CHECK_THROWS_WITH_WORDS(xl::lu_solve(xl::lu_factor(cupp::ones<double>({3, 2})), v),
                          cupp::value_error, "expected square matrix");
  CHECK_THROWS_WITH_WORDS(
      xl::lu_solve(xl::lu_factor_result<double>{f.lu, f.piv(cupp::slice(0, 2))}, v),
      cupp::value_error, "piv of shape (2,) does not match lu of shape (3, 3)");
  CHECK_THROWS_WITH_WORDS(xl::lu_solve(f, v, 3), cupp::value_error,
                          "trans must be 0, 1 or 2 (or 'N', 'T', 'C'), got 3");
  CHECK(values_of(xl::lu_solve(f, v, 'C')) == values_of(xl::lu_solve(f, v, 2)));
  CHECK_THROWS_WITH_WORDS(
      xl::lu_solve(xl::lu_factor(cupp::ones<double>({2, 3, 3})), cupp::ones<double>({4, 3, 1})),
      cupp::value_error, "could not be broadcast");
  CHECK_THROWS_WITH_WORDS(xl::solve_triangular(cupp::ones<double>({2, 3}), v), cupp::value_error,
                          "expected square matrix");
  CHECK_THROWS_WITH_WORDS(xl::solve_triangular(v, v), cupp::value_error, "expected square matrix");
  CHECK_THROWS_WITH_WORDS(xl::solve_triangular(sq, cupp::ones<double>({2})), cupp::value_error,
                          "shapes of a (3, 3) and b (2,) are incompatible");
  CHECK_THROWS_WITH_WORDS(xl::solve_triangular(sq, cupp::ones<double>({3, 3}), {.trans = -1}),
                          cupp::value_error, "trans must be 0, 1 or 2");
  CHECK_THROWS_WITH_WORDS(
      xl::solve_triangular(cupp::ones<double>({2, 3, 3}), cupp::ones<double>({4, 3, 1})),
      cupp::value_error, "could not be broadcast");
  CHECK_THROWS_WITH_WORDS(xl::cho_factor(cupp::ones<double>({2, 3})), cupp::value_error,
                          "Input array is expected to be square but has the shape: (2, 3).");
  CHECK_THROWS_WITH_WORDS(xl::cho_factor(v), cupp::value_error,
                          "Input array needs to be 2D but received a 1d-array.");
  CHECK_THROWS_WITH_WORDS(
      xl::cho_solve(xl::cho_factor_result<double>{cupp::ones<double>({3, 2}), false}, v),
      cupp::value_error, "The factored matrix c is not square.");
  CHECK_THROWS_WITH_WORDS(xl::cho_solve(xl::cho_factor(sq), cupp::ones<double>({2})),
                          cupp::value_error, "incompatible dimensions ((3, 3) and (2,))");
}

TEMPLATE_LIST_TEST_CASE("device-found failures raise at the next sync; the other members are valid",
                        "[cupx][linalg][errors]", linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 10;
  // solve_triangular: a zero on the diagonal of member 1, at position 2 (and 3)
  auto a = triangular_friendly<T>({3, 4, 4}, 61);
  a(1, 2, 2) = T(0);
  a(1, 3, 3) = T(0);
  const auto b = random_matrices<T>({3, 4, 2}, 0.0, 62);
  const auto x = xl::solve_triangular(a, b, {.lower = true}); // no sync here
  CHECK_THROWS_WITH_WORDS(x.get(), cupp::linalg_error,
                          "singular matrix: resolution failed at diagonal 2");
  const auto A = triangle(stack_of(a), true, false), X = stack_of(x), B = stack_of(b);
  for (const std::int64_t q : {0, 2}) {
    const host_stack aq{1, 4, 4, {A.v.begin() + q * 16, A.v.begin() + (q + 1) * 16}};
    const host_stack xq{1, 4, 2, {X.v.begin() + q * 8, X.v.begin() + (q + 1) * 8}};
    CHECK(relative_error(multiply(aq, xq).v, {B.v.begin() + q * 8, B.v.begin() + (q + 1) * 8}) <
          tol);
  }
  // unit_diagonal reads no diagonal: no error
  const auto xu = xl::solve_triangular(a, b, {.lower = true, .unit_diagonal = true});
  CHECK_NOTHROW(xu.get());
  // cho_factor: member 1 is not positive definite from its leading minor of order 2
  auto h = hermitian_pd<T>({3, 4, 4}, 63);
  h(1, 1, 1) = T(-100);
  const auto c = xl::cho_factor(h, true);
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::linalg_error,
                          "2-th leading minor of the array is not positive definite");
  const auto F = triangle(stack_of(c.c), true, false), H = stack_of(h);
  for (const std::int64_t q : {0, 2}) {
    const host_stack fq{1, 4, 4, {F.v.begin() + q * 16, F.v.begin() + (q + 1) * 16}};
    CHECK(relative_error(multiply(fq, op(fq, 2)).v,
                         {H.v.begin() + q * 16, H.v.begin() + (q + 1) * 16}) < tol);
  }
  // lu_factor of a singular matrix is no error (SciPy warns): U keeps its zero
  auto s = random_matrices<T>({2, 3, 3}, 3.0, 64);
  s(0) = cupp::zeros<T>({3, 3});
  const auto [lu, piv] = xl::lu_factor(s);
  CHECK_NOTHROW(cupp::synchronize());
  CHECK(values_of(lu)[0] == zd(0));
  // pivots that lu_factor cannot give raise NumPy's index error instead of reading out of bounds
  const std::int32_t bad[] = {0, 7, 2};
  const auto y =
      xl::lu_solve(xl::lu_factor_result<T>{lu(1), cupp::asarray(bad, {3})}, cupp::ones<T>({3}));
  CHECK_THROWS_WITH_WORDS(y.get(), cupp::index_error, "index 7 is out of bounds");
}
