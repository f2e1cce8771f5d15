#pragma once
// Helpers of the cupp::dist tests: each test builds the same global array on every rank, runs the
// distributed function and compares what it gives (gathered on every rank) with cupp's
// one-device function on the global array, the same program on one device.

#include "catch.hpp"
#include "testing.hpp"

#include <cupp/dist.hpp>

#include <cmath>
#include <vector>

namespace dist_test {

namespace cp = cupp;
namespace dist = cupp::dist;

/// Every layout an array of `ndim` dimensions can have: replicated and each axis.
inline std::vector<dist::sharding> layouts(int ndim) {
  std::vector<dist::sharding> v{dist::replicated};
  for (int d = 0; d < ndim; ++d)
    v.push_back(dist::sharding{d});
  return v;
}

/// All of a distributed array, on every rank.
template <class T> cp::ndarray<T> whole(const dist::array<T>& a) {
  return dist::replicate(a).local();
}

template <class T> void check_equal(const cp::ndarray<T>& got, const cp::ndarray<T>& want) {
  REQUIRE(got.shape() == want.shape());
  CHECK(got.get() == want.get());
}

template <class T> double magnitude(const T& x) {
  if constexpr (cp::is_complex_v<T>)
    return std::hypot(double(x.real()), double(x.imag()));
  else
    return std::abs(static_cast<double>(x));
}

/// |got - want| <= tol * (1 + |want|) elementwise (complex: on the modulus of the difference).
template <class T>
void check_close(const cp::ndarray<T>& got, const cp::ndarray<T>& want, double tol) {
  REQUIRE(got.shape() == want.shape());
  const std::vector<T> g = got.get(), w = want.get();
  double worst = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double d = magnitude(T(g[i] - w[i])) / (1 + magnitude(w[i]));
    worst = std::isnan(d) ? (std::isnan(magnitude(w[i])) ? worst : INFINITY) : std::max(worst, d);
  }
  CHECK(worst <= tol);
}

} // namespace dist_test
