// cupx::fft (scipy.fft's dct, idct, dst, idst and their n-dimensional forms, hfft2, ihfft2,
// hfftn, ihfftn, fht, ifht, fhtoffset, next_fast_len, prev_fast_len) against SciPy
// (test/fixtures/cupx_fft.txt, scripts/gen_cupx_fft_fixtures.py): every type, norm and
// orthogonalisation on lengths 1, 2, 5, 8, 17, other axes, n shorter and longer, axes
// combinations of a 3-D array, complex input, float32 at its tolerance, round trips, dtypes,
// strided inputs and SciPy's errors.
#include "linalg/linalg_testing.hpp"

#include <cupx/fft.hpp>

#include <cupp/creation.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>

#include <complex>
#include <cstdint>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace cupp_test;
namespace xf = cupx::fft;
using cupp::index_t;
using cupp::shape_t;

namespace {

const std::string fft_fixtures = "cupx_fft.txt";
using fft_dtypes = std::tuple<float, double, cupp::complex64, cupp::complex128>;
using real_dtypes = std::tuple<float, double>;

// A fixture's case name split at its colons: "r2r:dct:2" -> {"r2r", "dct", "2"}.
std::vector<std::string> fields_of(const std::string& name) {
  std::vector<std::string> out;
  std::istringstream in(name);
  for (std::string f; std::getline(in, f, ':');)
    out.push_back(f);
  return out;
}

xf::norm_mode norm_of(const std::string& s) {
  return s == "ortho" ? xf::ortho : s == "forward" ? xf::forward : xf::backward;
}

// "None" or a comma list.
std::optional<std::vector<index_t>> list_of(const std::string& s) {
  if (s == "None") return std::nullopt;
  std::vector<index_t> out;
  std::istringstream in(s);
  for (std::string e; std::getline(in, e, ',');)
    out.push_back(std::stoll(e));
  return out;
}
xf::lengths lengths_of(const std::string& s) {
  const auto l = list_of(s);
  return l ? xf::lengths(*l) : xf::lengths();
}
cupp::axes axes_of(const std::string& s) {
  const auto l = list_of(s);
  return l ? cupp::axes(*l) : cupp::all_axes;
}

template <class E> auto r2r(const std::string& name, const E& x, const xf::dct_kw& kw) {
  if (name == "dct") return xf::dct(x, kw);
  if (name == "idct") return xf::idct(x, kw);
  if (name == "dst") return xf::dst(x, kw);
  REQUIRE(name == "idst");
  return xf::idst(x, kw);
}

template <class E> auto r2rn(const std::string& name, const E& x, const xf::dctn_kw& kw) {
  if (name == "dctn") return xf::dctn(x, kw);
  if (name == "idctn") return xf::idctn(x, kw);
  if (name == "dstn") return xf::dstn(x, kw);
  REQUIRE(name == "idstn");
  return xf::idstn(x, kw);
}

// A fixture list of complex values as re im pairs, whatever the line's dtype (ihfftn's output).
std::vector<zd> pairs(const linalg_fixture& f, std::size_t list) {
  const std::vector<double>& v = f.lists.at(list);
  std::vector<zd> out;
  for (std::size_t i = 0; i + 1 < v.size(); i += 2)
    out.emplace_back(v[i], v[i + 1]);
  return out;
}

// The tolerance of a transform's result relative to its largest value.
template <class T> double tol() { return sizeof(cupp::real_t<T>) == 4 ? 3e-6 : 1e-13; }

// Random device values of dtype T in [-1, 1).
template <class T> cupp::ndarray<T> random_array(const shape_t& shape, unsigned seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<zd> v(static_cast<std::size_t>(cupp::shape_size(shape)));
  for (zd& z : v)
    z = zd(u(gen), cupp::is_complex_v<T> ? u(gen) : 0.0);
  return array_of<T>(v, shape);
}

} // namespace

TEMPLATE_LIST_TEST_CASE("dct, idct, dst, idst of every type, norm and orthogonalize equal SciPy's",
                        "[cupx][fft]", fft_dtypes) {
  using T = TestType;
  const xf::norm_mode norms[] = {xf::backward, xf::ortho, xf::forward};
  int lines = 0;
  for (const auto& f : linalg_fixtures("r2r:", fft_fixtures)) {
    if (!fixture_for<T>(f)) continue;
    const auto fields = fields_of(f.name);
    const int type = std::stoi(fields[2]);
    CAPTURE(f.name, f.a_shape);
    const auto x = array_of<T>(fixture_values(f, 0), f.a_shape);
    if constexpr (cupp::is_complex_v<T>) { // SciPy's complex path: default orthogonalize
      for (int k = 0; k < 3; ++k) {
        const auto y = r2r(fields[1], x, {.type = type, .norm = norms[k]});
        STATIC_REQUIRE(std::is_same_v<decltype(y), const cupp::ndarray<T>>);
        CHECK(relative_error(values_of(y), fixture_values(f, 1 + k)) < tol<T>());
      }
    } else {
      for (int k = 0; k < 6; ++k) {
        CAPTURE(k);
        const auto y =
            r2r(fields[1], x, {.type = type, .norm = norms[k / 2], .orthogonalize = k % 2 == 1});
        STATIC_REQUIRE(std::is_same_v<decltype(y), const cupp::ndarray<T>>);
        CHECK(y.shape() == f.a_shape);
        CHECK(relative_error(values_of(y), fixture_values(f, 1 + k)) < tol<T>());
      }
    }
    ++lines;
  }
  CHECK(lines >= 16);
}

TEMPLATE_LIST_TEST_CASE("dct & co. along other axes, with n shorter and longer", "[cupx][fft]",
                        real_dtypes) {
  using T = TestType;
  for (const auto& f : linalg_fixtures("r2r1:", fft_fixtures)) {
    const auto fl = fields_of(f.name);
    CAPTURE(f.name);
    const auto x = array_of<T>(fixture_values(f, 0), f.a_shape);
    const index_t n = std::stoll(fl[6]);
    const xf::dct_kw kw{.type = std::stoi(fl[2]),
                        .n = n ? std::optional<index_t>(n) : std::nullopt,
                        .axis = std::stoll(fl[5]),
                        .norm = norm_of(fl[3]),
                        .orthogonalize = fl[4] == "1"};
    const auto y = r2r(fl[1], x, kw);
    if (n) CHECK(y.shape()[cupp::detail::normalize_axis(kw.axis, 2)] == n);
    CHECK(relative_error(values_of(y), fixture_values(f, 1)) < tol<T>());
    // positional form: SciPy's order
    if (fl[1] == "dct") {
      const auto z = xf::dct(x, kw.type, kw.n, kw.axis, kw.norm, kw.orthogonalize);
      CHECK(values_of(z) == values_of(y));
    }
  }
}

TEMPLATE_LIST_TEST_CASE("dctn, idctn, dstn, idstn over axes combinations", "[cupx][fft]",
                        fft_dtypes) {
  using T = TestType;
  for (const auto& f : linalg_fixtures("r2rn:", fft_fixtures)) {
    if (!fixture_for<T>(f)) continue;
    const auto fl = fields_of(f.name);
    CAPTURE(f.name);
    const auto x = array_of<T>(fixture_values(f, 0), f.a_shape);
    const auto y = r2rn(fl[1], x,
                        {.type = std::stoi(fl[2]),
                         .s = lengths_of(fl[4]),
                         .axes = axes_of(fl[5]),
                         .norm = norm_of(fl[3])});
    CHECK(relative_error(values_of(y), fixture_values(f, 1)) < tol<T>() * 4);
  }
}

TEMPLATE_LIST_TEST_CASE("hfft2, ihfft2, hfftn, ihfftn equal SciPy's", "[cupx][fft]", fft_dtypes) {
  using T = TestType;
  for (const auto& f : linalg_fixtures("hfftn:", fft_fixtures)) {
    if (!fixture_for<T>(f)) continue;
    const auto fl = fields_of(f.name);
    CAPTURE(f.name);
    const auto x = array_of<T>(fixture_values(f, 0), f.a_shape);
    const auto s = lengths_of(fl[3]);
    const auto ax = axes_of(fl[4]);
    const auto norm = norm_of(fl[2]);
    const bool real_out = fl[1][0] == 'h';
    const auto expected = real_out ? fixture_values(f, 1, true) : pairs(f, 1);
    if (fl[1] == "hfftn") {
      CHECK(relative_error(values_of(xf::hfftn(x, s, ax, norm)), expected) < tol<T>() * 4);
    } else if (fl[1] == "hfft2") {
      CHECK(relative_error(values_of(xf::hfft2(x, {.s = s, .norm = norm})), expected) <
            tol<T>() * 4);
    } else if constexpr (!cupp::is_complex_v<T>) {
      const auto y = fl[1] == "ihfftn" ? xf::ihfftn(x, s, ax, norm) : xf::ihfft2(x, s, ax, norm);
      STATIC_REQUIRE(std::is_same_v<decltype(y), const cupp::ndarray<::cuda::std::complex<T>>>);
      CHECK(relative_error(values_of(y), expected) < tol<T>() * 4);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("fht and ifht equal SciPy's and invert each other", "[cupx][fft]",
                        real_dtypes) {
  using T = TestType;
  auto cases = linalg_fixtures("fht:", fft_fixtures);
  for (const auto& f : linalg_fixtures("fhts:", fft_fixtures))
    cases.push_back(f);
  for (const auto& f : cases) {
    const auto fl = fields_of(f.name);
    CAPTURE(f.name);
    const auto a = array_of<T>(fixture_values(f, 0), f.a_shape);
    const double dln = std::stod(fl[2]), mu = std::stod(fl[3]), offset = std::stod(fl[4]),
                 bias = std::stod(fl[5]);
    const auto y =
        fl[1] == "fht" ? xf::fht(a, dln, mu, offset, bias) : xf::ifht(a, dln, mu, offset, bias);
    STATIC_REQUIRE(std::is_same_v<decltype(y), const cupp::ndarray<T>>);
    CHECK(y.shape() == f.a_shape);
    CHECK(relative_error(values_of(y), fixture_values(f, 1)) < tol<T>() * 10);
    if (fl[0] == "fhts") continue; // a singular transform has no inverse
    const auto back =
        fl[1] == "fht" ? xf::ifht(y, dln, mu, offset, bias) : xf::fht(y, dln, mu, offset, bias);
    CHECK(relative_error(values_of(back), values_of(a)) < tol<T>() * 100);
  }
}

TEST_CASE("fhtoffset and the complex log-gamma equal SciPy's", "[cupx][fft]") {
  const auto off = linalg_fixtures("fhtoffset", fft_fixtures).at(0);
  const auto rows = fixture_values(off, 0), expected = fixture_values(off, 1);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const double got = xf::fhtoffset(rows[4 * i].real(), rows[4 * i + 1].real(),
                                     rows[4 * i + 2].real(), rows[4 * i + 3].real());
    CHECK(std::abs(got - expected[i].real()) < 1e-13);
  }
  CHECK(std::abs(xf::fhtoffset(0.1, 2.0, 0.5) - 0.5454581477676637) < 1e-14); // SciPy's example
  // loggamma up to a multiple of 2 pi i: exp(difference) is 1
  const auto lg = linalg_fixtures("loggamma", fft_fixtures).at(0);
  const auto z = lg.lists.at(0), w = lg.lists.at(1);
  for (std::size_t i = 0; i + 1 < z.size(); i += 2) {
    const zd got = cupx::fft::impl::loggamma({z[i], z[i + 1]});
    CAPTURE(z[i], z[i + 1]);
    CHECK(std::abs(got.real() - w[i]) < 1e-13 * std::max(1.0, std::abs(w[i])));
    CHECK(std::abs(std::exp(zd(0, got.imag() - w[i + 1])) - 1.0) < 1e-12);
  }
}

TEST_CASE("next_fast_len and prev_fast_len equal SciPy's", "[cupx][fft]") {
  for (const char* name : {"next_fast_len", "prev_fast_len"}) {
    const auto f = linalg_fixtures(name, fft_fixtures).at(0);
    for (std::size_t i = 0; i < f.lists[0].size(); ++i) {
      const auto target = static_cast<index_t>(f.lists[0][i]);
      CAPTURE(name, target);
      const bool next = name[0] == 'n';
      CHECK((next ? xf::next_fast_len(target) : xf::prev_fast_len(target)) ==
            static_cast<index_t>(f.lists[1][i]));
      CHECK((next ? xf::next_fast_len(target, true) : xf::prev_fast_len(target, true)) ==
            static_cast<index_t>(f.lists[2][i]));
    }
  }
  CHECK(xf::next_fast_len(1021) == 1024);
  CHECK(xf::next_fast_len(13) == 14);
  CHECK(xf::next_fast_len(13, true) == 15);
  CHECK(xf::next_fast_len(index_t{1} << 62) == index_t{1} << 62);
  CHECK(xf::prev_fast_len((index_t{1} << 62) + 1, true) == index_t{1} << 62);
  CHECK_THROWS_WITH_WORDS(xf::next_fast_len(-1), cupp::value_error,
                          "Target length must be positive");
  CHECK_THROWS_WITH_WORDS(xf::prev_fast_len(-3, true), cupp::value_error,
                          "Target length must be positive");
}

TEMPLATE_LIST_TEST_CASE("idct(dct(x)) and the other round trips give x back", "[cupx][fft]",
                        fft_dtypes) {
  using T = TestType;
  for (const index_t n : {2, 3, 7, 16, 33}) {
    const auto x = random_array<T>({4, n, 3}, static_cast<unsigned>(n));
    for (int type = 1; type <= 4; ++type) {
      for (const auto norm : {xf::backward, xf::ortho, xf::forward}) {
        for (const bool orth : {false, true}) {
          CAPTURE(n, type, static_cast<int>(norm), orth);
          const xf::dct_kw kw{.type = type, .axis = 1, .norm = norm, .orthogonalize = orth};
          CHECK(relative_error(values_of(xf::idct(xf::dct(x, kw), kw)), values_of(x)) <
                tol<T>() * 10);
          CHECK(relative_error(values_of(xf::idst(xf::dst(x, kw), kw)), values_of(x)) <
                tol<T>() * 10);
        }
      }
      const xf::dctn_kw kwn{.type = type, .norm = xf::ortho};
      CHECK(relative_error(values_of(xf::idctn(xf::dctn(x, kwn), kwn)), values_of(x)) <
            tol<T>() * 10);
      CHECK(relative_error(values_of(xf::dstn(xf::idstn(x, kwn), kwn)), values_of(x)) <
            tol<T>() * 10);
    }
  }
  if constexpr (!cupp::is_complex_v<T>) {
    const auto x = random_array<T>({3, 6, 5}, 7);
    const auto back = xf::hfftn(xf::ihfftn(x, {}, {1, 2}), {6, 5}, {1, 2});
    CHECK(relative_error(values_of(back), values_of(x)) < tol<T>() * 10);
  }
}

TEST_CASE("cupx::fft's dtypes, expressions and strided inputs", "[cupx][fft]") {
  const auto x = random_array<double>({6, 5}, 3);
  STATIC_REQUIRE(std::is_same_v<decltype(xf::dct(x.astype<float>())), cupp::ndarray<float>>);
  STATIC_REQUIRE(std::is_same_v<decltype(xf::dst(cupp::ndarray<std::int32_t>(shape_t{3}))),
                                cupp::ndarray<double>>);
  STATIC_REQUIRE(std::is_same_v<decltype(xf::idctn(cupp::ndarray<cupp::complex64>(shape_t{3}))),
                                cupp::ndarray<cupp::complex64>>);
  STATIC_REQUIRE(
      std::is_same_v<decltype(xf::fht(cupp::ndarray<std::int64_t>(shape_t{4}), 0.1, 0.5)),
                     cupp::ndarray<double>>);
  // integers compute in float64
  const auto ints = cupp::arange<std::int32_t>(0, 8);
  CHECK(values_of(xf::dct(ints, 3)) == values_of(xf::dct(cupp::arange<double>(0, 8), 3)));
  // an expression is evaluated once, as its value
  const cupp::ndarray<double> twice = x * 2.0;
  CHECK(relative_error(values_of(xf::dst(x * 2.0, 4)), values_of(xf::dst(twice, 4))) < 1e-15);
  // a transposed and a reversed view equal their copies
  const auto t = x.transpose();
  for (int type = 1; type <= 4; ++type) {
    CHECK(relative_error(values_of(xf::dct(t, type, std::nullopt, 0)),
                         values_of(xf::dct(t.copy(), type, std::nullopt, 0))) < 1e-15);
    const auto r = cupp::flip(x, 1);
    CHECK(relative_error(values_of(xf::dstn(r, {.type = type, .axes = {0, 1}})),
                         values_of(xf::dstn(r.copy(), {.type = type, .axes = {0, 1}}))) < 1e-15);
  }
  // no axes: a copy, as SciPy's
  const auto same = xf::dctn(x, 2, {}, cupp::axes(std::vector<index_t>{}));
  CHECK(values_of(same) == values_of(x));
  CHECK(same.data() != x.data());
  // float16 computes in float32
  const auto half = x.astype<cupp::float16>();
  STATIC_REQUIRE(std::is_same_v<decltype(xf::dct(half)), cupp::ndarray<float>>);
  CHECK(relative_error(values_of(xf::dct(half, 3)), values_of(xf::dct(half.astype<float>(), 3))) <
        1e-6);
  // empty batches; an empty axis zero-padded to n (SciPy: zeros)
  CHECK(xf::dct(cupp::ndarray<double>(shape_t{0, 4})).shape() == shape_t{0, 4});
  const auto padded = xf::dct(cupp::ndarray<double>(shape_t{3, 0}), {.n = 4});
  CHECK(padded.shape() == shape_t{3, 4});
  CHECK(values_of(padded) == std::vector<zd>(12, zd(0)));
  // zero-padding of DST-I (SciPy's values)
  const auto dst1 = xf::dst(cupp::arange<double>(6).reshape(2, 3), 1, 5);
  CHECK(relative_error(values_of(dst1), {5.73205081, 1.73205081, -4, -1.73205081, 2.26794919,
                                         19.92820323, 12.12435565, -4, -1.73205081, 6.07179677}) <
        1e-8);
  // fht and hfftn of strided views equal those of their copies
  const auto strided = x(cupp::slice(), cupp::slice(cupp::none, cupp::none, -2));
  CHECK(relative_error(values_of(xf::fht(strided, 0.1, 0.5, 0.0, 0.3)),
                       values_of(xf::fht(strided.copy(), 0.1, 0.5, 0.0, 0.3))) < 1e-14);
  CHECK(relative_error(values_of(xf::hfftn(strided)), values_of(xf::hfftn(strided.copy()))) <
        1e-14);
}

TEST_CASE("cupx::fft raises SciPy's errors", "[cupx][fft]") {
  const auto x = cupp::ones<double>({3, 4});
  CHECK_THROWS_WITH_WORDS(xf::dct(x, 5), cupp::value_error, "invalid DCT type");
  CHECK_THROWS_WITH_WORDS(xf::idst(x, 0), cupp::value_error, "invalid DST type");
  CHECK_THROWS_WITH_WORDS(xf::dctn(x, {.type = 7}), cupp::value_error, "invalid DCT type");
  CHECK_THROWS_WITH_WORDS(xf::dct(x, {.n = 0}), cupp::value_error,
                          "invalid number of data points (0) specified");
  CHECK_THROWS_WITH_WORDS(xf::dst(x, {.n = -1}), cupp::value_error,
                          "invalid number of data points (-1) specified");
  CHECK_THROWS_WITH_WORDS(xf::dct(cupp::ones<double>({3, 1}), 1), cupp::value_error,
                          "zero-length FFT requested");
  CHECK_THROWS_WITH_WORDS(xf::idct(x, {.type = 1, .n = 1}), cupp::value_error,
                          "zero-length FFT requested");
  CHECK(xf::dst(cupp::ones<double>({3, 1}), 1).shape() == shape_t{3, 1});
  CHECK_THROWS_AS(xf::dct(x, 2, std::nullopt, 2), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS(xf::dctn(x, {.axes = {0, 0}}), cupp::value_error,
                          "all axes must be unique");
  CHECK_THROWS_WITH_WORDS(xf::dctn(x, {.axes = {0, -1, 2}}), cupp::value_error,
                          "axes exceeds dimensionality of input");
  CHECK_THROWS_WITH_WORDS(xf::dctn(x, {.s = {2, 2, 2}}), cupp::value_error,
                          "shape requires more axes than are present");
  CHECK_THROWS_WITH_WORDS(xf::dstn(x, {.s = 2, .axes = {0, 1}}), cupp::value_error,
                          "when given, axes and shape arguments have to be of the same length");
  CHECK_THROWS_WITH_WORDS(xf::idctn(x, {.s = {0, 2}}), cupp::value_error,
                          "invalid number of data points ([0, 2]) specified");
  CHECK_THROWS_WITH_WORDS(xf::hfftn(x, {}, {1, 1}), cupp::value_error, "all axes must be unique");
  CHECK_THROWS_WITH_WORDS(xf::ihfftn(x, {}, cupp::axes(std::vector<index_t>{})), cupp::value_error,
                          "at least 1 axis must be transformed");
}
