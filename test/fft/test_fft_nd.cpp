// numpy.fft's transforms over several axes (fftn ifftn rfftn irfftn, fft2 ifft2 rfft2 irfft2)
// against NumPy (test/fixtures/fft.txt) in every input dtype; every transform on non-contiguous,
// negative-stride and broadcast inputs against their contiguous copies and the host DFT; round
// trips over 3-D arrays with random axes; large sizes against Parseval and the host DFT.
#include "fft/fft_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

using namespace cupp_test;
using cupp::none;
using cupp::slice;

namespace {

double sum_sq(const std::vector<zd>& v) {
  long double s = 0;
  for (const zd& z : v)
    s += std::norm(std::complex<long double>(z.real(), z.imag()));
  return static_cast<double>(s);
}

// One bin of the DFT of x (C order, `shape`) at frequency `k`, summed on the host.
zd dft_bin(const std::vector<zd>& x, const cupp::shape_t& shape, const cupp::shape_t& k) {
  const long double two_pi = 6.283185307179586476925286766559L;
  std::complex<long double> s = 0;
  for (std::size_t flat = 0; flat < x.size(); ++flat) {
    long double phase = 0; // sum_d k_d i_d / n_d, each term reduced exactly
    std::size_t rem = flat;
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      const auto n = static_cast<std::size_t>(shape[d]);
      const std::size_t i = rem % n;
      rem /= n;
      phase += static_cast<long double>((i * static_cast<std::size_t>(k[d])) % n) / n;
    }
    const long double ang = -two_pi * phase;
    s += std::complex<long double>(x[flat].real(), x[flat].imag()) *
         std::complex<long double>(std::cos(ang), std::sin(ang));
  }
  return {static_cast<double>(s.real()), static_cast<double>(s.imag())};
}

} // namespace

TEMPLATE_LIST_TEST_CASE("fftn, ifftn, rfftn, irfftn and the fft2 family equal NumPy's",
                        "[fft][fixtures]", fft_input_dtypes) {
  using T = TestType;
  const bool positional = single_v<T>;
  for (const char* f : {"fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"}) {
    SECTION(f) { check_fixtures<T>(f, positional); }
  }
}

TEST_CASE("fftn: s without axes, empty axes, the fft2 family's default axes", "[fft][nd]") {
  namespace f = cupp::fft;
  const auto x = random_array<double>({3, 4, 5}, 51);
  const auto z = random_array<cupp::complex128>({3, 4, 5}, 52);
  // s without axes: the last len(s) axes (NumPy 2, deprecated there but still so)
  CHECK(relative_error(values_of(f::fftn(x, {.s = {6, 3}})),
                       values_of(f::fftn(x, {.s = {6, 3}, .axes = {1, 2}}))) < 1e-14);
  CHECK(relative_error(values_of(f::irfftn(z, f::lengths(7))), values_of(f::irfft(z, 7))) < 1e-14);
  // fft2 = fftn over the last two axes; given axes, the same as fftn's
  CHECK(relative_error(values_of(f::fft2(z)), values_of(f::fftn(z, {.axes = {-2, -1}}))) < 1e-14);
  CHECK(relative_error(values_of(f::ifft2(z, {.axes = {0, 2}})),
                       values_of(f::ifftn(z, {.axes = {0, 2}}))) < 1e-14);
  CHECK(relative_error(values_of(f::rfft2(x, {.s = {5, 6}})),
                       values_of(f::rfftn(x, {.s = {5, 6}, .axes = {1, 2}}))) < 1e-14);
  CHECK(relative_error(values_of(f::irfft2(z)), values_of(f::irfftn(z, {.axes = {1, 2}}))) < 1e-14);
  // one axis: the one-axis transform
  CHECK(relative_error(values_of(f::fftn(x, {.axes = 1})), values_of(f::fft(x, {.axis = 1}))) <
        1e-14);
  CHECK(relative_error(values_of(f::rfftn(x, {.s = 7, .axes = 0})), values_of(f::rfft(x, 7, 0))) <
        1e-14);
  // axes = (): nothing transformed, the values as they are (NumPy returns the input itself; cupp
  // a complex copy)
  const auto same = f::fftn(x, {.axes = cupp::axes(std::vector<cupp::index_t>{})});
  CHECK(same.shape() == x.shape());
  CHECK(values_of(same) == values_of(x));
  CHECK(values_of(f::ifftn(z, {.axes = cupp::axes(std::vector<cupp::index_t>{})})) == values_of(z));
}

TEST_CASE("fftn, rfftn, irfftn: an axis repeated at two lengths runs NumPy's order", "[fft][nd]") {
  namespace f = cupp::fft;
  const auto z = random_array<cupp::complex128>({3, 2, 4}, 54);
  const auto x = random_array<double>({3, 2, 4}, 55);
  // irfftn: ifft over the other axes first to last, then irfft over the last: here axis 0 at 4,
  // then at 2 (a regression: it ran 2 then 4, shape (4, 3, 4))
  for (const auto norm : {f::backward, f::ortho}) {
    const auto r = f::irfftn(z, {.s = {4, 2, 3}, .axes = {0, 0, 1}, .norm = norm});
    CHECK(r.shape() == cupp::shape_t{2, 3, 4});
    const auto want = f::irfft(f::ifft(f::ifft(z, 4, 0, norm), 2, 0, norm), 3, 1, norm);
    CHECK(r.shape() == want.shape());
    CHECK(relative_error(values_of(r), values_of(want)) < 1e-14);
  }
  // fftn and rfftn: NumPy's loop runs last to first (the fft over the last axis first)
  const auto y = f::fftn(z, {.s = {4, 2, 3}, .axes = {0, 0, 1}});
  CHECK(y.shape() == cupp::shape_t{4, 3, 4});
  CHECK(relative_error(values_of(y), values_of(f::fft(f::fft(f::fft(z, 3, 1), 2, 0), 4, 0))) <
        1e-14);
  const auto ry = f::rfftn(x, {.s = {4, 2, 6}, .axes = {0, 0, 2}});
  CHECK(ry.shape() == cupp::shape_t{4, 2, 4});
  CHECK(relative_error(values_of(ry), values_of(f::fft(f::fft(f::rfft(x, 6, 2), 2, 0), 4, 0))) <
        1e-14);
}

TEST_CASE("fftn: s = -1 is the axis' own length (NumPy 2)", "[fft][nd]") {
  namespace f = cupp::fft;
  const auto x = random_array<double>({3, 4}, 53);
  // NumPy 2: np.fft.fftn(x, s=(-1, 6), axes=(0, 1)) == np.fft.fftn(x, s=(3, 6), axes=(0, 1))
  CHECK_NOTHROW((void)f::fftn(x, {.s = {-1, 6}, .axes = {0, 1}}));
  CHECK(relative_error(values_of(f::fftn(x, {.s = {-1, 6}, .axes = {0, 1}})),
                       values_of(f::fftn(x, {.s = {3, 6}, .axes = {0, 1}}))) < 1e-14);
}

TEMPLATE_TEST_CASE("fft: strided, transposed, reversed and broadcast inputs", "[fft][layout]",
                   double, float, cupp::complex128, cupp::complex64) {
  using T = TestType;
  namespace f = cupp::fft;
  const double tol = fft_tolerance<T>() / 10;
  const auto base = random_array<T>({6, 5, 8}, 61);
  const auto before = values_of(base);
  const auto small = random_array<T>({1, 5, 1}, 62);
  std::vector<std::pair<std::string, cupp::ndarray<T>>> views = {
      {"transposed", base.transpose(2, 0, 1)},
      {"steps", base(slice(none, none, 2), slice(), slice(1, none, 3))},
      {"reversed", base(slice(none, none, -1), slice(), slice(none, none, -2))},
      {"reversed transposed", base(slice(), slice(none, none, -1)).transpose(1, 2, 0)},
      {"2-D of a 3-D", base(slice(), 2, slice(none, none, -1))},
      {"1-D reversed", base(3, 1, slice(none, none, -1))},
      {"broadcast", cupp::broadcast_to(small, {4, 5, 6})},
      {"broadcast transposed", cupp::broadcast_to(small, {4, 5, 6}).transpose(2, 1, 0)},
  };
  for (const auto& [name, v] : views) {
    INFO(name << ", shape " << v.ndim() << "-D");
    REQUIRE(!v.is_c_contiguous());
    const auto c = v.copy();
    const int nd = v.ndim();
    auto same = [&](const auto& a, const auto& b) {
      CHECK(a.shape() == b.shape());
      CHECK(relative_error(values_of(a), values_of(b)) < tol);
    };
    // the last axis against the host DFT of each row (an independent reference)
    const auto last = v.shape()[nd - 1];
    CHECK(relative_error(values_of(f::fft(v)), host_rows(values_of(c), last, true)) < tol);
    for (int axis = -nd; axis < nd; ++axis) {
      INFO("axis " << axis);
      same(f::fft(v, std::nullopt, axis), f::fft(c, std::nullopt, axis));
      same(f::ifft(v, {.n = 7, .axis = axis}), f::ifft(c, {.n = 7, .axis = axis}));
      same(f::irfft(v, {.n = 5, .axis = axis}), f::irfft(c, {.n = 5, .axis = axis}));
      same(f::hfft(v, {.axis = axis, .norm = f::ortho}),
           f::hfft(c, {.axis = axis, .norm = f::ortho}));
      if constexpr (!cupp::is_complex_v<T>) {
        same(f::rfft(v, std::nullopt, axis), f::rfft(c, std::nullopt, axis));
        same(f::ihfft(v, 3, axis), f::ihfft(c, 3, axis));
      }
    }
    std::vector<cupp::axes> axes_list = {cupp::all_axes, cupp::axes(0), cupp::axes(-1),
                                         cupp::axes(0, 0)};
    if (nd >= 2) {
      axes_list.emplace_back(1, 0);
      axes_list.emplace_back(0, nd - 1);
    }
    if (nd >= 3) {
      axes_list.emplace_back(2, 0, 1);
      axes_list.emplace_back(1, 2);
      axes_list.emplace_back(0, 2, 0);
    }
    for (const auto& ax : axes_list) {
      INFO("axes " << (ax.all() ? std::string("None") : std::to_string(ax.list().size())));
      same(f::fftn(v, {.axes = ax}), f::fftn(c, {.axes = ax}));
      same(f::ifftn(v, {.axes = ax, .norm = f::forward}),
           f::ifftn(c, {.axes = ax, .norm = f::forward}));
      same(f::irfftn(v, {.axes = ax}), f::irfftn(c, {.axes = ax}));
      if constexpr (!cupp::is_complex_v<T>) {
        same(f::rfftn(v, {.axes = ax}), f::rfftn(c, {.axes = ax}));
      }
    }
    if (nd >= 2) {
      same(f::fftn(v, {.s = {3, 9}, .axes = {nd - 1, 0}}),
           f::fftn(c, {.s = {3, 9}, .axes = {nd - 1, 0}}));
      same(f::irfftn(v, {.s = {4, 7}, .axes = {0, nd - 1}}),
           f::irfftn(c, {.s = {4, 7}, .axes = {0, nd - 1}}));
      same(f::fft2(v), f::fft2(c));
      same(f::irfft2(v, {.s = {3, 3}}), f::irfft2(c, {.s = {3, 3}}));
    }
  }
  { // a length-1 axis of stride 0 inside a multi-dimensional run (rfftn's real axis over (0, 1))
    const cupp::ndarray<T> v(base.data(), {6, 1, 8}, {40, 0, 1}, base.owner(), base.device());
    const auto c = v.copy();
    const auto err = [&](const auto& a, const auto& b) {
      return relative_error(values_of(a), values_of(b));
    };
    CHECK(err(f::fftn(v, {.axes = {0, 1}}), f::fftn(c, {.axes = {0, 1}})) < tol);
    if constexpr (!cupp::is_complex_v<T>) {
      CHECK(err(f::rfftn(v, {.axes = {0, 1}}), f::rfftn(c, {.axes = {0, 1}})) < tol);
    }
  }
  // no transform wrote into its input
  CHECK(values_of(base) == before);
}

TEMPLATE_TEST_CASE("fft: real transforms of length 1 are the identity", "[fft][layout]", float,
                   double) {
  using T = TestType;
  namespace f = cupp::fft;
  using cupp::slice;
  // on the H200 the CUDA backend raised for rfftn(s=1) over the middle axis, where NumPy returns
  // the identity (diff_fuzz.py seed 4904)
  const auto x = random_array<T>({8, 4, 3}, 303);
  const auto mid = values_of(x(slice(), slice(1)));
  for (const auto norm : {f::norm_mode::backward, f::norm_mode::ortho, f::norm_mode::forward}) {
    const auto r = f::rfftn(x, {.s = {1}, .axes = {-2}, .norm = norm});
    CHECK(r.shape() == (cupp::shape_t{8, 1, 3}));
    CHECK(values_of(r) == mid);
    CHECK(values_of(f::rfft(x, 1, 1, norm)) == mid);
    CHECK(values_of(f::irfftn(r, {.s = {1}, .axes = {1}, .norm = norm})) == mid);
    CHECK(values_of(f::irfft(r, 1, 1, norm)) == mid);
  }
  CHECK(values_of(f::rfft(x, 1)) == values_of(x(slice(), slice(), slice(1))));
  CHECK(values_of(f::rfftn(x, {.s = {1, 1}, .axes = {1, 2}})) ==
        values_of(x(slice(), slice(1), slice(1))));
}

TEMPLATE_TEST_CASE("fft: batches of two dimensions that do not merge (a copy, or a loop)",
                   "[fft][layout]", double, cupp::complex64) {
  using T = TestType;
  namespace f = cupp::fft;
  const double tol = fft_tolerance<T>() / 10;
  // the middle axis of (a, n, b): both batch axes over 16 (the copy with the axes moved last),
  // one short (a loop of calls)
  for (const cupp::shape_t shape : {cupp::shape_t{17, 6, 19}, cupp::shape_t{3, 7, 40},
                                    cupp::shape_t{40, 5, 2}, cupp::shape_t{20, 1, 20}}) {
    INFO("shape " << shape[0] << "x" << shape[1] << "x" << shape[2]);
    const auto x = random_array<T>(shape, 301);
    const auto rows = values_of(x.transpose(0, 2, 1)); // the transformed axis last
    const auto y = f::fft(x, std::nullopt, 1);
    CHECK(y.shape() == shape);
    CHECK(relative_error(values_of(y.transpose(0, 2, 1)), host_rows(rows, shape[1], true)) < tol);
    CHECK(relative_error(values_of(f::fftn(x, {.axes = -2})), values_of(y)) < tol);
    CHECK(relative_error(values_of(f::ifft(y, {.axis = 1})), values_of(x)) < tol);
    if constexpr (!cupp::is_complex_v<T>) {
      const auto r = f::rfft(x, std::nullopt, 1);
      const auto h = shape[1] / 2 + 1;
      CHECK(r.shape() == (cupp::shape_t{shape[0], h, shape[2]}));
      CHECK(relative_error(values_of(r), values_of(y(cupp::slice(), cupp::slice(h)))) < tol);
      CHECK(relative_error(values_of(f::irfft(r, shape[1], 1)), values_of(x)) < tol);
    }
  }
  // two adjacent axes in the middle of a 4-D array: fftn = the two one-axis transforms
  const auto x4 = random_array<T>({17, 4, 5, 19}, 302);
  CHECK(relative_error(values_of(f::fftn(x4, {.axes = {1, 2}})),
                       values_of(f::fft(f::fft(x4, std::nullopt, 2), std::nullopt, 1))) < tol);
  CHECK(relative_error(values_of(f::ifftn(x4, {.axes = {2, 1, 3}})),
                       values_of(f::ifft(f::ifft(f::ifft(x4, std::nullopt, 3), std::nullopt, 1),
                                         std::nullopt, 2))) < tol);
}

TEMPLATE_TEST_CASE("fft: round trips over 3-D arrays with random axes", "[fft][roundtrip]", double,
                   float) {
  using R = TestType;
  using C = std::conditional_t<std::is_same_v<R, float>, cupp::complex64, cupp::complex128>;
  namespace f = cupp::fft;
  const double tol = fft_tolerance<R>() / 10;
  std::mt19937 gen(20261202);
  std::uniform_int_distribution<int> len(1, 9), axis3(0, 2), count(1, 3), pick_norm(0, 2);
  const f::norm_mode norms[] = {f::backward, f::ortho, f::forward};
  for (int trial = 0; trial < 40; ++trial) {
    const cupp::shape_t shape{len(gen), len(gen), len(gen) + 1};
    const auto x = random_array<R>(shape, 100 + trial);
    const auto z = random_array<C>(shape, 200 + trial);
    // distinct axes in a random order
    std::vector<cupp::index_t> all{0, 1, 2};
    std::shuffle(all.begin(), all.end(), gen);
    std::vector<cupp::index_t> ax(all.begin(), all.begin() + count(gen));
    if (trial % 2) ax.back() -= 3; // negative spellings too
    std::vector<cupp::index_t> s;
    for (const auto a : ax)
      s.push_back(shape[(a + 3) % 3]);
    const f::norm_mode norm = norms[pick_norm(gen)];
    const int axis = axis3(gen) - (trial % 3 == 0 ? 3 : 0);
    INFO("trial " << trial << ": shape " << shape[0] << "x" << shape[1] << "x" << shape[2] << ", "
                  << ax.size() << " axes, first " << ax[0] << ", axis " << axis);
    const cupp::axes axes(ax);
    const f::lengths ls(s);
    CHECK(relative_error(values_of(f::ifftn(f::fftn(z, {.axes = axes, .norm = norm}),
                                            {.axes = axes, .norm = norm})),
                         values_of(z)) < tol);
    CHECK(relative_error(values_of(f::irfftn(f::rfftn(x, {.axes = axes, .norm = norm}),
                                             {.s = ls, .axes = axes, .norm = norm})),
                         values_of(x)) < tol);
    const auto n = shape[(axis + 3) % 3];
    CHECK(relative_error(values_of(f::ifft(f::fft(z, std::nullopt, axis, norm), n, axis, norm)),
                         values_of(z)) < tol);
    CHECK(relative_error(values_of(f::irfft(f::rfft(x, std::nullopt, axis, norm), n, axis, norm)),
                         values_of(x)) < tol);
    CHECK(relative_error(values_of(f::hfft(f::ihfft(x, std::nullopt, axis, norm), n, axis, norm)),
                         values_of(x)) < tol);
    // repeated axes: each occurrence one more transform, undone by the inverse's
    const cupp::axes twice(ax[0], ax[0]);
    CHECK(relative_error(values_of(f::ifftn(f::fftn(z, {.axes = twice}), {.axes = twice})),
                         values_of(z)) < tol);
  }
}

TEST_CASE("fft: large sizes against Parseval and the host DFT", "[fft][large]") {
  namespace f = cupp::fft;
  using c128 = cupp::complex128;
  {
    // 2^16 points: Parseval, a few bins summed on the host, rfft = fft's first half
    const std::int64_t n = 1 << 16;
    const auto z = random_array<c128>({n}, 71);
    const auto zv = values_of(z);
    const auto y = f::fft(z);
    const auto yv = values_of(y);
    CHECK(std::abs(sum_sq(yv) / (static_cast<double>(n) * sum_sq(zv)) - 1) < 1e-12);
    for (const std::int64_t k : {0, 1, 2, 12345, 32768, 65535}) {
      INFO("bin " << k);
      CHECK(std::abs(yv[k] - dft_bin(zv, {n}, {k})) < 1e-10 * std::sqrt(double(n)));
    }
    const auto x = random_array<double>({n}, 72);
    const auto full = values_of(f::fft(x));
    const auto half = values_of(f::rfft(x));
    REQUIRE(half.size() == static_cast<std::size_t>(n / 2 + 1));
    CHECK(relative_error(half, std::vector<zd>(full.begin(), full.begin() + n / 2 + 1)) < 1e-14);
    CHECK(relative_error(values_of(f::irfft(f::rfft(x))), values_of(x)) < 1e-14);
    // complex64: Parseval at float32's precision
    const auto y32 = f::fft(random_array<cupp::complex64>({n}, 73));
    CHECK(std::string(y32.dtype()) == "complex64");
    const auto z32 = values_of(random_array<cupp::complex64>({n}, 73));
    CHECK(std::abs(sum_sq(values_of(y32)) / (static_cast<double>(n) * sum_sq(z32)) - 1) < 1e-5);
  }
  {
    // 3 * 5 * 7 * 11 = 1155 points: the whole host DFT, one axis and four
    const std::int64_t n = 3 * 5 * 7 * 11;
    const auto z = random_array<c128>({n}, 74);
    const auto want = host_dft(values_of(z), true);
    CHECK(relative_error(values_of(f::fft(z)), want) < 1e-12);
    CHECK(relative_error(values_of(f::fft(random_array<cupp::complex64>({n}, 74))), want) < 1e-4);
    const auto inv = host_dft(values_of(z), false);
    CHECK(relative_error(values_of(f::ifft(z, std::nullopt, -1, f::forward)), inv) < 1e-12);
    const auto x = random_array<double>({n}, 75);
    const auto xw = host_dft(values_of(x), true);
    CHECK(relative_error(values_of(f::rfft(x)),
                         std::vector<zd>(xw.begin(), xw.begin() + n / 2 + 1)) < 1e-12);
    // the same points as a (3, 5, 7, 11) array: Parseval and bins of the 4-D DFT
    const cupp::shape_t shape{3, 5, 7, 11};
    const auto z4 = z.reshape(shape);
    const auto y4 = values_of(f::fftn(z4));
    CHECK(std::abs(sum_sq(y4) / (static_cast<double>(n) * sum_sq(values_of(z))) - 1) < 1e-12);
    for (const cupp::shape_t k : {cupp::shape_t{0, 0, 0, 0}, cupp::shape_t{1, 2, 3, 4},
                                  cupp::shape_t{2, 4, 6, 10}, cupp::shape_t{0, 3, 0, 7}}) {
      const std::size_t flat = ((k[0] * 5 + k[1]) * 7 + k[2]) * 11 + k[3];
      CHECK(std::abs(y4[flat] - dft_bin(values_of(z), shape, k)) < 1e-10);
    }
    // rfftn over the four axes: the first 6 of the last axis' 11
    const auto x4 = x.reshape(shape);
    const auto r4 = f::rfftn(x4);
    CHECK(r4.shape() == cupp::shape_t{3, 5, 7, 6});
    const auto r4v = values_of(r4);
    const auto xv = values_of(x);
    for (const cupp::shape_t k : {cupp::shape_t{1, 2, 3, 4}, cupp::shape_t{2, 0, 6, 5}}) {
      const std::size_t flat = ((k[0] * 5 + k[1]) * 7 + k[2]) * 6 + k[3];
      CHECK(std::abs(r4v[flat] - dft_bin(xv, shape, k)) < 1e-10);
    }
    CHECK(relative_error(values_of(f::irfftn(r4, {.s = {3, 5, 7, 11}, .axes = {0, 1, 2, 3}})), xv) <
          1e-14);
  }
  {
    // a large prime length (no radix factors): Parseval, bins summed on the host, the inverse
    const std::int64_t n = 10007;
    const auto z = random_array<c128>({n}, 77);
    const auto zv = values_of(z);
    const auto yv = values_of(f::fft(z, std::nullopt, -1, f::ortho));
    CHECK(std::abs(sum_sq(yv) / sum_sq(zv) - 1) < 1e-12); // ortho: unitary
    for (const std::int64_t k : {0, 1, 5003, 10006}) {
      INFO("bin " << k);
      CHECK(std::abs(yv[k] * std::sqrt(double(n)) - dft_bin(zv, {n}, {k})) <
            1e-10 * std::sqrt(double(n)));
    }
    const auto back = f::ifft(f::fft(z, std::nullopt, -1, f::ortho), std::nullopt, -1, f::ortho);
    CHECK(relative_error(values_of(back), zv) < 1e-13);
    const auto x = random_array<float>({n}, 78);
    const auto h = values_of(f::rfft(x));
    const auto xd = values_of(x);
    CHECK(h.size() == static_cast<std::size_t>(n / 2 + 1));
    for (const std::int64_t k : {0, 2, 5003}) {
      INFO("rfft bin " << k);
      CHECK(std::abs(h[k] - dft_bin(xd, {n}, {k})) < 2e-5 * std::sqrt(double(n)));
    }
  }
  {
    // a batch along a strided axis: 1024 transforms of 64 points down the columns
    const auto a = random_array<c128>({64, 1024}, 76);
    const auto y = f::fft(a, std::nullopt, 0);
    CHECK(relative_error(values_of(y.T()), host_rows(values_of(a.T()), 64, true)) < 1e-13);
  }
}
