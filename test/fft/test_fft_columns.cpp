// Transforms along an axis whose neighbouring transforms are adjacent in memory (axis 0 of a
// C-ordered matrix, the middle axis of a 3-D array): on the CUDA backend the power-of-two lengths
// 32 to 2048 (complex64) and 4096 (complex128) run on cupp's column kernel
// (src/cuda/fft_columns.cuh), the others on cuFFT. Each is checked against the same transform of
// the array with that axis moved last (cuFFT's row plan; FFTW on the host backend) and, for short
// lengths, against the host DFT.
#include "fft/fft_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>

#include <cstdint>
#include <vector>

using namespace cupp_test;
using cupp::none;
using cupp::slice;

namespace {

namespace f = cupp::fft;

// The transform of x along `axis` computed with that axis moved last (a row transform).
template <class T>
cupp::ndarray<T> along_rows(const cupp::ndarray<T>& x, std::int64_t axis, const f::fft_kw& kw,
                            bool forward) {
  std::vector<std::int64_t> order;
  for (std::int64_t d = 0; d < x.ndim(); ++d)
    if (d != axis) order.push_back(d);
  order.push_back(axis);
  std::vector<std::int64_t> back(order.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    back[static_cast<std::size_t>(order[i])] = static_cast<std::int64_t>(i);
  const cupp::ndarray<T> moved = cupp::transpose(x, order).copy();
  f::fft_kw row = kw;
  row.axis = -1;
  const auto r = forward ? f::fft(moved, row) : f::ifft(moved, row);
  return cupp::transpose(r, back);
}

template <class T> double column_tolerance() { return single_v<T> ? 2e-6 : 1e-14; }

template <class T>
void check_columns(const cupp::ndarray<T>& x, std::int64_t axis, const f::fft_kw& kw,
                   bool forward) {
  f::fft_kw k = kw;
  k.axis = axis;
  const auto got = forward ? f::fft(x, k) : f::ifft(x, k);
  const auto want = along_rows(x, axis, kw, forward);
  REQUIRE(got.shape() == want.shape());
  CHECK(relative_error(values_of(got), values_of(want)) < column_tolerance<T>());
}

} // namespace

TEMPLATE_TEST_CASE("fft along a column axis equals the row transform of the moved axis",
                   "[fft][columns]", cupp::complex64, cupp::complex128) {
  using T = TestType;
  // every length the column kernel takes, one it does not (48), and the next power past it
  for (const std::int64_t n : {32, 64, 128, 256, 512, 1024, 2048, 4096, 48, 8192}) {
    // fewer columns than a block takes (cuFFT), one block, a partial last block
    for (const std::int64_t cols : {3, 32, 37, 100}) {
      INFO("n " << n << ", " << cols << " columns");
      const auto x = random_array<T>({n, cols}, static_cast<unsigned>(n + cols));
      check_columns(x, 0, {}, true);
      check_columns(x, 0, {.norm = f::ortho}, false);
      check_columns(x, 0, {.norm = f::forward}, true);
    }
  }
}

TEMPLATE_TEST_CASE("column transforms of views, padded inputs and stacks", "[fft][columns]",
                   cupp::complex64, cupp::complex128) {
  using T = TestType;
  for (const std::int64_t n : {64, 512, 2048}) {
    INFO("n " << n);
    // columns of a wider array: rows further apart than the batch, an offset start
    const auto wide = random_array<T>({n, 45}, 7);
    check_columns(wide(slice(), slice(3, 40)), 0, {}, true);
    // every other row: a longer row stride
    const auto tall = random_array<T>({2 * n, 33}, 8);
    check_columns(tall(slice(none, none, 2)), 0, {}, false);
    // reversed rows (a negative stride: copied first)
    check_columns(tall(slice(n - 1, none, -1)), 0, {}, true);
    // padded to n: the transform runs in place in the zero-padded copy
    const auto shorter = random_array<T>({n - 5, 40}, 9);
    check_columns(shorter, 0, {.n = n}, true);
    // cropped to n
    check_columns(tall, 0, {.n = n}, false);
    // the middle axis of a stack: one launch over the stack
    const auto stack = random_array<T>({3, n, 36}, 10);
    check_columns(stack, 1, {}, true);
    check_columns(stack, 1, {.norm = f::ortho}, false);
  }
}

TEMPLATE_TEST_CASE("column transforms of short lengths equal the host DFT", "[fft][columns]",
                   cupp::complex64, cupp::complex128) {
  using T = TestType;
  for (const std::int64_t n : {32, 64}) {
    const std::int64_t cols = 40;
    const auto x = random_array<T>({n, cols}, 11);
    const auto xt = values_of(cupp::transpose(x).copy()); // the columns, one after another
    for (const bool forward : {true, false}) {
      INFO("n " << n << (forward ? " forward" : " inverse"));
      const auto got = forward ? f::fft(x, {.axis = 0}) : f::ifft(x, {.axis = 0});
      std::vector<zd> want = host_rows(xt, n, forward);
      if (!forward)
        for (zd& z : want)
          z /= static_cast<double>(n);
      CHECK(relative_error(values_of(cupp::transpose(got).copy()), want) < column_tolerance<T>());
    }
  }
}
