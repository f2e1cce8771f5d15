// outer, inner, vecdot, matvec, vecmat, tensordot, kron, cross, multi_dot, matrix_power and the
// linalg views (matrix_transpose, diagonal, trace) against host loops of their definitions.
#include "linalg/linalg_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/linalg/products.hpp>
#include <cupp/linalg/solve.hpp>
#include <cupp/reduction/trace.hpp>

using namespace cupp_test;
namespace la = cupp::linalg;

TEMPLATE_LIST_TEST_CASE("outer, inner, kron and tensordot", "[linalg][products]", linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 10;
  const auto a = random_matrices<T>({2, 3}, 0.0, 1), b = random_matrices<T>({4, 3}, 0.0, 2);
  const auto A = values_of(a), B = values_of(b);
  // outer of the flattenings
  const auto o = cupp::outer(a, b);
  CHECK(o.shape() == cupp::shape_t{6, 12});
  std::vector<zd> want;
  for (const zd x : A)
    for (const zd y : B)
      want.push_back(x * y);
  CHECK(relative_error(values_of(o), want) < tol);
  CHECK_THROWS_AS(la::outer(a, b), cupp::value_error); // linalg.outer: 1-D only
  // inner: (2, 3) x (4, 3) -> (2, 4), sums over the last axes
  const auto in = cupp::inner(a, b);
  CHECK(in.shape() == cupp::shape_t{2, 4});
  want.clear();
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) {
      zd s = 0;
      for (int k = 0; k < 3; ++k)
        s += A[i * 3 + k] * B[j * 3 + k];
      want.push_back(s);
    }
  CHECK(relative_error(values_of(in), want) < tol);
  CHECK(relative_error(values_of(cupp::tensordot(a, b, {1}, {1})), want) < tol);
  // kron (2, 3) x (4, 3) -> (8, 9), element (i*4+k, j*3+l) = a[i,j] b[k,l]
  const auto kr = cupp::kron(a, b);
  CHECK(kr.shape() == cupp::shape_t{8, 9});
  const auto K = values_of(kr);
  bool ok = true;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < 3; ++l)
          ok &= std::abs(K[(i * 4 + k) * 9 + j * 3 + l] - A[i * 3 + j] * B[k * 3 + l]) < tol * 10;
  CHECK(ok);
  // tensordot with axes=2: (2, 3, 4) . (3, 4, 5) -> (2, 5)
  const auto t = random_matrices<T>({2, 3, 4}, 0.0, 3), u = random_matrices<T>({3, 4, 5}, 0.0, 4);
  const auto td = cupp::tensordot(t, u);
  CHECK(td.shape() == cupp::shape_t{2, 5});
  const auto ref = multiply(stack_of(t.reshape(cupp::shape_t{2, 12})),
                            stack_of(u.reshape(cupp::shape_t{12, 5})));
  CHECK(relative_error(values_of(td), ref.v) < tol);
  CHECK_THROWS_WITH_WORDS(cupp::tensordot(t, u, {0}, {1}), cupp::value_error, "shape-mismatch");
}

TEMPLATE_LIST_TEST_CASE("vecdot, matvec and vecmat conjugate as NumPy", "[linalg][products]",
                        linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 10;
  const auto x = random_matrices<T>({3, 4}, 0.0, 5), y = random_matrices<T>({1, 4}, 0.0, 6);
  const auto X = values_of(x), Y = values_of(y);
  std::vector<zd> want;
  for (int i = 0; i < 3; ++i) {
    zd s = 0;
    for (int k = 0; k < 4; ++k)
      s += std::conj(X[i * 4 + k]) * Y[k];
    want.push_back(s);
  }
  const auto vd = cupp::vecdot(x, y);
  CHECK(vd.shape() == cupp::shape_t{3});
  CHECK(relative_error(values_of(vd), want) < tol);
  const auto yv = y.reshape(cupp::shape_t{4});
  const auto mv = cupp::matvec(x, yv); // x @ y, no conjugation
  CHECK(mv.shape() == cupp::shape_t{3});
  CHECK(relative_error(values_of(mv),
                       multiply(stack_of(x), stack_of(y.reshape(cupp::shape_t{4, 1}))).v) < tol);
  const auto m = random_matrices<T>({4, 2}, 0.0, 7);
  const auto vm = cupp::vecmat(yv, m); // conj(y) @ m
  CHECK(vm.shape() == cupp::shape_t{2});
  auto yc = stack_of(y);
  for (zd& z : yc.v)
    z = std::conj(z);
  CHECK(relative_error(values_of(vm), multiply(yc, stack_of(m)).v) < tol);
  CHECK_THROWS_WITH_WORDS(cupp::vecdot(x, random_matrices<T>({3, 5}, 0.0, 1)), cupp::value_error,
                          "mismatch in its core dimension");
}

TEMPLATE_LIST_TEST_CASE("cross of 3- and 2-vectors along an axis", "[linalg][products]",
                        linalg_dtypes) {
  using T = TestType;
  const auto a = random_matrices<T>({4, 3}, 0.0, 8), b = random_matrices<T>({1, 3}, 0.0, 9);
  const auto A = values_of(a), B = values_of(b);
  const auto c = cupp::cross(a, b);
  CHECK(c.shape() == cupp::shape_t{4, 3});
  std::vector<zd> want;
  for (int i = 0; i < 4; ++i) {
    const zd* x = &A[i * 3];
    want.push_back(x[1] * B[2] - x[2] * B[1]);
    want.push_back(x[2] * B[0] - x[0] * B[2]);
    want.push_back(x[0] * B[1] - x[1] * B[0]);
  }
  CHECK(relative_error(values_of(c), want) < tolerance<T>() * 10);
  // along axis 0 of the transposes
  const auto ct = cupp::cross(cupp::ndarray<T>(a.T().copy()), cupp::ndarray<T>(b.T().copy()), 0);
  CHECK(ct.shape() == cupp::shape_t{3, 4});
  CHECK(relative_error(values_of(ct.T().copy()), want) < tolerance<T>() * 10);
  // two 2-vectors: the z component alone
  const auto z =
      cupp::cross(random_matrices<T>({1, 2}, 0.0, 1), random_matrices<T>({1, 2}, 0.0, 2));
  CHECK(z.shape() == cupp::shape_t{1});
  CHECK_THROWS_WITH_WORDS(cupp::cross(cupp::ones<T>({4}), cupp::ones<T>({4})), cupp::value_error,
                          "incompatible dimensions for cross product");
}

TEMPLATE_LIST_TEST_CASE("multi_dot in the cheapest order, matrix_power", "[linalg][products]",
                        linalg_dtypes) {
  using T = TestType;
  const double tol = tolerance<T>() * 20;
  const auto a = random_matrices<T>({10, 30}, 0.0, 1), b = random_matrices<T>({30, 5}, 0.0, 2),
             c = random_matrices<T>({5, 60}, 0.0, 3), v = random_matrices<T>({1, 60}, 0.0, 4);
  const auto vv = v.reshape(cupp::shape_t{60});
  const auto r = la::multi_dot<T>({a, b, c, vv});
  CHECK(r.shape() == cupp::shape_t{10});
  const auto ref = multiply(multiply(multiply(stack_of(a), stack_of(b)), stack_of(c)),
                            stack_of(v.reshape(cupp::shape_t{60, 1})));
  CHECK(relative_error(values_of(r), ref.v) < tol);
  CHECK_THROWS_WITH_WORDS(la::multi_dot<T>({a}), cupp::value_error, "at least two arrays");
  // matrix_power: a^5 and a^-3 of a stack, a^0 = I
  const auto m = random_matrices<T>({2, 4, 4}, 3.0, 5);
  const auto M = stack_of(m);
  auto p5 = M;
  for (int i = 1; i < 5; ++i)
    p5 = multiply(p5, M);
  CHECK(relative_error(values_of(la::matrix_power(m, 5)), p5.v) < tol);
  const auto inv3 = la::matrix_power(m, -3);
  CHECK(relative_error(multiply(multiply(multiply(stack_of(inv3), M), M), M).v,
                       identity_like(M).v) < tol);
  CHECK(relative_error(values_of(la::matrix_power(m, 0)), identity_like(M).v) == 0);
  CHECK_THROWS_WITH_WORDS(la::matrix_power(cupp::ones<T>({2, 3}), 2), cupp::linalg_error,
                          "must be square");
}

TEST_CASE("integer matrix_power keeps the dtype", "[linalg][products]") {
  const std::int64_t m[] = {1, 1, 1, 0};
  const auto f = la::matrix_power(cupp::asarray(m, {2, 2}), 10); // Fibonacci
  STATIC_REQUIRE(std::is_same_v<decltype(f), const cupp::ndarray<std::int64_t>>);
  CHECK(f.get() == std::vector<std::int64_t>{89, 55, 55, 34});
}

TEMPLATE_LIST_TEST_CASE("matrix_transpose, diagonal and trace over the last two axes",
                        "[linalg][products]", linalg_dtypes) {
  using T = TestType;
  const auto x = random_matrices<T>({2, 3, 4}, 0.0, 6);
  const auto X = stack_of(x);
  const auto t = la::matrix_transpose(x);
  CHECK(t.shape() == cupp::shape_t{2, 4, 3});
  CHECK(values_of(t.copy())[1 * 12 + 3 * 3 + 2] == X.at(1, 2, 3));
  const auto d = la::diagonal(x, 1);
  CHECK(d.shape() == cupp::shape_t{2, 3});
  CHECK(values_of(d.copy())[4] == X.at(1, 1, 2));
  const auto tr = values_of(la::trace(x));
  CHECK(std::abs(tr[1] - (X.at(1, 0, 0) + X.at(1, 1, 1) + X.at(1, 2, 2))) < tolerance<T>() * 10);
  CHECK_THROWS_AS(la::matrix_transpose(cupp::ones<T>({3})), cupp::value_error);
}
