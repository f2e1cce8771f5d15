// numpy.fft's one-axis transforms (fft ifft rfft irfft hfft ihfft) and helpers (fftfreq rfftfreq
// fftshift ifftshift) against NumPy (test/fixtures/fft.txt) in every input dtype, with NumPy 2's
// result dtypes; expressions as input, out=, empty and length-1 axes, NumPy's errors.
#include "fft/fft_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/complex.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using namespace cupp_test;
using cupp::none;
using cupp::slice;

namespace {

std::vector<zd> scaled(std::vector<zd> v, zd f) {
  for (zd& z : v)
    z *= f;
  return v;
}

} // namespace

TEMPLATE_LIST_TEST_CASE("fft, ifft, rfft, irfft, hfft and ihfft equal NumPy's", "[fft][fixtures]",
                        fft_input_dtypes) {
  using T = TestType;
  const bool positional = single_v<T>; // float32, complex64, float16: NumPy's positional order
  for (const char* f : {"fft", "ifft", "rfft", "irfft", "hfft", "ihfft"}) {
    SECTION(f) { check_fixtures<T>(f, positional); }
  }
}

TEST_CASE("fftfreq and rfftfreq equal NumPy's", "[fft][helper]") {
  for (const std::string f : {"fftfreq", "rfftfreq"}) {
    for (const fft_case& c : fft_fixtures(f)) {
      INFO(c.label());
      const double d = std::stod(c.kw.at("d"));
      const auto r = f == "fftfreq" ? cupp::fft::fftfreq(c.integer("n"), d)
                                    : cupp::fft::rfftfreq(c.integer("n"), d);
      CHECK(std::string(r.dtype()) == "float64");
      CHECK(r.shape() == c.output_shape());
      CHECK(relative_error(values_of(r), c.output(false)) < 1e-15);
    }
  }
  // d defaults to 1 (NumPy's values, written out)
  CHECK(host(cupp::fft::fftfreq(4)) == std::vector<double>{0.0, 0.25, -0.5, -0.25});
  CHECK(host(cupp::fft::fftfreq(5)) == std::vector<double>{0.0, 0.2, 0.4, -0.4, -0.2});
  CHECK(host(cupp::fft::rfftfreq(5)) == std::vector<double>{0.0, 0.2, 0.4});
  // NumPy: ZeroDivisionError
  CHECK_THROWS_WITH_WORDS((void)cupp::fft::fftfreq(0), cupp::value_error, "division by zero");
  CHECK_THROWS_WITH_WORDS((void)cupp::fft::rfftfreq(0, 0.5), cupp::value_error, "division by zero");
}

TEMPLATE_TEST_CASE("fftshift and ifftshift equal NumPy's", "[fft][helper]", double,
                   cupp::complex128) {
  using T = TestType;
  int run = 0;
  for (const std::string f : {"fftshift", "ifftshift"}) {
    for (const fft_case& c : fft_fixtures(f)) {
      if ((c.f.dtype == "complex128") != cupp::is_complex_v<T>) continue;
      INFO(c.label());
      const auto x = array_of<T>(c.input(), c.f.a_shape);
      const cupp::axes ax = c.has("axes") ? cupp::axes(c.list("axes")) : cupp::all_axes;
      const auto r = f == "fftshift" ? cupp::fft::fftshift(x, ax) : cupp::fft::ifftshift(x, ax);
      CHECK(std::string(r.dtype()) == cupp::dtype_name<T>());
      CHECK(r.shape() == c.output_shape());
      CHECK(values_of(r) == c.output(cupp::is_complex_v<T>)); // a permutation: exact
      ++run;
    }
  }
  CHECK(run == 24);
}

TEST_CASE("fftshift and ifftshift: other dtypes, views, empty arrays", "[fft][helper]") {
  namespace f = cupp::fft;
  const auto a = cupp::arange<std::int32_t>(5);
  CHECK(host(f::fftshift(a)) == std::vector<std::int32_t>{3, 4, 0, 1, 2});
  CHECK(host(f::ifftshift(a)) == std::vector<std::int32_t>{2, 3, 4, 0, 1});
  CHECK(host(f::fftshift(cupp::arange<std::int32_t>(4))) == std::vector<std::int32_t>{2, 3, 0, 1});
  // a reversed view: [4 3 2 1 0] -> [1 0 4 3 2]
  CHECK(host(f::fftshift(a(slice(none, none, -1)))) == std::vector<std::int32_t>{1, 0, 4, 3, 2});
  // every other element of 0..9: [0 2 4 6 8] -> [6 8 0 2 4]
  CHECK(host(f::fftshift(cupp::arange<std::int32_t>(10)(slice(none, none, 2)))) ==
        std::vector<std::int32_t>{6, 8, 0, 2, 4});
  // 2-D, transposed: arange(6).reshape(2, 3).T = [[0 3] [1 4] [2 5]], fftshift over both axes
  const auto t = cupp::arange<std::int32_t>(6).reshape(2, 3).T();
  CHECK_ARR(f::fftshift(t), (cupp::shape_t{3, 2}), 5, 2, 3, 0, 4, 1);
  CHECK_ARR(f::ifftshift(t, 0), (cupp::shape_t{3, 2}), 1, 4, 2, 5, 0, 3);
  // the two are inverse to each other on odd lengths, every axis and any subset
  const auto x = device_values<std::int32_t>({3, 5, 7});
  CHECK(host(f::ifftshift(f::fftshift(x))) == host(x));
  CHECK(host(f::fftshift(f::ifftshift(x, {0, 2}), {2, 0})) == host(x));
  CHECK(host(f::fftshift(x)) != host(x));
  const auto h = device_values<cupp::float16>({4, 3});
  CHECK(host(f::ifftshift(f::fftshift(h, 1), 1)) == host(h));
  CHECK(std::string(f::fftshift(h).dtype()) == "float16");
  // empty and 0-size axes
  CHECK(f::fftshift(cupp::zeros<double>({0, 3})).shape() == cupp::shape_t{0, 3});
  CHECK(f::ifftshift(cupp::zeros<double>({2, 0}), 1).shape() == cupp::shape_t{2, 0});
  CHECK_THROWS_AS((void)f::fftshift(x, 3), cupp::axis_error);
}

TEMPLATE_TEST_CASE("fft: NumPy 2's result dtypes of every input dtype, values as the host DFT",
                   "[fft][dtype]", bool, std::int8_t, std::uint8_t, std::int16_t, std::uint32_t,
                   std::int64_t, cupp::float16, cupp::bfloat16, float, double, cupp::complex64,
                   cupp::complex128) {
  using T = TestType;
  namespace f = cupp::fft;
  const double tol = std::is_same_v<T, cupp::bfloat16> ? 1e-2 : fft_tolerance<T>();
  const auto x = device_values<T>({3, 7});
  const auto xv = values_of(x);
  const auto want = host_rows(xv, 7, true);
  const auto y = f::fft(x);
  CHECK(std::string(y.dtype()) == complex_result_dtype<T>());
  CHECK(y.shape() == cupp::shape_t{3, 7});
  CHECK(relative_error(values_of(y), want) < tol);
  const auto iy = f::ifft(x);
  CHECK(std::string(iy.dtype()) == complex_result_dtype<T>());
  CHECK(relative_error(values_of(iy), scaled(host_rows(xv, 7, false), 1.0 / 7)) < tol);
  // irfft and hfft: real results of the matching precision; irfft(x, 7) of a real row: the
  // inverse of its Hermitian extension
  const auto r = f::irfft(x, 7);
  CHECK(std::string(r.dtype()) == one_axis_real_dtype<T>());
  CHECK(r.shape() == cupp::shape_t{3, 7});
  const auto hf = f::hfft(x, 12);
  CHECK(std::string(hf.dtype()) == one_axis_real_dtype<T>());
  CHECK(hf.shape() == cupp::shape_t{3, 12});
  if constexpr (!cupp::is_complex_v<T>) {
    const auto ry = f::rfft(x);
    CHECK(std::string(ry.dtype()) == complex_result_dtype<T>());
    CHECK(ry.shape() == cupp::shape_t{3, 4});
    std::vector<zd> half;
    for (std::size_t i = 0; i < want.size(); ++i)
      if (i % 7 < 4) half.push_back(want[i]);
    CHECK(relative_error(values_of(ry), half) < tol);
    const auto ih = f::ihfft(x);
    CHECK(std::string(ih.dtype()) == complex_result_dtype<T>());
    std::vector<zd> ihalf;
    for (std::size_t i = 0; i < half.size(); ++i)
      ihalf.push_back(std::conj(half[i]) / 7.0);
    CHECK(relative_error(values_of(ih), ihalf) < tol);
    const auto rn = f::rfftn(x);
    CHECK(std::string(rn.dtype()) == complex_result_dtype<T>());
    CHECK(rn.shape() == cupp::shape_t{3, 4});
    // irfft of the real row k: the real parts as the spectrum of a length-7 signal
    std::vector<zd> spectrum;
    for (std::size_t i = 0; i < xv.size(); ++i)
      if (i % 7 < 4) spectrum.push_back(xv[i]);
    std::vector<zd> full;
    for (std::size_t row = 0; row < 3; ++row)
      for (std::size_t j = 0; j < 7; ++j) // Hermitian extension X[7 - j] = conj(X[j])
        full.push_back(j < 4 ? spectrum[row * 4 + j] : std::conj(spectrum[row * 4 + 7 - j]));
    // float16 and bfloat16 results are rounded to their dtype
    const double rtol = cupp::is_half_v<T> ? std::max(tol, 2e-3) : tol;
    CHECK(relative_error(values_of(r), scaled(host_rows(full, 7, false), 1.0 / 7)) < rtol);
  }
  const auto n = f::fftn(x);
  CHECK(std::string(n.dtype()) == complex_result_dtype<T>());
  CHECK(std::string(f::ifft2(x).dtype()) == complex_result_dtype<T>());
  CHECK(std::string(f::irfftn(x).dtype()) == real_result_dtype<T>());
  CHECK(std::string(f::irfft2(x).dtype()) == real_result_dtype<T>());
}

TEST_CASE("fft: NumPy's errors and messages", "[fft][errors]") {
  namespace f = cupp::fft;
  const auto x = random_array<double>({4, 6}, 1);
  const auto z = random_array<cupp::complex128>({4, 6}, 2);
  const char* zero = "Invalid number of FFT data points (0) specified.";
  // n = 0 and negative n, every one-axis transform, positional and keyword
  CHECK_THROWS_WITH_WORDS((void)f::fft(x, 0), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::ifft(z, {.n = 0}), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::rfft(x, 0, 0), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::irfft(z, {.n = 0, .axis = 0}), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::hfft(z, 0), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::ihfft(x, {.n = 0}), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::fft(x, -3), cupp::value_error,
                          "Invalid number of FFT data points (-3) specified.");
  CHECK_THROWS_WITH_WORDS((void)f::fftn(x, {.s = {4, 0}, .axes = {0, 1}}), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::rfftn(x, {.s = {0, 4}, .axes = {0, 1}}), cupp::value_error,
                          zero);
  CHECK_THROWS_WITH_WORDS((void)f::irfft2(z, {.s = {3, 0}}), cupp::value_error, zero);
  // a transformed axis of length 0 with the default n
  CHECK_THROWS_WITH_WORDS((void)f::fft(cupp::zeros<double>({0, 4}), std::nullopt, 0),
                          cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::fftn(cupp::zeros<double>({3, 0})), cupp::value_error, zero);
  // irfft and hfft of an axis of length 1 with the default n = 2 (1 - 1)
  const auto one = cupp::ones<cupp::complex128>({3, 1});
  CHECK_THROWS_WITH_WORDS((void)f::irfft(one), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::hfft(one), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::irfftn(one), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::irfft2(one), cupp::value_error, zero);
  CHECK_THROWS_WITH_WORDS((void)f::irfft(cupp::ones<cupp::complex128>({1, 3}), {.axis = 0}),
                          cupp::value_error, zero);
  CHECK(f::irfft(one, 1).shape() == cupp::shape_t{3, 1}); // n given: fine
  // axes out of bounds
  CHECK_THROWS_WITH_WORDS((void)f::fft(x, std::nullopt, 2), cupp::axis_error, "axis 2",
                          "out of bounds", "dimension 2");
  CHECK_THROWS_WITH_WORDS((void)f::ifft(x, {.axis = -3}), cupp::axis_error, "out of bounds");
  CHECK_THROWS_AS((void)f::rfft(x, {.axis = 5}), cupp::axis_error);
  CHECK_THROWS_AS((void)f::irfft(z, {.axis = 2}), cupp::axis_error);
  CHECK_THROWS_AS((void)f::hfft(z, {.axis = -3}), cupp::axis_error);
  CHECK_THROWS_AS((void)f::ihfft(x, {.axis = 2}), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS((void)f::fftn(x, {.axes = {0, 2}}), cupp::axis_error, "out of bounds");
  CHECK_THROWS_AS((void)f::rfftn(x, {.axes = -3}), cupp::axis_error);
  CHECK_THROWS_AS((void)f::irfftn(z, {.s = {4, 4}, .axes = {1, 2}}), cupp::axis_error);
  CHECK_THROWS_AS((void)f::fft2(cupp::ones<double>({5})), cupp::axis_error); // axes (-2, -1)
  // s and axes of different lengths
  const char* lengths = "Shape and axes have different lengths.";
  CHECK_THROWS_WITH_WORDS((void)f::fftn(x, {.s = {4, 4}, .axes = 0}), cupp::value_error, lengths);
  CHECK_THROWS_WITH_WORDS((void)f::ifftn(x, {.s = 4, .axes = {0, 1}}), cupp::value_error, lengths);
  CHECK_THROWS_WITH_WORDS((void)f::rfftn(x, {.s = {4, 4, 4}, .axes = {0, 1}}), cupp::value_error,
                          lengths);
  CHECK_THROWS_WITH_WORDS((void)f::irfftn(z, {.s = 4, .axes = {1, 0}}), cupp::value_error, lengths);
  CHECK_THROWS_WITH_WORDS((void)f::fft2(x, {.s = {2, 2, 2}}), cupp::value_error, lengths);
  CHECK_THROWS_WITH_WORDS((void)f::irfft2(z, cupp::fft::lengths(4)), cupp::value_error, lengths);
  // 0-d input: no axis to transform
  const auto scalar = cupp::full<double>({}, 3.0);
  CHECK(scalar.ndim() == 0);
  CHECK_THROWS_AS((void)f::fft(scalar), cupp::axis_error);
  CHECK_THROWS_AS((void)f::irfft(scalar), cupp::axis_error);
  CHECK_THROWS_AS((void)f::rfft(scalar, {.n = 4}), cupp::axis_error);
  CHECK_THROWS_AS((void)f::fft2(scalar), cupp::axis_error);
  CHECK_THROWS_AS((void)f::rfftn(scalar), cupp::value_error);
  CHECK_THROWS_AS((void)f::irfftn(scalar), cupp::value_error);
  // out= of the wrong shape
  cupp::ndarray<cupp::complex128> wrong({6, 4});
  CHECK_THROWS_WITH_WORDS((void)f::fft(x, {.axis = 0}, wrong), cupp::value_error,
                          "output array has wrong shape.");
  CHECK_THROWS_WITH_WORDS((void)f::rfftn(x, {.axes = {0, 1}}, wrong), cupp::value_error,
                          "output array has wrong shape.");
  cupp::ndarray<double> wrong_real({4, 6});
  CHECK_THROWS_WITH_WORDS((void)f::irfft(z, {.axis = -1}, wrong_real), cupp::value_error,
                          "output array has wrong shape.");
}

TEST_CASE("fft: expressions as input", "[fft][expr]") {
  namespace f = cupp::fft;
  const auto x = random_array<double>({3, 8}, 11);
  const auto z = random_array<cupp::complex128>({3, 8}, 12);
  const auto row = random_array<double>({8}, 13);
  // fft(x * 2) = 2 fft(x)
  const auto y2 = f::fft(x * 2.0);
  CHECK(std::string(y2.dtype()) == "complex128");
  CHECK(relative_error(values_of(y2), scaled(values_of(f::fft(x)), 2.0)) < 1e-13);
  CHECK(relative_error(values_of(y2), scaled(host_rows(values_of(x), 8, true), 2.0)) < 1e-12);
  // a broadcast sum, a mixed real + complex expression, the other transforms
  const auto xs = x + row;
  CHECK(relative_error(values_of(f::fft(xs, {.axis = 0})),
                       values_of(f::fft(cupp::ndarray<double>(xs), {.axis = 0}))) < 1e-14);
  CHECK(relative_error(values_of(f::ifft(x + z)),
                       values_of(f::ifft(cupp::ndarray<cupp::complex128>(x + z)))) < 1e-14);
  CHECK(relative_error(values_of(f::rfft(x * x, 12)),
                       values_of(f::rfft(cupp::ndarray<double>(x * x), 12))) < 1e-14);
  CHECK(relative_error(values_of(f::irfft(z * 3.0)), scaled(values_of(f::irfft(z)), 3.0)) < 1e-13);
  CHECK(relative_error(values_of(f::hfft(cupp::conj(z))), scaled(values_of(f::irfft(z)), 14.0)) <
        1e-13); // n = 14
  CHECK(relative_error(values_of(f::rfftn(x - 1.0, {.axes = {0, 1}})),
                       values_of(f::rfftn(cupp::ndarray<double>(x - 1.0)))) < 1e-14);
  CHECK(relative_error(values_of(f::irfftn(z * 0.5, {.s = {3, 9}, .axes = {0, 1}})),
                       scaled(values_of(f::irfftn(z, {.s = {3, 9}, .axes = {0, 1}})), 0.5)) <
        1e-13);
  // the expression's dtype decides: float32 in, complex64 out
  const auto xf = cupp::astype<float>(x) * 2.0f;
  const auto yf = f::fft(xf);
  CHECK(std::string(yf.dtype()) == "complex64");
  CHECK(relative_error(values_of(yf), values_of(y2)) < 1e-5);
  CHECK(std::string(f::irfft(xf).dtype()) == "float32");
  // an integer expression: complex128
  const auto ints = cupp::arange<std::int32_t>(8) * 3;
  CHECK(std::string(f::fft(ints).dtype()) == "complex128");
  std::vector<zd> iv;
  for (int i = 0; i < 8; ++i)
    iv.emplace_back(3.0 * i, 0.0);
  CHECK(relative_error(values_of(f::fft(ints)), host_dft(iv, true)) < 1e-12);
}

TEST_CASE("fft: out= takes the result", "[fft][out]") {
  namespace f = cupp::fft;
  const auto x = random_array<double>({4, 6}, 21);
  const auto z = random_array<cupp::complex128>({4, 6}, 22);
  cupp::ndarray<cupp::complex128> out({4, 6});
  out.fill(cupp::complex128(99, 99));
  const auto r = f::fft(x, {.axis = 0}, out);
  CHECK(r.data() == out.data());
  CHECK(relative_error(values_of(out), values_of(f::fft(x, {.axis = 0}))) < 1e-14);
  // complex64 out of a complex128 result (NumPy's same-kind cast)
  cupp::ndarray<cupp::complex64> out32({4, 6});
  (void)f::ifft(z, {.n = 6, .axis = 1}, out32);
  CHECK(relative_error(values_of(out32), values_of(f::ifft(z))) < 1e-6);
  // a real out of irfft, hfft
  cupp::ndarray<double> real_out({4, 10});
  (void)f::irfft(z, {.axis = -1}, real_out);
  CHECK(relative_error(values_of(real_out), values_of(f::irfft(z))) < 1e-14);
  (void)f::hfft(z, {.axis = 1}, real_out);
  CHECK(relative_error(values_of(real_out), values_of(f::hfft(z))) < 1e-14);
  // the several-axes transforms
  cupp::ndarray<cupp::complex128> half({4, 4});
  (void)f::rfftn(x, {.axes = {0, 1}}, half);
  CHECK(relative_error(values_of(half), values_of(f::rfft2(x))) < 1e-14);
  cupp::ndarray<double> back({4, 6});
  (void)f::irfft2(half, {.s = {4, 6}}, back);
  CHECK(relative_error(values_of(back), values_of(x)) < 1e-14);
  // out the input itself: the result replaces it
  auto zz = z.copy();
  const auto zw = values_of(f::fft(z, {.axis = 0}));
  (void)f::fft(zz, {.axis = 0}, zz);
  CHECK(relative_error(values_of(zz), zw) < 1e-14);
  // out a transposed view: written through it
  cupp::ndarray<cupp::complex128> big({6, 4});
  big.fill(cupp::complex128(0, 0));
  (void)f::fftn(x, {.axes = {0, 1}}, big.T());
  CHECK(relative_error(values_of(big.T()), values_of(f::fftn(x))) < 1e-14);
}

TEST_CASE("fft: empty arrays and length-1 axes", "[fft][empty]") {
  namespace f = cupp::fft;
  using c128 = cupp::complex128;
  // a batch axis of length 0: an empty result of the transform's shape
  const auto e = cupp::zeros<double>({0, 5});
  const auto ec = cupp::zeros<c128>({0, 5});
  CHECK(f::fft(e).shape() == cupp::shape_t{0, 5});
  CHECK(std::string(f::fft(e).dtype()) == "complex128");
  CHECK(f::ifft(ec, 3).shape() == cupp::shape_t{0, 3});
  CHECK(f::rfft(e).shape() == cupp::shape_t{0, 3});
  CHECK(f::ihfft(e).shape() == cupp::shape_t{0, 3});
  CHECK(f::irfft(ec).shape() == cupp::shape_t{0, 8});
  CHECK(f::hfft(ec, 5).shape() == cupp::shape_t{0, 5});
  CHECK(f::fftn(e, {.axes = 1}).shape() == cupp::shape_t{0, 5});
  CHECK(f::rfftn(e, {.axes = 1}).shape() == cupp::shape_t{0, 3});
  CHECK(f::irfftn(cupp::zeros<c128>({2, 0, 3}), {.axes = {0, 2}}).shape() ==
        cupp::shape_t{2, 0, 4});
  CHECK(f::fft2(cupp::zeros<float>({0, 3, 4})).shape() == cupp::shape_t{0, 3, 4});
  // a transformed axis of length 0 with n given: zero padding, zeros out
  const auto p = f::fft(cupp::zeros<double>({3, 0}), 4);
  CHECK(p.shape() == cupp::shape_t{3, 4});
  CHECK(values_of(p) == std::vector<zd>(12, zd(0, 0)));
  CHECK(values_of(f::rfft(cupp::zeros<double>({2, 0}), 6)) == std::vector<zd>(8, zd(0, 0)));
  CHECK(values_of(f::irfft(cupp::zeros<c128>({2, 0}), 5)) == std::vector<zd>(10, zd(0, 0)));
  CHECK(f::fftn(cupp::zeros<c128>({3, 0}), {.s = {2, 4}, .axes = {0, 1}}).shape() ==
        cupp::shape_t{2, 4});
  // length-1 axes: the identity (times the norm's 1 / sqrt(1) = 1)
  const auto x = random_array<double>({3, 1}, 31);
  for (const auto norm : {f::backward, f::ortho, f::forward}) {
    CHECK(relative_error(values_of(f::fft(x, std::nullopt, 1, norm)), values_of(x)) < 1e-15);
    CHECK(relative_error(values_of(f::ifft(x, std::nullopt, 1, norm)), values_of(x)) < 1e-15);
    CHECK(relative_error(values_of(f::rfft(x, std::nullopt, 1, norm)), values_of(x)) < 1e-15);
    CHECK(relative_error(values_of(f::irfft(x, 1, 1, norm)), values_of(x)) < 1e-15);
  }
  const auto one = f::fft(cupp::full<double>({1}, 2.5));
  CHECK(values_of(one) == std::vector<zd>{zd(2.5, 0)});
  // fftn over a shape with axes of length 1 among others: those axes stay as they are
  const auto y = random_array<c128>({4, 1, 6, 1}, 32);
  const auto yv = f::fftn(y);
  CHECK(yv.shape() == cupp::shape_t{4, 1, 6, 1});
  CHECK(relative_error(values_of(yv), values_of(f::fftn(y, {.axes = {0, 2}}))) < 1e-14);
  CHECK(relative_error(values_of(f::fftn(y, {.axes = {1, 3}})), values_of(y)) < 1e-15);
  const auto r = f::rfftn(random_array<double>({1, 5, 1}, 33));
  CHECK(r.shape() == cupp::shape_t{1, 5, 1});
  // irfft with n = 1 and n = 2 (NumPy: the mean of X[0] and, for 2, the Nyquist term)
  const auto s = cupp::asarray(std::vector<c128>{c128(3, 7), c128(1, 5)}.data(), {2});
  CHECK(values_of(f::irfft(s, 1)) == std::vector<zd>{zd(3, 0)});
  CHECK(relative_error(values_of(f::irfft(s, 2)), {zd(2, 0), zd(1, 0)}) < 1e-15);
}
