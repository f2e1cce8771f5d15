#pragma once
// Helpers of the linalg tests: NumPy's results (test/fixtures/linalg.txt, written by
// scripts/gen_linalg_fixtures.py), host matrices in complex<double> for the residual checks, and
// random well-conditioned inputs.
#include "common/testing.hpp"

#include <cupp/core/complex.hpp>

#include <cmath>
#include <complex>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace cupp_test {

using linalg_dtypes = std::tuple<float, double, cupp::complex64, cupp::complex128>;
using zd = std::complex<double>;

/// The tolerance of a result of order 1 (float32 and complex64 results of LAPACK carry a few
/// hundred ulps for the matrices here).
template <class T> double tolerance() { return sizeof(cupp::real_t<T>) == 4 ? 2e-4 : 1e-10; }

/// batch + (rows, cols).
inline cupp::shape_t with_matrix(cupp::shape_t batch, std::int64_t rows, std::int64_t cols) {
  batch.push_back(rows);
  batch.push_back(cols);
  return batch;
}

/// An array's values as complex<double>, C order.
template <class T> std::vector<zd> values_of(const cupp::ndarray<T>& a) {
  std::vector<zd> out;
  for (const T& v : a.get()) {
    if constexpr (cupp::is_complex_v<T>) {
      out.emplace_back(v.real(), v.imag());
    } else {
      out.emplace_back(static_cast<double>(v), 0.0);
    }
  }
  return out;
}

/// A device array of dtype T from complex<double> values (the imaginary parts dropped for reals).
template <class T> cupp::ndarray<T> array_of(const std::vector<zd>& v, const cupp::shape_t& shape) {
  std::vector<T> host;
  for (const zd& z : v) {
    if constexpr (cupp::is_complex_v<T>) {
      using F = cupp::real_t<T>;
      host.emplace_back(static_cast<F>(z.real()), static_cast<F>(z.imag()));
    } else {
      host.push_back(static_cast<T>(z.real()));
    }
  }
  return cupp::asarray(host.data(), shape);
}

/// max |a - b| / max(1, max |b|).
inline double relative_error(const std::vector<zd>& a, const std::vector<zd>& b) {
  REQUIRE(a.size() == b.size());
  double diff = 0, scale = 1;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::isinf(b[i].real()) && a[i] == b[i]) continue;
    diff = std::max(diff, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return diff / scale;
}

/// A stack of host matrices: batch count, rows, cols, C order.
struct host_stack {
  std::int64_t count, rows, cols;
  std::vector<zd> v;
  zd& at(std::int64_t b, std::int64_t i, std::int64_t j) { return v[(b * rows + i) * cols + j]; }
  [[nodiscard]] zd at(std::int64_t b, std::int64_t i, std::int64_t j) const {
    return v[(b * rows + i) * cols + j];
  }
};

template <class T> host_stack stack_of(const cupp::ndarray<T>& a) {
  const int nd = a.ndim();
  const std::int64_t rows = nd >= 2 ? a.shape()[nd - 2] : 1, cols = a.shape()[nd - 1];
  const std::int64_t count = rows * cols ? a.size() / (rows * cols) : 0;
  return {count, rows, cols, values_of(a)};
}

/// The product of two stacks (a batch of 1 broadcasts), conj_a: a^H instead of a.
inline host_stack multiply(const host_stack& a, const host_stack& b, bool conj_a = false) {
  const std::int64_t m = conj_a ? a.cols : a.rows, k = conj_a ? a.rows : a.cols;
  const std::int64_t count = std::max(a.count, b.count);
  REQUIRE(k == b.rows);
  host_stack c{count, m, b.cols, std::vector<zd>(count * m * b.cols)};
  for (std::int64_t q = 0; q < count; ++q)
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < b.cols; ++j) {
        zd s = 0;
        for (std::int64_t p = 0; p < k; ++p)
          s += (conj_a ? std::conj(a.at(a.count > 1 ? q : 0, p, i))
                       : a.at(a.count > 1 ? q : 0, i, p)) *
               b.at(b.count > 1 ? q : 0, p, j);
        c.at(q, i, j) = s;
      }
  return c;
}

/// Identity stacks of a's shape.
inline host_stack identity_like(const host_stack& a) {
  host_stack e{a.count, a.rows, a.cols, std::vector<zd>(a.v.size())};
  for (std::int64_t q = 0; q < a.count; ++q)
    for (std::int64_t i = 0; i < std::min(a.rows, a.cols); ++i)
      e.at(q, i, i) = 1;
  return e;
}

/// Random matrices (..., n, n) with `diagonal` added: well conditioned for a large one.
template <class T>
cupp::ndarray<T> random_matrices(const cupp::shape_t& shape, double diagonal, unsigned seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> normal;
  const int nd = shape.size();
  std::vector<zd> v(static_cast<std::size_t>(cupp::shape_size(shape)));
  const std::int64_t rows = shape[nd - 2], cols = shape[nd - 1];
  for (std::size_t i = 0; i < v.size(); ++i) {
    v[i] = zd(normal(gen), cupp::is_complex_v<T> ? normal(gen) : 0.0);
    const std::int64_t r = (i / cols) % rows, c = i % cols;
    if (r == c) v[i] += diagonal;
  }
  return array_of<T>(v, shape);
}

/// Hermitian positive definite matrices (..., n, n): B B^H + n I.
template <class T> cupp::ndarray<T> hermitian_pd(const cupp::shape_t& shape, unsigned seed) {
  const auto b = stack_of(random_matrices<cupp::complex128>(shape, 0.0, seed));
  host_stack h{b.count, b.rows, b.rows, std::vector<zd>(b.count * b.rows * b.rows)};
  for (std::int64_t q = 0; q < b.count; ++q)
    for (std::int64_t i = 0; i < b.rows; ++i)
      for (std::int64_t j = 0; j < b.rows; ++j) {
        zd s = 0;
        for (std::int64_t p = 0; p < b.cols; ++p)
          s += b.at(q, i, p) * std::conj(b.at(q, j, p));
        h.at(q, i, j) = s + (i == j ? double(b.rows) : 0.0);
      }
  if constexpr (!cupp::is_complex_v<T>) // real: B real, so H is symmetric already
    for (zd& z : h.v)
      z = zd(z.real(), 0.0);
  return array_of<T>(h.v, shape);
}

/// One line of test/fixtures/linalg.txt (or cupx_linalg.txt).
struct linalg_fixture {
  std::string name, dtype;
  cupp::shape_t a_shape, b_shape; // b_shape empty when there is no b (its "-")
  bool has_b = false;
  std::vector<std::vector<double>> lists; // a, [b], outputs
};

inline cupp::shape_t parse_shape(const std::string& s) {
  cupp::shape_t shape;
  std::istringstream in(s);
  for (std::string e; std::getline(in, e, ',');)
    shape.push_back(std::stoll(e));
  return shape;
}

/// The fixture lines of one function (every line whose name starts with `name` if it ends in ':'),
/// from test/fixtures/linalg.txt or another file of its format (cupx_linalg.txt).
inline std::vector<linalg_fixture> linalg_fixtures(const std::string& name,
                                                   const std::string& file = "linalg.txt") {
  std::ifstream in(CUPP_TEST_FIXTURES "/" + file);
  REQUIRE(in.good());
  std::vector<linalg_fixture> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream parts(line);
    std::string head, list;
    std::getline(parts, head, '|');
    std::istringstream h(head);
    linalg_fixture f;
    std::string a, b;
    h >> f.name >> f.dtype >> a >> b;
    // a name ending in ':' selects every case of that function ("norm:<ord>:<axis>")
    if (name.back() == ':' ? f.name.rfind(name, 0) != 0 : f.name != name) continue;
    f.a_shape = parse_shape(a);
    f.has_b = b != "-";
    if (f.has_b) f.b_shape = parse_shape(b);
    while (std::getline(parts, list, '|')) {
      std::istringstream nums(list);
      std::vector<double> v;
      for (std::string w; nums >> w;)
        v.push_back(std::strtod(w.c_str(), nullptr));
      f.lists.push_back(v);
    }
    out.push_back(f);
  }
  REQUIRE(!out.empty());
  return out;
}

/// A fixture list as complex<double> values (pairs for a complex128 line).
inline std::vector<zd> fixture_values(const linalg_fixture& f, std::size_t list,
                                      bool real = false) {
  const std::vector<double>& v = f.lists.at(list);
  std::vector<zd> out;
  if (f.dtype == "complex128" && !real) {
    for (std::size_t i = 0; i + 1 < v.size(); i += 2)
      out.emplace_back(v[i], v[i + 1]);
  } else {
    for (const double x : v)
      out.emplace_back(x, 0.0);
  }
  return out;
}

/// The fixtures' lines for dtype T: the float64 ones for reals, the complex128 ones for complex.
template <class T> bool fixture_for(const linalg_fixture& f) {
  return (f.dtype == "complex128") == cupp::is_complex_v<T>;
}

} // namespace cupp_test
