// Elementwise kernels from CUDA source strings (cupp::rtc::elementwise_kernel, CuPy's
// ElementwiseKernel): parameter parsing and argument errors on both backends; compiled values
// against host loops on the CUDA backend.
#include "kernel/rtc_testing.hpp"

#include <cupp/core/error.hpp>
#include <cupp/kernel/rtc_elementwise.hpp>

#include <cstdint>
#include <tuple>

using namespace cupp_test;
namespace cp = cupp;

TEST_CASE("string kernels parse CuPy's parameter lists", "[kernel][rtc]") {
  using k0 = cp::rtc::elementwise_kernel<>;
  CHECK_THROWS_WITH_WORDS(k0("float32", "float32 z", "z = 1", "k"), cp::value_error,
                          "Syntax error in kernel parameter 'float32'");
  CHECK_THROWS_WITH_WORDS(k0("float32 x y", "float32 z", "z = x", "k"), cp::value_error,
                          "Syntax error");
  CHECK_THROWS_WITH_WORDS(k0("float x", "float32 z", "z = x", "k"), cp::type_error, "'float'",
                          "is not a dtype name", "float32");
  CHECK_THROWS_WITH_WORDS(k0("float32 x, int32 x", "float32 z", "z = x", "k"), cp::value_error,
                          "duplicate kernel parameter name 'x'");
  CHECK_THROWS_WITH_WORDS(k0("float32 i", "float32 z", "z = i", "k"), cp::value_error,
                          "kernel parameter name 'i' is reserved");
  CHECK_THROWS_WITH_WORDS(k0("float32 x", "float32 z", "z = x", "my kernel"), cp::value_error,
                          "kernel name 'my kernel' is not a C identifier");
  CHECK_THROWS_WITH_WORDS(
      cp::rtc::elementwise_kernel<double>("float32 x", "float32 y", "y = x", "k"), cp::type_error,
      "Type is mismatched: output 'y' of kernel 'k' is float32", "returns float64");
  CHECK_THROWS_WITH_WORDS(
      (cp::rtc::elementwise_kernel<float, float>("float32 x", "float32 y", "y = x", "k")),
      cp::type_error, "kernel 'k' has 1 output(s)", "names 2 output type(s)");
  // placeholders, raw parameters and no inputs at all parse
  CHECK_NOTHROW(cp::rtc::elementwise_kernel<float>("T x, raw T y", "T z", "z = x + y[0]", "k"));
  CHECK_NOTHROW(cp::rtc::elementwise_kernel<std::int32_t>("", "int32 z", "z = i", "iota"));
  // without template arguments: a kernel whose outputs are passed
  const cp::rtc::elementwise_kernel copy("T x", "T y", "y = x", "copy");
  CHECK_THROWS_WITH_WORDS(copy(cp::zeros<float>({2})), cp::type_error, "pass the outputs");
}

TEST_CASE("string kernels check their arrays' devices before compiling", "[kernel][rtc]") {
  cp::rtc::elementwise_kernel<float> twice("float32 x", "float32 z", "z = 2 * x", "twice");
  const auto x = cp::ones<float>({8});
  const cp::ndarray<float> foreign(x.data(), x.shape(), x.strides(), x.owner(), cp::device_count());
  CHECK_THROWS_WITH_WORDS((void)twice(foreign), cp::value_error,
                          "Array device must be same as the current device");
}

TEST_CASE("string kernels check their arguments before compiling", "[kernel][rtc]") {
  cp::rtc::elementwise_kernel<float> mul("float32 x, float32 y", "float32 z", "z = x * y", "mul");
  const auto x = cp::zeros<float>({2, 3});
  const auto y = cp::zeros<float>({3});
  CHECK_THROWS_WITH_WORDS((void)mul(x), cp::type_error, "Wrong number of arguments for 'mul'",
                          "2 input(s) and 1 output(s), got 1");
  CHECK_THROWS_WITH_WORDS((void)mul(x, y, x, y), cp::type_error, "got 4 argument(s)");
  CHECK_THROWS_WITH_WORDS((void)mul(x, cp::zeros<std::int32_t>({3})), cp::type_error,
                          "Type is mismatched: parameter 'y' of kernel 'mul' is float32",
                          "got an array of int32");
  CHECK_THROWS_WITH_WORDS((void)mul(x, cp::zeros<float>({4})), cp::value_error,
                          "operands could not be broadcast together with shapes (2,3) (4,)");
  auto narrow = cp::zeros<float>({3});
  CHECK_THROWS_WITH_WORDS((void)mul(x, y, narrow), cp::value_error,
                          "non-broadcastable output operand with shape (3,) doesn't match the "
                          "broadcast shape (2,3)");
  CHECK_THROWS_WITH_WORDS((void)mul(1.0f, 2.0f), cp::value_error, "Loop size is undecided");
  CHECK_THROWS_WITH_WORDS((void)mul(x, y, cp::zeros<double>({2, 3})), cp::type_error,
                          "the outputs passed to 'mul' must be arrays of the types it returns");

  cp::rtc::elementwise_kernel<> generic("T x, T y", "T z", "z = x + y", "add");
  CHECK_THROWS_WITH_WORDS(generic(x, cp::zeros<double>({3}), x), cp::type_error,
                          "Type is mismatched: 'T' of kernel 'add' is float32 from 'x'",
                          "'y' is float64");
  CHECK_THROWS_WITH_WORDS(generic(x, y, 1.0f), cp::type_error,
                          "output 'z' of kernel 'add' needs an array, got a scalar");
  CHECK_THROWS_WITH_WORDS(generic(x, y), cp::type_error, "Wrong number of arguments",
                          "pass the outputs");

  cp::rtc::elementwise_kernel<std::int8_t> shift("int8 x, int8 a", "int8 z", "z = x + a", "sh");
  CHECK_THROWS_WITH_WORDS((void)shift(cp::zeros<std::int8_t>({2}), 300), cp::overflow_error,
                          "Python integer 300 out of bounds for int8");

  // every argument is fine: only compiling is left, which the host backend cannot do
  SKIP_UNLESS_NVRTC((void)mul(x, y));
}

TEST_CASE("string kernels compute, broadcast and read views", "[kernel][rtc]") {
  cp::rtc::elementwise_kernel<float> mul("float32 x, float32 y", "float32 z", "z = x * y", "mul");
  SKIP_UNLESS_NVRTC((void)mul(cp::ones<float>({3}), 2.0f));
  SECTION("contiguous, with a scalar converted to the parameter's type") {
    const std::int64_t n = GENERATE(1, 7, 1000, 4099);
    const auto x = device_values<float>({n});
    const auto got = mul(x, 3); // an int scalar for a float32 parameter
    std::vector<float> expected;
    for (const float v : host(x))
      expected.push_back(v * 3.0f);
    CHECK(host(got) == expected);
  }
  SECTION("broadcast operands") {
    const auto a = device_values<float>({3, 1}, 1);
    const auto b = device_values<float>({1, 4}, 2);
    const auto got = mul(a, b);
    REQUIRE(got.shape() == cp::shape_t{3, 4});
    const auto ha = host(a), hb = host(b);
    std::vector<float> expected;
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        expected.push_back(ha[i] * hb[j]);
    CHECK(host(got) == expected);
  }
  SECTION("strided, reversed and transposed views") {
    const auto base = device_values<float>({20}, 3);
    const auto hb = host(base);
    std::vector<float> expected;
    for (std::size_t i = 0; i < 10; ++i)
      expected.push_back(hb[2 * i] * hb[18 - 2 * i]);
    CHECK(host(mul(every(base, 2), reversed(every(base, 2)))) == expected);
    const auto m = base.reshape({4, 5}).transpose();
    std::vector<float> squares;
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        squares.push_back(hb[j * 5 + i] * hb[j * 5 + i]);
    CHECK(host(mul(m, m)) == squares);
  }
  SECTION("0-d and empty arrays") {
    const auto s = cp::asarray(std::vector<float>{1.5f}).reshape({});
    const auto got = mul(s, s);
    CHECK(got.shape() == cp::shape_t{});
    CHECK(got.item() == 2.25f);
    const auto e = mul(cp::zeros<float>({0, 3}), cp::zeros<float>({3}));
    CHECK(e.shape() == cp::shape_t{0, 3});
  }
  SECTION("into given outputs: a strided view, and in place") {
    const auto x = cp::asarray(std::vector<float>{1, 2, 3});
    auto big = cp::zeros<float>({6});
    const auto view = every(big, 2);
    const auto same = mul(x, x, view);
    CHECK(same.data() == view.data());
    CHECK(host(big) == std::vector<float>{1, 0, 4, 0, 9, 0});
    auto y = x.copy();
    mul(y, 2.0f, y);
    CHECK(host(y) == std::vector<float>{2, 4, 6});
  }
}

TEST_CASE("string kernels take float16 and bfloat16 as CUDA's __half and __nv_bfloat16",
          "[kernel][rtc][half]") {
  cp::rtc::elementwise_kernel<cp::float16> add("float16 x, float16 y", "float16 z", "z = x + y",
                                               "add_f16");
  SKIP_UNLESS_NVRTC((void)add(cp::ones<cp::float16>({3}), cp::ones<cp::float16>({3})));
  const auto x = device_values<cp::float16>({1001}, 1);
  const auto y = device_values<cp::float16>({1001}, 4);
  const auto hx = host(x), hy = host(y);
  const auto got = host(add(x, y));
  for (std::size_t i = 0; i < got.size(); ++i) // one rounding of the exact sum, as NumPy
    CHECK(float(got[i]) == float(cp::float16(float(hx[i]) + float(hy[i]))));
  // a placeholder bound to bfloat16, converted to a float32 output
  cp::rtc::elementwise_kernel<float> widen("T x", "float32 z", "z = (float)x * 2.0f", "widen");
  const auto b = device_values<cp::bfloat16>({37}, 2);
  const auto hb = host(b);
  const auto wide = host(widen(b));
  for (std::size_t i = 0; i < wide.size(); ++i)
    CHECK(wide[i] == float(hb[i]) * 2.0f);
}

TEST_CASE("string kernels take complex64 and complex128 as cuda::std::complex",
          "[kernel][rtc][complex]") {
  // CuPy's ElementwiseKernel spelling; inside, complex64 is a typedef of cuda::std::complex<float>
  cp::rtc::elementwise_kernel<cp::complex64> rot("complex64 z, float32 w", "complex64 y",
                                                 "y = z * complex64(0, w)", "rot_c64");
  SKIP_UNLESS_NVRTC((void)rot(cp::zeros<cp::complex64>({1}), cp::ones<float>({1})));
  const auto z = device_values<cp::complex64>({257}, 3);
  const auto w = device_values<float>({257}, 1);
  const auto hz = host(z);
  const auto hw = host(w);
  const auto got = host(rot(z, w));
  for (std::size_t i = 0; i < got.size(); ++i) { // (a + bi) * wi = -bw + awi, exact here
    CHECK(got[i].real() == -hz[i].imag() * hw[i]);
    CHECK(got[i].imag() == hz[i].real() * hw[i]);
  }
  // a placeholder bound to complex128, and a real output from it
  cp::rtc::elementwise_kernel<double> norm2("T z", "float64 r", "r = cuda::std::norm(z)", "norm2");
  const auto d = cp::asarray<cp::complex128>({cp::complex128(3, 4), cp::complex128(-1, 0.5)});
  CHECK(host(norm2(d)) == std::vector<double>{25, 1.25});
}

TEST_CASE("string kernels with placeholders, raw arrays and several outputs", "[kernel][rtc]") {
  cp::rtc::elementwise_kernel<> add("T x, T y", "T z", "z = x + y", "add");
  SKIP_UNLESS_NVRTC(add(cp::ones<float>({2}), 1.0f, cp::ones<float>({2})));
  SECTION("a placeholder bound by the arrays' dtypes") {
    auto zf = cp::zeros<float>({3});
    add(cp::asarray(std::vector<float>{1, 2, 3}), 0.5, zf); // the double scalar becomes float32
    CHECK(host(zf) == std::vector<float>{1.5f, 2.5f, 3.5f});
    auto zi = cp::zeros<std::int64_t>({2});
    add(cp::asarray(std::vector<std::int64_t>{1, 2}), cp::asarray(std::vector<std::int64_t>{40}),
        zi);
    CHECK(host(zi) == std::vector<std::int64_t>{41, 42});
  }
  SECTION("a raw parameter indexed freely") {
    cp::rtc::elementwise_kernel<double> rev("raw T x", "T y", "y = x[_ind.size() - i - 1]", "rev");
    const auto x = cp::asarray(std::vector<double>{1, 2, 3, 4});
    auto y = cp::zeros<double>({4});
    CHECK(host(rev(x, y)) == std::vector<double>{4, 3, 2, 1});
    // a raw array that is not contiguous is indexed in C order through its strides
    const auto m = cp::asarray(std::vector<double>{1, 2, 3, 4, 5, 6}).reshape({2, 3}).transpose();
    auto flat = cp::zeros<double>({6});
    CHECK(host(rev(m, flat)) == std::vector<double>{6, 3, 5, 2, 4, 1});
  }
  SECTION("two outputs of different dtypes") {
    cp::rtc::elementwise_kernel<float, std::int32_t> split(
        "float32 x", "float32 twice, int32 whole", "twice = x * 2; whole = (int)x", "split");
    const auto [twice, whole] = split(cp::asarray(std::vector<float>{1.5f, -2.25f}));
    CHECK(host(twice) == std::vector<float>{3.0f, -4.5f});
    CHECK(host(whole) == std::vector<std::int32_t>{1, -2});
  }
  SECTION("a preamble and compile options") {
    cp::rtc::elementwise_kernel<float> poly("float32 x", "float32 y", "y = poly(x) * SCALE", "poly",
                                            {"-DSCALE=3"},
                                            "__device__ float poly(float v) { return v * v + 1; }");
    CHECK(host(poly(cp::asarray(std::vector<float>{0, 1, 2}))) == std::vector<float>{3, 6, 15});
  }
  SECTION("the index as the only operand") {
    cp::rtc::elementwise_kernel<std::int32_t> iota("", "int32 z", "z = (int)i * 2", "iota");
    auto z = cp::zeros<std::int32_t>({5});
    CHECK(host(iota(z)) == std::vector<std::int32_t>{0, 2, 4, 6, 8});
  }
}

TEST_CASE("NVRTC errors carry the compiler's log", "[kernel][rtc]") {
  cp::rtc::elementwise_kernel<float> bad("float32 x", "float32 y", "y = x * not_declared", "bad");
  const auto x = cp::ones<float>({4});
  SKIP_UNLESS_NVRTC((void)bad(x));
  CHECK_THROWS_WITH_WORDS((void)bad(x), cp::rtc::compile_error, "NVRTC could not compile 'bad'",
                          "not_declared", "operation(1)");
  try {
    (void)bad(x);
  } catch (const cp::rtc::compile_error& e) {
    CHECK(e.log().find("not_declared") != std::string::npos);
  }
}
