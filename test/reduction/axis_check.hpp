#pragma once
// The axis reductions' checks (reduction/reduce.hpp) against plain host loops over the host copy:
// every function, one / negative / several / all axes with and without keepdims, C-contiguous,
// transposed, stepped, reversed and 3-D layouts, 0-d input, and run lengths and output counts
// around the kernels' block sizes. Each check is a function template, instantiated by dtype kind
// in test_axis_{bool_signed,unsigned,float}.cpp: one translation unit for all dtypes was the
// longest to compile in the whole build (over 5 minutes of nvcc). NumPy-literal cases (NaN, ties,
// empty, errors) are in test_axis_numpy.cpp.
#include "common/dtype_kinds.hpp"
#include "common/testing.hpp"

#include <cupp/indexing/basic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace axis_test {

using namespace cupp_test;
using cupp::index_t;
using cupp::none;
using cupp::shape_t;
using cupp::slice;

// NumPy's result dtypes, spelled out independently of cupp's traits.
template <class T>
using np_sum_t =
    std::conditional_t<std::is_floating_point_v<T>, T,
                       std::conditional_t<std::is_unsigned_v<T> && !std::is_same_v<T, bool>,
                                          std::uint64_t, std::int64_t>>;
template <class T> using np_mean_t = std::conditional_t<std::is_floating_point_v<T>, T, double>;

/// The elements of `a` grouped by output position (C order of the kept axes), each group in C order
/// of the reduced axes (`red[d]`: axis d is reduced), with NumPy's result shapes.
template <class T> struct grouped {
  shape_t out_shape, keep_shape;
  std::vector<std::vector<T>> g;
};
template <class T> grouped<T> group(const cupp::ndarray<T>& a, const std::vector<bool>& red) {
  const std::vector<T> h = host(a);
  const shape_t& s = a.shape();
  grouped<T> r;
  index_t nout = 1;
  for (int d = 0; d < s.size(); ++d) {
    r.keep_shape.push_back(red[static_cast<std::size_t>(d)] ? 1 : s[d]);
    if (!red[static_cast<std::size_t>(d)]) {
      r.out_shape.push_back(s[d]);
      nout *= s[d];
    }
  }
  r.g.resize(static_cast<std::size_t>(nout));
  std::vector<index_t> idx(static_cast<std::size_t>(s.size()), 0);
  for (std::size_t i = 0; i < h.size(); ++i) {
    index_t o = 0;
    for (int d = 0; d < s.size(); ++d)
      if (!red[static_cast<std::size_t>(d)]) o = o * s[d] + idx[static_cast<std::size_t>(d)];
    r.g[static_cast<std::size_t>(o)].push_back(h[i]);
    for (int d = s.size() - 1; d >= 0; --d) {
      if (++idx[static_cast<std::size_t>(d)] < s[d]) break;
      idx[static_cast<std::size_t>(d)] = 0;
    }
  }
  return r;
}

template <class R, class T, class F> std::vector<R> each(const grouped<T>& r, F f) {
  std::vector<R> out;
  for (const auto& v : r.g)
    out.push_back(static_cast<R>(f(v)));
  return out;
}

/// "" when every element of `got` is within `rel` (relative) of `want`, else what differs.
template <class G>
std::string mismatches(const std::vector<G>& got, const std::vector<double>& want, double rel) {
  if (got.size() != want.size()) return "sizes differ";
  std::string first;
  int bad = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double g = static_cast<double>(got[i]);
    if (!(std::abs(g - want[i]) <= rel * std::max(1.0, std::abs(want[i])))) {
      if (bad++ == 0)
        first = ", first at " + std::to_string(i) + ": " + std::to_string(g) + " vs " +
                std::to_string(want[i]);
    }
  }
  return bad == 0 ? "" : std::to_string(bad) + " mismatches" + first;
}

/// Checks every reduction of `a` over `ax` (the axes flagged in `red`) against host loops.
template <class T>
void check_all(const cupp::ndarray<T>& a, const cupp::axes& ax, const std::vector<bool>& red) {
  using S = np_sum_t<T>;
  using M = np_mean_t<T>;
  const auto r = group(a, red);
  const bool nonempty = !r.g.empty() && !r.g[0].empty();
  const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-12;

  // sums: exact (the float values are multiples of 1/8 and every partial sum is small)
  const auto s = cupp::sum(a, ax);
  STATIC_REQUIRE(std::is_same_v<decltype(s), const cupp::ndarray<S>>);
  CHECK(s.shape() == r.out_shape);
  CHECK(host(s) == each<S>(r, [](const std::vector<T>& v) {
          S acc = 0;
          for (T x : v)
            acc = static_cast<S>(acc + static_cast<S>(x));
          return acc;
        }));
  CHECK(cupp::sum(a, ax, true).shape() == r.keep_shape);

  if (nonempty) {
    const auto hi = each<T>(r, [](const std::vector<T>& v) {
      T m = v[0];
      for (T x : v)
        if (m < x) m = x;
      return m;
    });
    const auto lo = each<T>(r, [](const std::vector<T>& v) {
      T m = v[0];
      for (T x : v)
        if (x < m) m = x;
      return m;
    });
    const auto mx = cupp::max(a, ax);
    STATIC_REQUIRE(std::is_same_v<decltype(mx), const cupp::ndarray<T>>);
    CHECK(host(mx) == hi);
    CHECK(host(cupp::amax(a, ax, true)) == hi);
    CHECK(cupp::amax(a, ax, true).shape() == r.keep_shape);
    CHECK(host(cupp::min(a, ax)) == lo);
    CHECK(host(cupp::amin(a, ax)) == lo);
    if constexpr (!std::is_same_v<T, bool>) { // NumPy's ptp rejects bool (no boolean subtract)
      std::vector<T> range;
      for (std::size_t i = 0; i < hi.size(); ++i)
        range.push_back(static_cast<T>(hi[i] - lo[i]));
      CHECK(host(cupp::ptp(a, ax)) == range);
      CHECK(cupp::ptp(a, ax, true).shape() == r.keep_shape);
    }
  }

  const auto mean = cupp::mean(a, ax);
  STATIC_REQUIRE(std::is_same_v<decltype(mean), const cupp::ndarray<M>>);
  CHECK(mean.shape() == r.out_shape);
  auto moments = [&](index_t ddof, bool root) {
    return each<double>(r, [=](const std::vector<T>& v) {
      double m = 0, q = 0;
      for (T x : v)
        m += static_cast<double>(x);
      m /= static_cast<double>(v.size());
      for (T x : v)
        q += (static_cast<double>(x) - m) * (static_cast<double>(x) - m);
      const double var = q / static_cast<double>(static_cast<index_t>(v.size()) - ddof);
      return root ? std::sqrt(var) : var;
    });
  };
  if (nonempty) {
    CHECK(mismatches(host(mean),
                     each<double>(r,
                                  [](const std::vector<T>& v) {
                                    double acc = 0;
                                    for (T x : v)
                                      acc += static_cast<double>(x);
                                    return acc / static_cast<double>(v.size());
                                  }),
                     tol) == "");
    const auto var = cupp::var(a, ax);
    STATIC_REQUIRE(std::is_same_v<decltype(var), const cupp::ndarray<M>>);
    CHECK(mismatches(host(var), moments(0, false), 10 * tol) == "");
    CHECK(mismatches(host(cupp::std(a, ax)), moments(0, true), 10 * tol) == "");
    CHECK(cupp::std(a, ax, 0, true).shape() == r.keep_shape);
    if (r.g[0].size() > 1) {
      CHECK(mismatches(host(cupp::var(a, ax, 1)), moments(1, false), 10 * tol) == "");
      CHECK(mismatches(host(cupp::std(a, ax, 1, true)), moments(1, true), 10 * tol) == "");
    }
  }

  const auto nz = cupp::count_nonzero(a, ax);
  STATIC_REQUIRE(std::is_same_v<decltype(nz), const cupp::ndarray<std::int64_t>>);
  const auto want_nz = each<std::int64_t>(r, [](const std::vector<T>& v) {
    std::int64_t c = 0;
    for (T x : v)
      c += x != T(0) ? 1 : 0;
    return c;
  });
  CHECK(host(nz) == want_nz);
  CHECK(cupp::count_nonzero(a, ax, true).shape() == r.keep_shape);
  std::vector<bool> want_any, want_all;
  for (std::size_t i = 0; i < want_nz.size(); ++i) {
    want_any.push_back(want_nz[i] > 0);
    want_all.push_back(want_nz[i] == static_cast<std::int64_t>(r.g[i].size()));
  }
  const auto any = cupp::any(a, ax);
  STATIC_REQUIRE(std::is_same_v<decltype(any), const cupp::ndarray<bool>>);
  CHECK(host(any) == want_any);
  CHECK(host(cupp::all(a, ax)) == want_all);
  CHECK(cupp::all(a, ax, true).shape() == r.keep_shape);
}

/// argmax / argmin of `a` along `axis` against host loops (first index of the extreme).
template <class T> void check_arg(const cupp::ndarray<T>& a, index_t axis) {
  std::vector<bool> red(static_cast<std::size_t>(a.ndim()), false);
  red[static_cast<std::size_t>(axis < 0 ? axis + a.ndim() : axis)] = true;
  const auto r = group(a, red);
  const auto amax = cupp::argmax(a, axis);
  STATIC_REQUIRE(std::is_same_v<decltype(amax), const cupp::ndarray<std::int64_t>>);
  CHECK(amax.shape() == r.out_shape);
  CHECK(host(amax) == each<std::int64_t>(r, [](const std::vector<T>& v) {
          std::size_t k = 0;
          for (std::size_t i = 1; i < v.size(); ++i)
            if (v[k] < v[i]) k = i;
          return k;
        }));
  CHECK(host(cupp::argmin(a, axis, true)) == each<std::int64_t>(r, [](const std::vector<T>& v) {
          std::size_t k = 0;
          for (std::size_t i = 1; i < v.size(); ++i)
            if (v[i] < v[k]) k = i;
          return k;
        }));
  CHECK(cupp::argmin(a, axis, true).shape() == r.keep_shape);
}

struct axis_case {
  std::string label;
  cupp::axes ax;
  std::vector<bool> red;
};

/// Axis reductions of a C-contiguous 3-D array.
template <class TestType> void contiguous_3d() {
  const auto a = device_values<TestType>({3, 4, 5}, 2);
  const std::vector<axis_case> cases = {{"0", 0, {true, false, false}},
                                        {"1", 1, {false, true, false}},
                                        {"2", 2, {false, false, true}},
                                        {"-1", -1, {false, false, true}},
                                        {"-3", -3, {true, false, false}},
                                        {"{0, 2}", {0, 2}, {true, false, true}},
                                        {"{2, 0}", {2, 0}, {true, false, true}},
                                        {"{0, 1}", {0, 1}, {true, true, false}},
                                        {"{-1, 1}", {-1, 1}, {false, true, true}},
                                        {"{0, 1, 2}", {0, 1, 2}, {true, true, true}},
                                        {"all", cupp::all_axes, {true, true, true}}};
  for (const auto& c : cases) {
    INFO("axes " << c.label);
    check_all(a, c.ax, c.red);
  }
  for (index_t axis : {0, 1, 2, -1, -2})
    check_arg(a, axis);
  CHECK(cupp::sum(a, cupp::all_axes).ndim() == 0);
  CHECK(cupp::sum(a, cupp::all_axes, true).shape() == shape_t{1, 1, 1});
  CHECK(cupp::sum(a, {0, 2}, true).shape() == shape_t{1, 4, 1});
  // flattened argmax / argmin
  const auto h = host(a);
  std::size_t kmax = 0, kmin = 0;
  for (std::size_t i = 1; i < h.size(); ++i) {
    if (h[kmax] < h[i]) kmax = i;
    if (h[i] < h[kmin]) kmin = i;
  }
  CHECK(cupp::argmax(a).ndim() == 0);
  CHECK(cupp::argmax(a).item() == static_cast<std::int64_t>(kmax));
  CHECK(cupp::argmin(a).item() == static_cast<std::int64_t>(kmin));
}

/// Axis reductions of views.
template <class TestType> void views() {
  const auto base = device_values<TestType>({6, 10}, 5);
  const std::vector<axis_case> two = {{"0", 0, {true, false}},
                                      {"1", 1, {false, true}},
                                      {"-1", -1, {false, true}},
                                      {"all", cupp::all_axes, {true, true}}};
  const std::vector<std::pair<std::string, cupp::ndarray<TestType>>> views = {
      {"transposed", base.transpose()},
      {"stepped", base(slice(1, none, 2), slice(none, none, 3))},
      {"reversed columns", base(slice(), slice(none, none, -1))},
      {"reversed rows, stepped columns", base(slice(none, none, -2), slice(2, 9, 2))},
      {"transposed reversed", base(slice(none, none, -1)).transpose()}};
  for (const auto& [name, v] : views) {
    INFO(name);
    for (const auto& c : two) {
      INFO("axes " << c.label);
      check_all(v, c.ax, c.red);
    }
    check_arg(v, 0);
    check_arg(v, 1);
  }
  // 1-D negative and large strides
  const auto line = device_values<TestType>({1025}, 9);
  check_all(reversed(line), 0, {true});
  check_all(every(reversed(line), 7), cupp::all_axes, {true});
  check_arg(reversed(line), 0);
  check_arg(every(line, 3), -1);
  // 3-D: the middle axis, outer and inner axes together, and permuted layouts
  const auto cube = device_values<TestType>({4, 33, 7}, 1);
  check_all(cube, 1, {false, true, false});
  check_arg(cube, 1);
  check_all(cube.transpose(), {0, 2}, {true, false, true});
  check_all(cube(slice(), slice(none, none, -3), slice(none, none, 2)), {0, 1},
            {true, true, false});
  check_all(cube(slice(), slice(none, none, -3), slice(none, none, 2)), {0, 2},
            {true, false, true});
  check_all(cube.transpose()(slice(1, none, 2)), 1, {false, true, false});
  check_arg(cube.transpose()(slice(1, none, 2)), 1);
  // 0-d input: every axis, with and without keepdims
  const auto scalar = device_values<TestType>({}, 7);
  check_all(scalar, cupp::all_axes, {});
  CHECK(cupp::sum(scalar, cupp::all_axes, true).ndim() == 0);
  CHECK(cupp::argmax(scalar).item() == 0);
  CHECK(cupp::argmin(scalar).item() == 0);
}

/// Axis reductions around kernel block sizes.
template <class TestType> void block_sizes() {
  const auto len = GENERATE(as<std::int64_t>{}, 1, 31, 32, 33, 1023, 1024, 1025, 5000);
  const auto outs = GENERATE(as<std::int64_t>{}, 1, 7, 300);
  INFO("run length " << len << ", outputs " << outs);
  const auto rows = device_values<TestType>({outs, len}, len);
  check_all(rows, 1, {false, true});
  check_arg(rows, 1);
  const auto cols = device_values<TestType>({len, outs}, outs);
  check_all(cols, 0, {true, false});
  check_arg(cols, 0);
  // the reduced axis in the middle, runs split between two outer rows
  const auto mid = device_values<TestType>({2, len, outs}, 3);
  check_all(mid, {-2}, {false, true, false});
}

/// Prod wraps integers like NumPy's int64/uint64.
template <class TestType> void prod_wraps() {
  using S = np_sum_t<TestType>;
  // odd integers (products never collapse to 0 mod 2^64); floats +-1 with a few 2s (exact)
  auto value = [](std::int64_t i) -> TestType {
    if constexpr (std::is_same_v<TestType, bool>) {
      return i % 5 != 0;
    } else if constexpr (std::is_floating_point_v<TestType>) {
      return i % 97 == 5 ? TestType(2) : (i % 3 == 0 ? TestType(-1) : TestType(1));
    } else {
      return static_cast<TestType>(value_at<TestType>(i) | 1);
    }
  };
  const auto len = GENERATE(as<std::int64_t>{}, 1, 33, 1025, 5000);
  const std::int64_t outs = 7;
  std::unique_ptr<TestType[]> buf(new TestType[static_cast<std::size_t>(len * outs)]);
  for (std::int64_t i = 0; i < len * outs; ++i)
    buf[i] = value(i);
  const auto a = cupp::asarray(buf.get(), shape_t{outs, len});
  auto want = [&](const grouped<TestType>& r) {
    return each<S>(r, [](const std::vector<TestType>& v) {
      if constexpr (std::is_floating_point_v<TestType>) {
        S p = 1;
        for (TestType x : v)
          p *= x;
        return p;
      } else { // modulo 2^64
        std::uint64_t p = 1;
        for (TestType x : v)
          p *= static_cast<std::uint64_t>(static_cast<S>(x));
        return static_cast<S>(p);
      }
    });
  };
  const auto p = cupp::prod(a, 1);
  STATIC_REQUIRE(std::is_same_v<decltype(p), const cupp::ndarray<S>>);
  CHECK(host(p) == want(group(a, {false, true})));
  CHECK(host(cupp::prod(a, 0)) == want(group(a, {true, false})));
  CHECK(host(cupp::prod(a.transpose(), {-1}, true)) == want(group(a, {true, false})));
  CHECK(cupp::prod(a).item() == want(group(a, {true, true}))[0]);
  CHECK(cupp::prod(a, cupp::all_axes, true).shape() == shape_t{1, 1});
}

} // namespace axis_test

/// The four axis-reduction test cases over `DTYPES` (a dtype tuple), `WHAT` naming them.
#define CUPP_AXIS_TEST_CASES(DTYPES, WHAT)                                                         \
  TEMPLATE_LIST_TEST_CASE("axis reductions of a C-contiguous 3-D array (" WHAT ")",                \
                          "[reduction][axis]", DTYPES) {                                           \
    axis_test::contiguous_3d<TestType>();                                                          \
  }                                                                                                \
  TEMPLATE_LIST_TEST_CASE("axis reductions of views (" WHAT ")", "[reduction][axis][views]",       \
                          DTYPES) {                                                                \
    axis_test::views<TestType>();                                                                  \
  }                                                                                                \
  TEMPLATE_LIST_TEST_CASE("axis reductions around kernel block sizes (" WHAT ")",                  \
                          "[reduction][axis][sizes]", DTYPES) {                                    \
    axis_test::block_sizes<TestType>();                                                            \
  }                                                                                                \
  TEMPLATE_LIST_TEST_CASE("prod wraps integers like NumPy's int64/uint64 (" WHAT ")",              \
                          "[reduction][axis]", DTYPES) {                                           \
    axis_test::prod_wraps<TestType>();                                                             \
  }
