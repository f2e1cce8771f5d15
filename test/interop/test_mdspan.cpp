// mdspan views of arrays and arrays of mdspans: extents and strides as the array's, elements read
// through the mdspan in a kernel (for_each_index) equal the array's, views of views round trip.
#include "testing.hpp"

#include <cupp/algorithm/transform.hpp>
#include <cupp/interop/mdspan.hpp>
#include <cupp/manipulation/views.hpp>

using namespace cupp_test;

namespace {
// out[i * cols + j] = m(i, j) for a rank-2 mdspan (any layout), on the device
template <class M> struct read2 {
  M m;
  double* out;
  cupp::index_t cols;
  CUPP_HD void operator()(cupp::index_t k) const { out[k] = m(k / cols, k % cols); }
};
template <class M> std::vector<double> read_all(const M& m) {
  const cupp::index_t rows = m.extent(0), cols = m.extent(1);
  cupp::ndarray<double> out({rows * cols});
  cupp::for_each_index(rows * cols, read2<M>{m, out.data(), cols});
  return out.get();
}
} // namespace

TEST_CASE("mdspan views of arrays", "[mdspan]") {
  const auto a = device_values<double>({3, 5});
  const auto want = host(a);
  const auto r = cupp::to_mdspan_right<2>(a);
  CHECK(r.extent(0) == 3);
  CHECK(r.extent(1) == 5);
  CHECK(r.data_handle() == a.data());
  CHECK(read_all(r) == want);

  const auto s = cupp::to_mdspan<2>(a.transpose());
  CHECK(s.extent(0) == 5);
  CHECK(s.stride(0) == 1);
  CHECK(s.stride(1) == 5);
  CHECK(read_all(s) == host(a.transpose().copy()));
  const auto l = cupp::to_mdspan_left<2>(a.transpose());
  CHECK(read_all(l) == host(a.transpose().copy()));

  // a strided view (every other column), and back to an array of the same memory
  const cupp::ndarray<double> v = a(cupp::slice(), cupp::slice(cupp::none, cupp::none, 2));
  const auto sv = cupp::to_mdspan<2>(v);
  CHECK(read_all(sv) == host(v.copy()));
  const cupp::ndarray<double> back = cupp::from_mdspan(sv);
  CHECK(back.shape() == v.shape());
  CHECK(back.strides() == v.strides());
  CHECK(back.data() == v.data());
  CHECK(host(back) == host(v));
  const cupp::ndarray<double> whole = cupp::from_mdspan(r, a.owner());
  CHECK(whole.strides() == a.strides());
  CHECK(whole.owner() == a.owner());

  CHECK_THROWS_WITH_WORDS(cupp::to_mdspan<3>(a), cupp::value_error, "2 dimensions");
  CHECK_THROWS_WITH_WORDS(cupp::to_mdspan_right<2>(a.transpose()), cupp::value_error,
                          "not C-contiguous");
  CHECK_THROWS_WITH_WORDS(cupp::to_mdspan_left<2>(a), cupp::value_error, "not F-contiguous");
  CHECK_THROWS_WITH_WORDS(cupp::to_mdspan<2>(cupp::flip(a, 1)), cupp::value_error,
                          "positive strides");
}
