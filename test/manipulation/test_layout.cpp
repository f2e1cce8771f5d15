// Layout: reshape as a view wherever NumPy finds one (values and views from NumPy), Fortran-order
// reshape, and copies of transposed/permuted layouts (the tiled kernel) against a host loop.
#include "common/testing.hpp"

#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/rearrange.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/reduction/trace.hpp>

using namespace cupp_test;
using cupp::none;
using cupp::shape_t;
using cupp::slice;

namespace {
bool shares(const cupp::ndarray<int>& view, const cupp::ndarray<int>& base) {
  return view.owner() == base.owner();
}
} // namespace

TEST_CASE("reshape is a view exactly where NumPy's is", "[manipulation][layout]") {
  const auto a = cupp::arange<int>(24).reshape({2, 3, 4});
  const slice all;
  const slice every2(none, none, 2);
  // (view?, strides in elements, first values) from NumPy 2
  const auto s1 = a(all, all, every2).reshape({6, 2});
  CHECK(shares(s1, a));
  CHECK(s1.strides() == shape_t{4, 2});
  CHECK(host(s1) == std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22});
  const auto s2 = a(all, all, every2).reshape({12});
  CHECK(shares(s2, a));
  CHECK(s2.strides() == shape_t{2});
  const auto s3 = a(slice(none, none, -1)).reshape({2, 12});
  CHECK(shares(s3, a));
  CHECK(s3.strides() == shape_t{-12, 1});
  CHECK(host(s3)[0] == 12);
  const auto s4 = a(all, all, cupp::newaxis).reshape({6, 1, 4});
  CHECK(shares(s4, a));
  CHECK(s4.strides() == shape_t{4, 4, 1});

  // copies
  const auto c1 = a(all, every2).reshape({2, 8});
  CHECK_FALSE(shares(c1, a));
  CHECK(host(c1) == std::vector<int>{0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23});
  const auto c2 = a.transpose().reshape({4, 6});
  CHECK_FALSE(shares(c2, a));
  CHECK(host(c2) == std::vector<int>{0, 12, 4, 16, 8,  20, 1, 13, 5, 17, 9,  21,
                                     2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23});
  const auto c3 = a(slice(none, none, -1)).reshape({6, 4});
  CHECK_FALSE(shares(c3, a));
  CHECK(host(c3)[0] == 12);
  CHECK(host(cupp::transpose(a, {0, 2, 1}).reshape({2, 12}))[3] == 1);

  // writes through a reshaped view reach the base
  auto b = cupp::arange<int>(24).reshape({2, 3, 4});
  b(all, all, every2).reshape({12}).fill(-1);
  CHECK(host(b)[0] == -1);
  CHECK(host(b)[1] == 1);
  // ravel copies every non-C-contiguous array, even where reshape(-1) gives a view (NumPy)
  CHECK(shares(a(all, all, every2).reshape({-1}), a));
  CHECK_FALSE(shares(cupp::ravel(a(all, all, every2)), a));
  CHECK(host(cupp::ravel(a(all, all, every2))) == host(s2));
  CHECK(shares(cupp::ravel(a), a));
  // empty arrays reshape freely
  CHECK(cupp::zeros<int>({0, 3}).transpose().reshape({0, 5}).shape() == shape_t{0, 5});
}

TEST_CASE("reshape in Fortran order", "[manipulation][layout]") {
  const auto a = cupp::arange<int>(24).reshape({2, 3, 4});
  CHECK(host(a.reshape({4, 6}, 'F')) == std::vector<int>{0,  8,  5,  2,  10, 7,  12, 20,
                                                         17, 14, 22, 19, 4,  1,  9,  6,
                                                         3,  11, 16, 13, 21, 18, 15, 23});
  const auto f = a.transpose().reshape({6, 4}, 'F');
  CHECK(shares(f, a)); // a.T is F-contiguous: NumPy gives a view
  CHECK(host(f) == std::vector<int>{0, 6, 12, 18, 1, 7,  13, 19, 2, 8,  14, 20,
                                    3, 9, 15, 21, 4, 10, 16, 22, 5, 11, 17, 23});
  CHECK(a.reshape({-1, 2}, 'F').shape() == shape_t{12, 2});
  CHECK_THROWS_WITH_WORDS((void)a.reshape({24}, 'K'), cupp::value_error, "order must be one of");
}

// The reference for a copy of any layout: element i of the C-ordered result, read via its
// multi-index and the source's strides from a host copy of the whole base array.
template <class T>
std::vector<T> expected_copy(const std::vector<T>& base, std::int64_t base_offset,
                             const shape_t& shape, const shape_t& strides) {
  std::vector<T> out(static_cast<std::size_t>(cupp::shape_size(shape)));
  for (std::int64_t i = 0; i < cupp::shape_size(shape); ++i) {
    std::int64_t rem = i, off = base_offset;
    for (int d = shape.size() - 1; d >= 0; --d) {
      off += (rem % shape[d]) * strides[d];
      rem /= shape[d];
    }
    out[static_cast<std::size_t>(i)] = base[static_cast<std::size_t>(off)];
  }
  return out;
}

TEMPLATE_LIST_TEST_CASE("copies of transposed and permuted layouts", "[manipulation][layout]",
                        numeric_dtypes) {
  using T = TestType;
  const auto rows = GENERATE(as<std::int64_t>{}, 16, 33, 64, 257);
  const auto cols = GENERATE(as<std::int64_t>{}, 16, 31, 100);
  const auto a = device_values<T>({rows, cols});
  const auto base = host(a);
  // 2-D transpose, and of a reversed view (negative strides)
  const auto t = cupp::ascontiguousarray(a.transpose());
  CHECK(t.shape() == shape_t{cols, rows});
  CHECK(host(t) == expected_copy(base, 0, {cols, rows}, {1, cols}));
  const auto r = a(slice(none, none, -1)).transpose().copy();
  CHECK(host(r) == expected_copy(base, (rows - 1) * cols, {cols, rows}, {1, -cols}));
  // assigning a transposed array into a C-contiguous one
  auto dst = cupp::empty<T>({cols, rows});
  dst.assign(a.transpose());
  CHECK(host(dst) == host(t));
}

TEMPLATE_LIST_TEST_CASE("batched permutations copy through the tiled kernel",
                        "[manipulation][layout]", float_dtypes) {
  using T = TestType;
  const auto a = device_values<T>({3, 40, 50});
  const auto base = host(a);
  const shape_t st = c_strides(shape_t{3, 40, 50});
  for (const auto& axes : std::vector<std::vector<cupp::index_t>>{
           {0, 2, 1}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}}) {
    const auto p = cupp::transpose(a, axes);
    shape_t strides;
    for (auto ax : axes)
      strides.push_back(st[static_cast<int>(ax)]);
    CHECK(host(cupp::ascontiguousarray(p)) == expected_copy(base, 0, p.shape(), strides));
  }
  // a view with a non-unit inner step is not a transpose: the general path still copies it right
  const auto v = a(slice(), slice(none, none, 3), slice(1, none, 2)).copy();
  CHECK(host(v) == expected_copy(base, 1, {3, 14, 25}, {2000, 150, 2}));
}

TEST_CASE("trace over any pair of axes", "[manipulation]") {
  const auto b = cupp::arange<std::int64_t>(60).reshape({3, 4, 5});
  CHECK(host(cupp::trace(b)) == std::vector<std::int64_t>{75, 78, 81, 84, 87});
  CHECK(host(cupp::trace(b, 1, 1, 2)) == std::vector<std::int64_t>{40, 120, 200});
  CHECK(host(cupp::trace(b, -1, 0, 2)) == std::vector<std::int64_t>{61, 71, 81, 91});
  CHECK(cupp::trace(cupp::arange<std::int8_t>(9).reshape({3, 3})).item() == 12);
  CHECK(cupp::trace(cupp::arange<std::int8_t>(9).reshape({3, 3})).dtype() == std::string("int64"));
  CHECK_THROWS_AS((void)cupp::trace(b, 0, 0, 3), cupp::axis_error);
}

TEST_CASE("repeat with a count per element", "[manipulation]") {
  const auto a = cupp::arange<int>(6).reshape({2, 3});
  const auto r = cupp::repeat(a, cupp::asarray(std::vector<int>{1, 0, 2}), 1);
  CHECK(r.shape() == shape_t{2, 3});
  CHECK(host(r) == std::vector<int>{0, 2, 2, 3, 5, 5});
  CHECK(host(cupp::repeat(cupp::arange<int>(3), cupp::asarray(std::vector<int>{2, 1, 3}))) ==
        std::vector<int>{0, 0, 1, 2, 2, 2});
  CHECK(cupp::repeat(a, cupp::asarray(std::vector<int>{2}), 0).shape() == shape_t{4, 3});
  CHECK_THROWS_WITH_WORDS((void)cupp::repeat(a, cupp::asarray(std::vector<int>{1, -1, 2}), 1),
                          cupp::value_error, "repeats may not contain negative values");
  CHECK_THROWS_WITH_WORDS((void)cupp::repeat(a, cupp::asarray(std::vector<int>{1, 2}), 1),
                          cupp::value_error, "could not be broadcast");
}
