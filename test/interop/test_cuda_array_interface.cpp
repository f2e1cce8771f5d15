// The CUDA array interface: the description of an array (pointer, shape, byte strides only when
// not C-contiguous, NumPy's typestr, the stream) and arrays of descriptions, with the protocol's
// errors.
#include "testing.hpp"

#include <cupp/interop/cuda_array_interface.hpp>
#include <cupp/manipulation/views.hpp>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("CUDA array interface round trip", "[cai]", all_dtypes) {
  using T = TestType;
  const auto a = device_values<T>({4, 3});
  const auto d = cupp::to_cuda_array_interface(a);
  CHECK(d.data == static_cast<void*>(a.data()));
  CHECK(d.shape == std::vector<cupp::index_t>{4, 3});
  CHECK(!d.strides); // C-contiguous: none, as the protocol says
  CHECK(d.version == 3);
  CHECK(!d.read_only);
  REQUIRE(d.stream);
  CHECK(*d.stream != 0);
  const cupp::array b = cupp::from_cuda_array_interface(d, a.owner());
  CHECK(b.dtype() == cupp::dtype_of<T>());
  CHECK(b.data() == d.data);
  CHECK(host(b.as<T>()) == host(a));
  // a transposed, reversed view: byte strides, negative ones kept
  const cupp::ndarray<T> v = cupp::flip(a.transpose(), 1);
  const auto dv = cupp::to_cuda_array_interface(v);
  REQUIRE(dv.strides);
  CHECK(*dv.strides == std::vector<cupp::index_t>{static_cast<cupp::index_t>(sizeof(T)),
                                                  -3 * static_cast<cupp::index_t>(sizeof(T))});
  const auto bv = cupp::from_cuda_array_interface(dv, v.owner()).template as<T>();
  CHECK(bv.strides() == v.strides());
  CHECK(host(bv) == host(v));
}

TEST_CASE("CUDA array interface typestr and errors", "[cai]") {
  const auto typestr = [](auto t) {
    using T = decltype(t);
    return cupp::to_cuda_array_interface(cupp::ndarray<T>({1})).typestr;
  };
  CHECK(typestr(bool{}) == "|b1");
  CHECK(typestr(std::int8_t{}) == "|i1");
  CHECK(typestr(std::uint16_t{}) == "<u2");
  CHECK(typestr(cupp::float16{}) == "<f2");
  CHECK(typestr(float{}) == "<f4");
  CHECK(typestr(double{}) == "<f8");
  CHECK(typestr(cupp::complex64{}) == "<c8");
  CHECK(typestr(cupp::complex128{}) == "<c16");
  CHECK(typestr(cupp::bfloat16{}) == "<V2"); // ml_dtypes' spelling, read back as bfloat16
  CHECK(cupp::from_cuda_array_interface(
            cupp::to_cuda_array_interface(cupp::ndarray<cupp::bfloat16>({2})))
            .dtype() == cupp::dtype::bfloat16);

  const auto a = device_values<float>({6});
  const auto good = cupp::to_cuda_array_interface(a);
  auto d = good;
  d.version = 1;
  CHECK_THROWS_WITH_WORDS(cupp::from_cuda_array_interface(d), cupp::value_error, "version 1");
  d = good;
  d.read_only = true;
  CHECK_THROWS_WITH_WORDS(cupp::from_cuda_array_interface(d), cupp::value_error, "read-only");
  d = good;
  d.stream = 0;
  CHECK_THROWS_WITH_WORDS(cupp::from_cuda_array_interface(d), cupp::value_error, "stream 0");
  d = good;
  d.typestr = ">f4";
  CHECK_THROWS_WITH_WORDS(cupp::from_cuda_array_interface(d), cupp::value_error, "big-endian");
  d = good;
  d.typestr = "<f3";
  CHECK_THROWS_AS(cupp::from_cuda_array_interface(d), cupp::type_error);
  d = good;
  d.strides = std::vector<cupp::index_t>{6};
  CHECK_THROWS_WITH_WORDS(cupp::from_cuda_array_interface(d), cupp::value_error, "not a multiple");
  d.strides = std::vector<cupp::index_t>{4, 4};
  CHECK_THROWS_WITH_WORDS(cupp::from_cuda_array_interface(d), cupp::value_error, "differ");
  d = good;
  d.stream.reset(); // no ordering asked
  CHECK(host(cupp::from_cuda_array_interface(d).as<float>()) == host(a));
}
