// cupp::array, the runtime-dtype array: it holds the typed array itself (same memory), reports
// its dtype and layout, converts with NumPy's casts (against host conversions of values every
// dtype holds exactly) and refuses a wrong typed view with both dtypes named.
#include "testing.hpp"

#include <cupp/array.hpp>
#include <cupp/io/print.hpp>

#include <cstring>
#include <sstream>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("array holds an ndarray of any dtype", "[array]", all_dtypes) {
  using T = TestType;
  const auto a = device_values<T>({3, 4});
  const cupp::array r = a;
  CHECK(r.dtype() == cupp::dtype_of<T>());
  CHECK(std::string(r.dtype_name()) == cupp::dtype_name<T>());
  CHECK(r.shape() == cupp::shape_t{3, 4});
  CHECK(r.strides() == cupp::shape_t{4, 1});
  CHECK(r.ndim() == 2);
  CHECK(r.size() == 12);
  CHECK(r.itemsize() == static_cast<cupp::index_t>(sizeof(T)));
  CHECK(r.nbytes() == 12 * static_cast<cupp::index_t>(sizeof(T)));
  CHECK(r.data() == static_cast<void*>(a.data())); // shared, not copied
  CHECK(r.is<T>());
  CHECK(r.as<T>().data() == a.data());
  CHECK(r.is_c_contiguous());
  // a view keeps its strides
  const cupp::array t = cupp::array(a).transpose();
  CHECK(t.shape() == cupp::shape_t{4, 3});
  CHECK(t.strides() == cupp::shape_t{1, 4});
  CHECK(t.is_f_contiguous());
  // host bytes in C order
  const auto bytes = t.copy().get_bytes();
  const auto want = a.transpose().copy();
  std::vector<std::byte> expect(bytes.size());
  want.get(reinterpret_cast<T*>(expect.data()));
  CHECK(bytes == expect);
  // printing as the typed array
  std::ostringstream s1, s2;
  s1 << r;
  s2 << a;
  CHECK(s1.str() == s2.str());
  // a wrong typed view
  if constexpr (!std::is_same_v<T, double>) {
    CHECK_THROWS_WITH_WORDS(r.as<double>(), cupp::type_error, cupp::dtype_name<T>(),
                            "ndarray<float64>");
  } else {
    CHECK_THROWS_WITH_WORDS(r.as<float>(), cupp::type_error, "float64", "ndarray<float32>");
  }
}

TEMPLATE_LIST_TEST_CASE("array of a runtime dtype, reshaped", "[array]", all_dtypes) {
  using T = TestType;
  const cupp::array e(cupp::dtype_of<T>(), {2, 0, 3});
  CHECK(e.dtype() == cupp::dtype_of<T>());
  CHECK(e.shape() == cupp::shape_t{2, 0, 3});
  CHECK(e.size() == 0);
  const cupp::array a(cupp::dtype_of<T>(), {6});
  CHECK(a.reshape({2, 3}).shape() == cupp::shape_t{2, 3});
  CHECK(a.reshape({2, 3}).data() == a.data()); // a view
  CHECK(cupp::array().dtype() == cupp::dtype::float64);
  CHECK(cupp::array().shape() == cupp::shape_t{0});
}

namespace {
// 0, 1, 2, 3 as dtype T (every dtype holds them exactly; bool: false, true, true, true)
template <class T> T small(int i) {
  if constexpr (cupp::is_complex_v<T>) {
    return T(static_cast<cupp::real_t<T>>(i), 0);
  } else {
    return static_cast<T>(static_cast<float>(i));
  }
}
template <class T> double as_double(T v) {
  if constexpr (cupp::is_complex_v<T>) {
    return static_cast<double>(v.real());
  } else {
    return static_cast<double>(static_cast<float>(v));
  }
}
} // namespace

TEMPLATE_LIST_TEST_CASE("array astype to every dtype", "[array]", all_dtypes) {
  using S = TestType;
  std::unique_ptr<S[]> buf(new S[4]);
  for (int i = 0; i < 4; ++i)
    buf[i] = small<S>(i);
  const cupp::array a = cupp::asarray(buf.get(), {2, 2});
  cupp::visit(cupp::dtype::bool_, [](auto) {}); // the table's visit is the dispatcher under test
  for (int d = 0; d < cupp::dtype_count; ++d) {
    const auto to = static_cast<cupp::dtype>(d);
    const cupp::array b = a.astype(to);
    CHECK(b.dtype() == to);
    CHECK(b.shape() == cupp::shape_t{2, 2});
    CHECK(b.data() != a.data());
    b.visit([&](const auto& x) {
      using D = typename std::decay_t<decltype(x)>::value_type;
      std::unique_ptr<D[]> got(new D[4]);
      x.get(got.get());
      for (int i = 0; i < 4; ++i) {
        const double want = std::is_same_v<D, bool> || std::is_same_v<S, bool>
                                ? (i != 0 ? 1.0 : 0.0)
                                : static_cast<double>(i);
        CHECK(as_double(got[i]) == want);
      }
    });
  }
  CHECK(a.astype<float>().dtype() == std::string("float32"));
}
