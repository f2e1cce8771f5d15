// cupp::array's ufuncs, reductions and shape functions against NumPy 2 (test/fixtures/
// array_ops.txt, written by scripts/gen_array_fixtures.py): for every dtype, every pair of dtypes
// and every kind of Python scalar, the result's dtype, shape and values, or NumPy's TypeError.
#include "testing.hpp"

#include <cupp/array/manipulation.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/creation.hpp>

#include <cmath>
#include <complex>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace cupp_test;

namespace {

using cupp::array;

// The fixture's inputs: A (2, 3) and B (3,), cast from float64 as NumPy's astype.
array input_a(cupp::dtype d) {
  return array(cupp::asarray(std::vector<double>{0, 1, 2, 3, 5, 7}).reshape({2, 3})).astype(d);
}
array input_b(cupp::dtype d) {
  return array(cupp::asarray(std::vector<double>{3, 1, 2})).astype(d);
}

cupp::dtype dtype_named(const std::string& name) {
  const auto d = cupp::dtype_from_name(name);
  REQUIRE(d.has_value());
  return *d;
}

cupp::weak_scalar scalar_named(const std::string& k) {
  if (k == "b") return true;
  if (k == "i") return 2;
  if (k == "f") return 2.5;
  return cupp::complex128(1, 2);
}

// One fixture line after its names: the result (dtype, shape, values) or the error's class.
struct expected {
  std::string dtype;
  cupp::shape_t shape;
  std::vector<std::complex<double>> values;
};

expected read_result(std::istringstream& in) {
  expected e;
  in >> e.dtype;
  if (e.dtype == "error") return e;
  std::string shape;
  in >> shape;
  if (shape != "-") {
    std::stringstream ss(shape);
    for (std::string part; std::getline(ss, part, ',');)
      e.shape.push_back(std::stoll(part));
  }
  // std::stod reads NumPy's inf and nan too (operator>> does not)
  const bool cplx = e.dtype.rfind("complex", 0) == 0;
  for (std::string re; in >> re;) {
    std::string im = "0";
    if (cplx) in >> im;
    e.values.emplace_back(std::stod(re), std::stod(im));
  }
  return e;
}

double tolerance(const std::string& dtype) {
  if (dtype == "float16") return 2e-3;
  if (dtype == "bfloat16") return 1e-2;
  if (dtype == "float32" || dtype == "complex64") return 1e-6;
  return 1e-12;
}

// One component against NumPy's: NaN where NumPy has NaN, the same infinity, else within tol.
bool close(double got, double want, double tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::abs(got - want) <= tol;
}

// `what` computed by cupp against NumPy's result (or its error: cupp's type_error).
void check(const std::string& line, const expected& e, const std::function<array()>& what) {
  INFO(line);
  if (e.dtype == "error") {
    CHECK_THROWS_AS(what(), cupp::type_error);
    return;
  }
  const array r = what();
  CHECK(std::string(r.dtype_name()) == e.dtype);
  CHECK(r.shape() == e.shape);
  const auto got = r.astype(cupp::dtype::complex128).as<cupp::complex128>().get();
  REQUIRE(got.size() == e.values.size());
  const double tol = tolerance(e.dtype);
  for (std::size_t i = 0; i < got.size(); ++i) {
    const std::complex<double> w = e.values[i];
    CHECK(close(got[i].real(), w.real(), tol * std::max(1.0, std::abs(w))));
    CHECK(close(got[i].imag(), w.imag(), tol * std::max(1.0, std::abs(w))));
  }
}

// The binary ufunc `name` of two arrays, or (scalar s) of an array and s on either side.
array binary(const std::string& name, const array& a, const array& b) {
#define CUPP_CASE(NAME, ...)                                                                       \
  if (name == #NAME) return cupp::NAME(a, b);
  CUPP_ARRAY_BINARY_UFUNCS(CUPP_CASE)
#undef CUPP_CASE
  FAIL("no ufunc " << name);
  return a;
}
array with_scalar(const std::string& name, const array& a, const cupp::weak_scalar& s, bool left) {
#define CUPP_CASE(NAME, ...)                                                                       \
  if (name == #NAME) return left ? cupp::NAME(a, s) : cupp::NAME(s, a);
  CUPP_ARRAY_BINARY_UFUNCS(CUPP_CASE)
#undef CUPP_CASE
  FAIL("no ufunc " << name);
  return a;
}

array unary(const std::string& name, const array& a) {
  if (name == "negative") return cupp::negative(a);
  if (name == "positive") return cupp::positive(a);
  if (name == "absolute") return cupp::absolute(a);
  if (name == "invert") return cupp::invert(a);
  REQUIRE(name == "logical_not");
  return cupp::logical_not(a);
}

array reduction(const std::string& name, const array& a, const std::string& axis) {
  const std::optional<cupp::index_t> one =
      axis == "n" ? std::nullopt : std::optional<cupp::index_t>(std::stoll(axis));
  const cupp::axes ax = one ? cupp::axes(*one) : cupp::all_axes;
  if (name == "sum") return cupp::sum(a, ax);
  if (name == "prod") return cupp::prod(a, ax);
  if (name == "max") return cupp::max(a, ax);
  if (name == "min") return cupp::min(a, ax);
  if (name == "ptp") return cupp::ptp(a, ax);
  if (name == "mean") return cupp::mean(a, ax);
  if (name == "var") return cupp::var(a, ax);
  if (name == "std") return cupp::std(a, ax);
  if (name == "any") return cupp::any(a, ax);
  if (name == "all") return cupp::all(a, ax);
  if (name == "count_nonzero") return cupp::count_nonzero(a, ax);
  if (name == "argmax") return cupp::argmax(a, one);
  if (name == "argmin") return cupp::argmin(a, one);
  if (name == "cumsum") return cupp::cumsum(a, one);
  REQUIRE(name == "cumprod");
  return cupp::cumprod(a, one);
}

// Every fixture line of one record kind, through `run`.
template <class F> int each_line(const std::string& kind, F&& run) {
  std::ifstream in(CUPP_TEST_FIXTURES "/array_ops.txt");
  REQUIRE(in.good());
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string k;
    words >> k;
    if (k != kind) continue;
    run(line, words);
    ++n;
  }
  return n;
}

} // namespace

TEST_CASE("array ufuncs of two arrays: every pair of dtypes as NumPy", "[array][ufunc]") {
  const int n = each_line("binary", [](const std::string& line, std::istringstream& w) {
    std::string op, x, y;
    w >> op >> x >> y;
    const expected e = read_result(w);
    const array a = input_a(dtype_named(x)), b = input_b(dtype_named(y));
    check(line, e, [&] { return binary(op, a, b); });
  });
  CHECK(n == 23 * 15 * 15);
}

TEST_CASE("array ufuncs with weak scalars on either side (NEP 50)", "[array][ufunc]") {
  const int n = each_line("scalar", [](const std::string& line, std::istringstream& w) {
    std::string op, x, k, side;
    w >> op >> x >> k >> side;
    const expected e = read_result(w);
    const array a = input_a(dtype_named(x));
    check(line, e, [&] { return with_scalar(op, a, scalar_named(k), side == "l"); });
  });
  CHECK(n == 23 * 15 * 4 * 2);
}

TEST_CASE("array unary ufuncs of every dtype", "[array][ufunc]") {
  const int n = each_line("unary", [](const std::string& line, std::istringstream& w) {
    std::string op, x;
    w >> op >> x;
    const expected e = read_result(w);
    const array a = input_a(dtype_named(x));
    check(line, e, [&] { return unary(op, a); });
  });
  CHECK(n == 5 * 15);
}

TEST_CASE("array reductions of every dtype, over every axis and none", "[array][reduce]") {
  const int n = each_line("reduce", [](const std::string& line, std::istringstream& w) {
    std::string name, x, axis;
    w >> name >> x >> axis;
    const expected e = read_result(w);
    const array a = input_a(dtype_named(x));
    check(line, e, [&] { return reduction(name, a, axis); });
  });
  CHECK(n == 15 * 15 * 3);
}

TEST_CASE("array operators are the ufuncs", "[array][ufunc]") {
  const array a = input_a(cupp::dtype::int32), b = input_b(cupp::dtype::float32);
  const auto same = [](const array& x, const array& y) {
    CHECK(x.dtype() == y.dtype());
    CHECK(x.shape() == y.shape());
    CHECK(x.get_bytes() == y.get_bytes());
  };
  same(a + b, cupp::add(a, b));
  same(a - b, cupp::subtract(a, b));
  same(a * b, cupp::multiply(a, b));
  same(a / b, cupp::divide(a, b));
  same(a % 3, cupp::remainder(a, 3));
  same(2.5 - a, cupp::subtract(2.5, a));
  same(a == b, cupp::equal(a, b));
  same(a != 1, cupp::not_equal(a, 1));
  same(a < b, cupp::less(a, b));
  same(a <= b, cupp::less_equal(a, b));
  same(a > 2, cupp::greater(a, 2));
  same(a >= b, cupp::greater_equal(a, b));
  same(a & 6, cupp::bitwise_and(a, 6));
  same(a | 1, cupp::bitwise_or(a, 1));
  same(a ^ a, cupp::bitwise_xor(a, a));
  same(a << 2, cupp::left_shift(a, 2));
  same(a >> 1, cupp::right_shift(a, 1));
  same(-a, cupp::negative(a));
  same(+a, cupp::positive(a));
  same(~a, cupp::invert(a));
  same(cupp::true_divide(a, b), cupp::divide(a, b));
  same(cupp::mod(a, 4), cupp::remainder(a, 4));
  same(cupp::abs(-a), cupp::absolute(-a));
  same(cupp::bitwise_not(a), cupp::invert(a));
}

TEST_CASE("array ufuncs of a typed array and a runtime one", "[array][ufunc]") {
  const auto typed = cupp::asarray(std::vector<float>{1, 2, 3});
  const array r = input_b(cupp::dtype::int8);
  const array s = typed + r; // the typed array converts: float32 with int8 is float32
  CHECK(s.dtype() == cupp::dtype::float32);
  CHECK(s.as<float>().get() == std::vector<float>{4, 3, 5});
  CHECK((r * typed).as<float>().get() == std::vector<float>{3, 2, 6});
}

TEST_CASE("array ufuncs: integers compare exactly across signedness", "[array][ufunc]") {
  // int64 with uint64 promotes to float64, where 2^63 + 1 and 2^63 would be equal
  const std::uint64_t big = (std::uint64_t{1} << 63) + 1;
  const array u = cupp::asarray(std::vector<std::uint64_t>{big, 5});
  const array s =
      cupp::asarray(std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::max(), -1});
  CHECK((u == s).as<bool>().get() == std::vector<bool>{false, false});
  CHECK((s < u).as<bool>().get() == std::vector<bool>{true, true});
  CHECK((u > s).as<bool>().get() == std::vector<bool>{true, true});
  CHECK((u == -1).as<bool>().get() == std::vector<bool>{false, false});
  const array i8 = cupp::asarray(std::vector<std::int8_t>{-1, 5});
  CHECK((i8 != u).as<bool>().get() == std::vector<bool>{true, false});
  // arithmetic goes through float64, as NumPy's
  CHECK((u + s).dtype() == cupp::dtype::float64);
}

TEST_CASE("array ufuncs: errors", "[array][ufunc]") {
  const array a = input_a(cupp::dtype::int8);
  // a Python integer that does not fit the array's dtype
  CHECK_THROWS_WITH_WORDS(a + 1000, cupp::overflow_error,
                          "Python integer 1000 out of bounds for int8");
  // true_divide's loop for integers is float64's: a Python int out of the array's range is no
  // error there (NumPy: uint8 / -129 is float64), typed or not
  const array q = input_b(cupp::dtype::uint8) / -129;
  CHECK(q.dtype() == cupp::dtype::float64);
  CHECK(q.as<double>().get() == std::vector<double>{3 / -129.0, 1 / -129.0, 2 / -129.0});
  const auto typed = cupp::ndarray<double>(cupp::asarray<std::uint8_t>({3, 1}) / 300);
  CHECK(typed.get() == std::vector<double>{3 / 300.0, 1 / 300.0});
  CHECK_THROWS_AS(cupp::floor_divide(input_b(cupp::dtype::uint8), -129), cupp::overflow_error);
  // shapes that do not broadcast
  const array c = cupp::asarray(std::vector<double>{1, 2});
  CHECK_THROWS_AS(a + c, cupp::value_error);
  // dtypes without a common dtype
  const array bf = input_b(cupp::dtype::bfloat16), f16 = input_b(cupp::dtype::float16);
  CHECK_THROWS_WITH_WORDS(bf + f16, cupp::type_error, "bfloat16", "float16", "common DType");
  CHECK_THROWS_AS(cupp::promote_types(cupp::dtype::bfloat16, cupp::dtype::int32), cupp::type_error);
  CHECK(cupp::promote_types(cupp::dtype::int8, cupp::dtype::uint8) == cupp::dtype::int16);
  // NumPy's messages
  const array b = input_b(cupp::dtype::bool_);
  CHECK_THROWS_WITH_WORDS(b - b, cupp::type_error, "numpy boolean subtract");
  CHECK_THROWS_WITH_WORDS(-b, cupp::type_error, "numpy boolean negative");
  CHECK_THROWS_WITH_WORDS(input_b(cupp::dtype::float32) & 1, cupp::type_error,
                          "ufunc 'bitwise_and' not supported for the input types");
  CHECK_THROWS_WITH_WORDS(cupp::ptp(b), cupp::type_error, "numpy boolean subtract");
}

TEST_CASE("array ufuncs on views, 0-d and empty arrays", "[array][ufunc]") {
  const array a = input_a(cupp::dtype::float64);
  // a transposed (non-contiguous) view and a negative-stride one
  const array t = cupp::transpose(a), f = cupp::flip(a, 1);
  CHECK((t * 2).as<double>().get() == std::vector<double>{0, 6, 2, 10, 4, 14});
  CHECK((f + 1).as<double>().get() == std::vector<double>{3, 2, 1, 8, 6, 4});
  // 0-d with 0-d, and a 0-d array broadcast against a 2-D one
  const array z = cupp::full<std::int16_t>({}, 3);
  const array zz = z * z;
  CHECK(zz.ndim() == 0);
  CHECK(zz.dtype() == cupp::dtype::int16);
  CHECK(zz.as<std::int16_t>().get() == std::vector<std::int16_t>{9});
  CHECK((a - z).as<double>().get() == std::vector<double>{-3, -2, -1, 0, 2, 4});
  // empty
  const array e = array(cupp::dtype::uint8, {0, 3});
  const array s = e + input_b(cupp::dtype::uint8);
  CHECK(s.shape() == cupp::shape_t{0, 3});
  CHECK(s.dtype() == cupp::dtype::uint8);
  CHECK(cupp::sum(e).as<std::uint64_t>().get() == std::vector<std::uint64_t>{0});
}

TEST_CASE("array shape functions: views and copies of any dtype", "[array][manipulation]") {
  const array a = input_a(cupp::dtype::complex64);
  CHECK(cupp::reshape(a, {3, 2}).data() == a.data());
  CHECK(cupp::transpose(a, {1, 0}).shape() == cupp::shape_t{3, 2});
  CHECK(cupp::swapaxes(a, 0, 1).strides() == cupp::shape_t{1, 3});
  CHECK(cupp::moveaxis(cupp::expand_dims(a, 0), 0, 2).shape() == cupp::shape_t{2, 3, 1});
  CHECK(cupp::squeeze(cupp::expand_dims(a, 1)).shape() == cupp::shape_t{2, 3});
  CHECK(cupp::squeeze(cupp::expand_dims(a, 1), 1).shape() == cupp::shape_t{2, 3});
  CHECK(cupp::broadcast_to(input_b(cupp::dtype::int32), {4, 3}).strides() == cupp::shape_t{0, 1});
  CHECK(cupp::flip(a).as<cupp::complex64>().get()[0] == cupp::complex64(7, 0));
  CHECK(cupp::ravel(a).shape() == cupp::shape_t{6});
  CHECK(cupp::flatten(a).data() != a.data());
  // concatenate and stack give the common dtype
  const array c = cupp::concatenate({input_b(cupp::dtype::int8), input_b(cupp::dtype::uint8)});
  CHECK(c.dtype() == cupp::dtype::int16);
  CHECK(c.as<std::int16_t>().get() == std::vector<std::int16_t>{3, 1, 2, 3, 1, 2});
  const array s = cupp::stack({input_b(cupp::dtype::float16), input_b(cupp::dtype::float32)}, 1);
  CHECK(s.dtype() == cupp::dtype::float32);
  CHECK(s.shape() == cupp::shape_t{3, 2});
  CHECK(s.as<float>().get() == std::vector<float>{3, 3, 1, 1, 2, 2});
  CHECK_THROWS_AS(cupp::concatenate({}), cupp::value_error);
  CHECK_THROWS_AS(cupp::squeeze(a, 0), cupp::value_error);
  CHECK_THROWS_AS(cupp::concatenate({input_b(cupp::dtype::bfloat16), input_b(cupp::dtype::int64)}),
                  cupp::type_error);
}
