// ndarray: layout, flags, reference semantics, item/fill/copy/reshape/transpose, iterators with
// Thrust, adopting and wrapping device memory.
#include "common/testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/interop/thrust.hpp>
#include <cupp/ndarray.hpp>

#include <thrust/count.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("layout queries match NumPy", "[core][ndarray]", all_dtypes) {
  cupp::ndarray<TestType> a({2, 3, 4});
  CHECK(a.ndim() == 3);
  CHECK(a.size() == 24);
  CHECK(a.itemsize() == sizeof(TestType));
  CHECK(a.nbytes() == 24 * static_cast<std::int64_t>(sizeof(TestType)));
  CHECK(a.shape() == cupp::shape_t{2, 3, 4});
  CHECK(a.strides() == cupp::shape_t{12, 4, 1});
  CHECK(a.is_c_contiguous());
  CHECK_FALSE(a.is_f_contiguous());
  const auto t = a.transpose();
  CHECK(t.shape() == cupp::shape_t{4, 3, 2});
  CHECK(t.strides() == cupp::shape_t{1, 4, 12});
  CHECK(t.is_f_contiguous());
  CHECK_FALSE(t.is_c_contiguous());
  CHECK(t.data() == a.data());
  CHECK(a.device() == cupp::current_device());
}

TEST_CASE("0-d, size-1 and empty arrays", "[core][ndarray]") {
  cupp::ndarray<float> s(cupp::shape_t{});
  CHECK(s.ndim() == 0);
  CHECK(s.size() == 1);
  CHECK(s.is_c_contiguous());
  CHECK(s.is_f_contiguous());
  s.fill(2.5f);
  CHECK(s.item() == 2.5f);

  cupp::ndarray<double> e({0, 5});
  CHECK(e.size() == 0);
  CHECK(e.nbytes() == 0);
  CHECK(e.is_c_contiguous());
  CHECK(e.is_f_contiguous());
  e.fill(1.0); // no-op
  CHECK(host(e).empty());
  CHECK(host(e.copy()).empty());

  cupp::ndarray<int> def;
  CHECK(def.shape() == cupp::shape_t{0});

  const auto one = cupp::full<int>({1, 1, 1}, 9);
  CHECK(one.is_c_contiguous());
  CHECK(one.is_f_contiguous());
  CHECK(one.item() == 9);
}

TEST_CASE("ndarray errors read like NumPy", "[core][ndarray][errors]") {
  const auto a = cupp::arange<float>(2);
  CHECK_THROWS_WITH_WORDS((void)a.item(), cupp::value_error,
                          "can only convert an array of size 1 to a Python scalar");
  CHECK_THROWS_AS((void)cupp::zeros<float>({0}).item(), cupp::value_error);
  CHECK_THROWS_WITH_WORDS(cupp::ndarray<float>({2, -1}), cupp::value_error,
                          "negative dimensions are not allowed");
  cupp::shape_t big;
  CHECK_THROWS_WITH_WORDS(big.resize(cupp::max_dims + 1), cupp::value_error,
                          "maximum supported dimension");
  CHECK_THROWS_WITH_WORDS(cupp::arange<int>(6).reshape({4}), cupp::value_error,
                          "cannot reshape array of size 6 into shape (4,)");
  CHECK_THROWS_WITH_WORDS(cupp::arange<int>(6).reshape({-1, 4}), cupp::value_error,
                          "cannot reshape array of size 6 into shape (-1, 4)");
  CHECK_THROWS_WITH_WORDS(cupp::arange<int>(6).reshape({-1, -1}), cupp::value_error,
                          "can only specify one unknown dimension");
  CHECK_THROWS_AS(cupp::arange<int>(6).reshape({-2, 3}), cupp::value_error);
  int dummy = 0;
  CHECK_THROWS_AS(cupp::ndarray<int>(&dummy, {2, 2}, {1}, nullptr, 0), cupp::value_error);
}

TEST_CASE("copies share, copy() copies (reference semantics)", "[core][ndarray]") {
  auto a = cupp::arange<int>(5);
  auto b = a; // shares
  b.fill(7);
  CHECK(host(a) == std::vector<int>(5, 7));
  auto c = a.copy();
  c.fill(1);
  CHECK(host(a) == std::vector<int>(5, 7));
  CHECK(host(c) == std::vector<int>(5, 1));
  CHECK(c.data() != a.data());
}

TEMPLATE_LIST_TEST_CASE("fill and item over dtypes and sizes", "[core][ndarray]", all_dtypes) {
  const auto n = GENERATE(as<std::int64_t>{}, 1, 2, 255, 256, 1023, 1025, 100003);
  cupp::ndarray<TestType> a({n});
  const TestType v = value_at<TestType>(5);
  a.fill(v);
  const auto h = host(a);
  REQUIRE(h.size() == static_cast<std::size_t>(n));
  CHECK(std::count(h.begin(), h.end(), v) == n);
  CHECK(a.reshape({n, 1}).transpose().reshape({-1}).size() == n);
}

TEST_CASE("fill writes through strided and negative-stride views only", "[core][ndarray]") {
  auto a = cupp::zeros<int>({10});
  every(a, 3).fill(5); // elements 0, 3, 6, 9
  CHECK(host(a) == std::vector<int>{5, 0, 0, 5, 0, 0, 5, 0, 0, 5});
  reversed(every(a, 2)).fill(1); // elements 8, 6, 4, 2, 0
  CHECK(host(a) == std::vector<int>{1, 0, 1, 5, 1, 0, 1, 0, 1, 5});
  auto m = cupp::zeros<int>({3, 4});
  m.transpose().fill(2);
  CHECK(host(m) == std::vector<int>(12, 2));
}

TEST_CASE("reshape is a view of contiguous arrays and a copy otherwise", "[core][ndarray]") {
  auto a = cupp::arange<int>(12);
  auto r = a.reshape({3, -1});
  CHECK(r.shape() == cupp::shape_t{3, 4});
  CHECK(r.data() == a.data());
  r.fill(0);
  CHECK(host(a) == std::vector<int>(12, 0));

  auto m = cupp::arange<int>(6).reshape({2, 3});
  auto flat_t = m.transpose().reshape({6});
  CHECK(flat_t.data() != m.data());
  CHECK(host(flat_t) == std::vector<int>{0, 3, 1, 4, 2, 5});
  // NumPy cannot infer -1 next to a 0 extent either
  CHECK_THROWS_AS(cupp::zeros<float>({0, 3}).reshape({-1, 0}), cupp::value_error);
  CHECK(cupp::zeros<float>({0, 3}).reshape({3, 0, 1}).shape() == cupp::shape_t{3, 0, 1});
  CHECK(cupp::full<float>({}, 3.f).reshape({1, 1}).shape() == cupp::shape_t{1, 1});
  CHECK(cupp::full<float>({1, 1}, 3.f).reshape({}).ndim() == 0);
}

TEST_CASE("copy and get of non-contiguous views give C order", "[core][ndarray]") {
  auto m = cupp::arange<double>(12).reshape({3, 4});
  CHECK(host(m.transpose()) == std::vector<double>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11});
  const auto c = m.transpose().copy();
  CHECK(c.is_c_contiguous());
  CHECK(c.shape() == cupp::shape_t{4, 3});
  CHECK(host(reversed(cupp::arange<double>(4))) == std::vector<double>{3, 2, 1, 0});
  std::vector<double> out(12, -1);
  m.transpose().get(out.data());
  CHECK(out[1] == 4);
}

TEST_CASE("begin/end work with Thrust algorithms", "[core][ndarray][interop]") {
  auto a = cupp::zeros<int>({1000});
  thrust::sequence(a.begin(), a.end());
  CHECK(thrust::reduce(a.begin(), a.end()) == 499500);
  auto m = a.reshape({10, 100});
  // a transposed (strided) view: the iterator walks it in C order
  const auto t = m.transpose();
  CHECK(*t.begin() == 0);
  CHECK(*(t.begin() + 1) == 100);
  CHECK(thrust::count(t.begin(), t.end(), 250) == 1);
  auto r = reversed(cupp::arange<int>(5));
  thrust::sort(r.begin(), r.end()); // sorts the view in place: the base becomes descending
  CHECK(host(r) == std::vector<int>{0, 1, 2, 3, 4});
}

TEST_CASE("device_vector storage is adopted and external memory wrapped",
          "[core][ndarray][interop]") {
  cupp::device_vector<float> v(5);
  thrust::sequence(v.begin(), v.end(), 1.0f);
  const float* raw = v.data().get();
  const auto a = cupp::asarray(std::move(v));
  CHECK(a.data() == raw);
  CHECK(host(a) == std::vector<float>{1, 2, 3, 4, 5});

  auto keep = std::make_shared<cupp::device_vector<int>>(6);
  thrust::sequence(keep->begin(), keep->end());
  auto w = cupp::wrap(keep->data().get(), {2, 3}, keep);
  CHECK(w.shape() == cupp::shape_t{2, 3});
  w.fill(4);
  CHECK((*keep)[5] == 4);
}
