#pragma once
// Gustafsson's initial conditions for filtfilt (SciPy's _filtfilt_gust), the parts that depend
// on the filter alone, computed on the host in float64 as SciPy's: the observability matrix O of
// the filter's state, S (the filter applied to O reversed), the least-squares system M =
// [S^R - O, O^R - S] whose solution for each row's forward-backward mismatch gives the optimal
// initial states, and W = [S^R, O^R] that applies them. M's least squares comes from a thin QR
// (modified Gram-Schmidt, twice): of M where it has at least as many rows as columns (a row's
// solution is (delta Q) R^-T), of M^T where it has fewer (SciPy's lstsq then gives the least-norm
// solution, delta R^-1 Q^T): two matrix products on the device for every row at once.

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace cupx::signal::detail {

using cupp::index_t;

/// SciPy's lfilter of one sequence (direct form II transposed, the coefficients divided by
/// a[0] and padded to one length), from the state z (empty: zeros).
inline std::vector<double> host_lfilter(std::vector<double> b, std::vector<double> a,
                                        const std::vector<double>& x, std::vector<double> z) {
  const std::size_t k = std::max(a.size(), b.size());
  b.resize(k, 0.0);
  a.resize(k, 0.0);
  const double a0 = a[0];
  for (std::size_t i = 0; i < k; ++i) {
    b[i] /= a0;
    a[i] /= a0;
  }
  z.resize(k - 1, 0.0);
  std::vector<double> y(x.size());
  for (std::size_t t = 0; t < x.size(); ++t) {
    const double yt = b[0] * x[t] + (k > 1 ? z[0] : 0.0);
    for (std::size_t i = 0; i + 2 < k; ++i)
      z[i] = b[i + 1] * x[t] + z[i + 1] - a[i + 1] * yt;
    if (k > 1) z[k - 2] = b[k - 1] * x[t] - a[k - 1] * yt;
    y[t] = yt;
  }
  return y;
}

/// The filter's parts of Gustafsson's method for n samples: m samples of impulse response (n,
/// or irlen where n > 2 irlen), `rows` = m (or 2m for a truncated response: the two ends), k = 2
/// order; the (rows, k) matrix W, and the least squares of M as two factors, (rows, p) `first`
/// and (p, k) `second` (each row's optimal states: delta first second), row-major.
struct gust_system {
  index_t m = 0, rows = 0, k = 0, p = 0;
  std::vector<double> w, first, second;
};

/// Q R = M by modified Gram-Schmidt with a second pass (M: rows x k, rows >= k, full column rank).
inline void thin_qr(const std::vector<double>& mat, index_t rows, index_t k, std::vector<double>& q,
                    std::vector<double>& r) {
  q = mat;
  r.assign(static_cast<std::size_t>(k * k), 0.0);
  const auto at = [&](index_t i, index_t j) -> double& {
    return q[static_cast<std::size_t>(i * k + j)];
  };
  for (index_t j = 0; j < k; ++j) {
    for (int pass = 0; pass < 2; ++pass) {
      for (index_t p = 0; p < j; ++p) {
        double d = 0.0;
        for (index_t i = 0; i < rows; ++i)
          d += at(i, p) * at(i, j);
        for (index_t i = 0; i < rows; ++i)
          at(i, j) -= d * at(i, p);
        r[static_cast<std::size_t>(p * k + j)] += d;
      }
    }
    double norm = 0.0;
    for (index_t i = 0; i < rows; ++i)
      norm += at(i, j) * at(i, j);
    norm = std::sqrt(norm);
    if (!(norm > 0.0))
      throw cupp::linalg_error("filtfilt(method='gust'): the filter's least-squares system is "
                               "rank deficient");
    r[static_cast<std::size_t>(j * k + j)] = norm;
    for (index_t i = 0; i < rows; ++i)
      at(i, j) /= norm;
  }
}

inline gust_system gust_of(const std::vector<double>& b, const std::vector<double>& a, index_t n,
                           std::optional<index_t> irlen) {
  gust_system g;
  const auto q = static_cast<index_t>(std::max(a.size(), b.size())) - 1;
  g.m = (!irlen || n <= 2 * *irlen) ? n : *irlen;
  g.k = 2 * q;
  const bool whole = g.m == n;
  g.rows = whole ? g.m : 2 * g.m;
  const auto m = static_cast<std::size_t>(g.m), uq = static_cast<std::size_t>(q);
  // O: column 0 is the response to the state e0, column c the same delayed by c
  std::vector<double> e0(uq, 0.0);
  e0[0] = 1.0;
  const auto o0 = host_lfilter(b, a, std::vector<double>(m, 0.0), e0);
  std::vector<double> obs(m * uq, 0.0), s(m * uq, 0.0);
  for (std::size_t c = 0; c < uq; ++c)
    for (std::size_t i = c; i < m; ++i)
      obs[i * uq + c] = o0[i - c];
  // S: each column of O reversed, filtered from rest
  for (std::size_t c = 0; c < uq; ++c) {
    std::vector<double> col(m);
    for (std::size_t i = 0; i < m; ++i)
      col[i] = obs[(m - 1 - i) * uq + c];
    const auto f = host_lfilter(b, a, col, {});
    for (std::size_t i = 0; i < m; ++i)
      s[i * uq + c] = f[i];
  }
  const auto k = static_cast<std::size_t>(g.k);
  std::vector<double> mat(static_cast<std::size_t>(g.rows) * k, 0.0);
  g.w.assign(static_cast<std::size_t>(g.rows) * k, 0.0);
  // the blocks: rows [0, m) x columns [0, q) and rows [r0, r0 + m) x columns [q, 2q), r0 = 0
  // for the whole response, m for a truncated one (its two ends)
  const std::size_t r0 = whole ? 0 : m;
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t c = 0; c < uq; ++c) {
      const double sr = s[(m - 1 - i) * uq + c], o = obs[i * uq + c];
      const double orv = obs[(m - 1 - i) * uq + c], sv = s[i * uq + c];
      mat[i * k + c] = sr - o;
      mat[(r0 + i) * k + uq + c] = orv - sv;
      g.w[i * k + c] = sr;
      g.w[(r0 + i) * k + uq + c] = orv;
    }
  }
  // X = R^-T of an upper triangular (c, c) R: R^T X = I by forward substitution
  const auto inverse_transposed = [](const std::vector<double>& r, std::size_t c) {
    std::vector<double> x(c * c, 0.0);
    for (std::size_t col = 0; col < c; ++col) {
      for (std::size_t i = 0; i < c; ++i) {
        double v = i == col ? 1.0 : 0.0;
        for (std::size_t p = 0; p < i; ++p)
          v -= r[p * c + i] * x[p * c + col];
        x[i * c + col] = v / r[i * c + i];
      }
    }
    return x;
  };
  std::vector<double> qm, r;
  const auto rows = static_cast<std::size_t>(g.rows);
  if (g.rows >= g.k) { // overdetermined: M = Q R, x = R^-1 Q^T delta
    thin_qr(mat, g.rows, g.k, qm, r);
    g.p = g.k;
    g.first = std::move(qm);
    g.second = inverse_transposed(r, k);
  } else { // underdetermined: M^T = Q R, the least-norm x = Q R^-T delta
    std::vector<double> mt(k * rows);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < k; ++j)
        mt[j * rows + i] = mat[i * k + j];
    thin_qr(mt, g.k, g.rows, qm, r);
    g.p = g.rows;
    const auto rit = inverse_transposed(r, rows); // R^-T; its transpose R^-1 is `first`
    g.first.assign(rows * rows, 0.0);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < rows; ++j)
        g.first[i * rows + j] = rit[j * rows + i];
    g.second.assign(rows * k, 0.0); // Q^T
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < rows; ++j)
        g.second[j * k + i] = qm[i * rows + j];
  }
  return g;
}

} // namespace cupx::signal::detail
