// Arrays of several devices: every family checks that its operands are on the current device
// (before any launch), copies between devices (to_device, asarray, assignment) give the values,
// and peer access admits another device's arrays. The checks run everywhere (an array that
// claims another device over valid memory: a missed check shows as no exception); the copies
// between devices where there are two (a GPU pair, or the host backend with CUPP_HOST_DEVICES=2,
// a ctest entry of its own).
#include "testing.hpp"

#include <cupp/cupp.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace cupp_test;
namespace cp = cupp;

namespace {

// `a` as an array of `device`, over the same memory
template <class T> cp::ndarray<T> on_device(const cp::ndarray<T>& a, int device) {
  return cp::ndarray<T>(a.data(), a.shape(), a.strides(), a.owner(), device);
}

} // namespace

TEST_CASE("every family refuses operands of another device", "[core][devices]") {
  // an id no device has (so no peer access can have been enabled for it)
  const int other = cp::device_count();
  const auto x = cp::arange<float>(12);
  const auto m = x.reshape({3, 4});
  const auto idx = cp::asarray<std::int64_t>({0, 2, 1});
  const auto fx = on_device(x, other), fm = on_device(m, other);
  const auto fidx = on_device(idx, other);
  const cp::ndarray<bool> mask = x > 5.0f;
  const auto fmask = on_device(mask, other);
  const auto cx = x.astype<cp::complex64>();
  const auto ints = cp::asarray<std::int64_t>({1, 2, 2, 5});
  const std::vector<std::pair<std::string, std::function<void()>>> cases = {
      {"add", [&] { (void)cp::ndarray<float>(fx + x); }},
      {"sin", [&] { (void)cp::ndarray<float>(cp::sin(fx)); }},
      {"assign into", [&] { cp::ndarray<float>(x.copy()).assign(fx * 2.0f); }},
      {"sum", [&] { (void)cp::sum(fx); }},
      {"sum axis", [&] { (void)cp::sum(fm, 0); }},
      {"max of expression", [&] { (void)cp::max(fx * 2.0f); }},
      {"argmax", [&] { (void)cp::argmax(fx); }},
      {"mean", [&] { (void)cp::mean(fm, 1); }},
      {"a[idx]", [&] { (void)fx(idx).copy(); }},
      {"a[foreign idx]", [&] { (void)x(fidx).copy(); }},
      {"a[mask]", [&] { (void)x(fmask).copy(); }},
      {"take", [&] { (void)cp::take(fx, idx); }},
      {"put", [&] { cp::put(fx, idx, x(idx).copy()); }},
      {"place", [&] { cp::place(fx, mask, x); }},
      {"putmask", [&] { cp::putmask(x.copy(), fmask, x); }},
      {"choose",
       [&] {
         (void)cp::choose(cp::zeros<std::int64_t>({12}), std::vector{x, fx});
       }},
      {"nonzero", [&] { (void)cp::nonzero(fx); }},
      {"sort", [&] { (void)cp::sort(fx); }},
      {"argsort", [&] { (void)cp::argsort(fm); }},
      {"unique", [&] { (void)cp::unique(fx); }},
      {"searchsorted", [&] { (void)cp::searchsorted(fx, x); }},
      {"isin", [&] { (void)cp::isin(fx, x); }},
      {"median", [&] { (void)cp::median(fx); }},
      {"cumsum", [&] { (void)cp::cumsum(fx); }},
      {"dot", [&] { (void)cp::dot(fx, x); }},
      {"vdot", [&] { (void)cp::vdot(x, fx); }},
      {"matmul", [&] { (void)cp::matmul(fm, cp::transpose(m).copy()); }},
      {"bincount", [&] { (void)cp::bincount(on_device(ints, other)); }},
      {"histogram", [&] { (void)cp::histogram(fx, 4); }},
      {"convolve", [&] { (void)cp::convolve(fx, x); }},
      {"trace", [&] { (void)cp::trace(fm); }},
      {"triu", [&] { (void)cp::triu(fm); }},
      {"real_if_close", [&] { (void)cp::real_if_close(on_device(cx, other)); }},
      {"where", [&] { (void)cp::ndarray<float>(cp::where(fmask, x, x)); }},
  };
  for (const auto& [name, run] : cases) {
    INFO(name);
    CHECK_THROWS_WITH_WORDS(run(), cp::value_error,
                            "Array device must be same as the current device",
                            "array device = " + std::to_string(other), "to_device");
  }
}

TEMPLATE_LIST_TEST_CASE("to_device copies to the same device, for every layout", "[core][devices]",
                        all_dtypes) {
  using T = TestType;
  const int here = cp::current_device();
  {
    const auto a = device_values<T>({5, 6}, 3);
    for (const auto& v : {a, cp::transpose(a), a(cp::slice(), cp::slice(cp::none, cp::none, -2)),
                          a(cp::slice(1, 1)), a(2, 3)}) {
      const auto b = v.to_device(here);
      CHECK(b.device() == here);
      CHECK(b.shape() == v.shape());
      CHECK(b.is_c_contiguous());
      CHECK((b.size() == 0 || b.data() != v.data()));
      CHECK(host(b) == host(v));
    }
    CHECK(cp::asarray(a, here).data() == a.data()); // asarray: the array itself
  }
  CHECK_THROWS_WITH_WORDS((void)cp::ones<float>({2}).to_device(cp::device_count()), cp::value_error,
                          "out of range");
}

TEST_CASE("arrays move between devices and peers read each other", "[core][devices]") {
  if (cp::device_count() < 2) {
    WARN("one device here: checked on two (the host backend's two-device ctest entry)");
    return;
  }
  const auto a0 = device_values<double>({1000}, 7);
  const auto twice = host(cp::ndarray<double>(a0 * 2.0));
  const auto tx = host(cp::transpose(device_values<float>({40, 30}, 2)));
  cp::ndarray<double> a1;
  {
    cp::device_guard on(1);
    cp::stream s;
    cp::stream_guard g(s);
    a1 = a0.to_device(1); // ordered after a0's producer on device 0, no host sync
    CHECK(a1.device() == 1);
    const auto doubled = cp::ndarray<double>(a1 * 2.0);
    CHECK(doubled.device() == 1);
    CHECK(host(doubled) == twice);
    // a non-contiguous source, then dropped at once: the copy has read it
    const auto t = cp::transpose(device_values<float>({40, 30}, 2)).to_device(0);
    CHECK(t.device() == 0);
    CHECK(host(t) == tx); // read on its own device's stream, where the copy was ordered
  }
  CHECK(cp::asarray(a1, 0).device() == 0);
  CHECK(host(cp::asarray(a1, 0)) == host(a0));
  CHECK(host(a1.to_device(0)) == host(a0));

  // assignment copies between devices (as CuPy's copyto does); arithmetic raises
  auto b0 = cp::zeros<double>({1000});
  b0.assign(a1);
  CHECK(host(b0) == host(a0));
  auto c0 = cp::zeros<double>({2, 1000});
  c0(1).assign(a1); // into a view, broadcast from another device
  CHECK(host(cp::ndarray<double>(c0(1))) == host(a0));
  CHECK_THROWS_WITH_WORDS((void)cp::ndarray<double>(a1 + b0), cp::value_error,
                          "Array device must be same as the current device", "array device = 1",
                          "current = 0");
  CHECK(cp::can_access_peer(0, 1) == cp::can_access_peer(0, 1)); // answers, no error
  if (!cp::can_access_peer(0, 1)) {
    WARN("devices 0 and 1 have no peer access");
    return;
  }
  cp::enable_peer_access(1);
  cp::enable_peer_access(1);                     // a second call does nothing
  const auto sum = cp::ndarray<double>(a1 + b0); // device 0 reads device 1's memory
  CHECK(sum.device() == 0);
  CHECK(host(sum) == twice);
  CHECK(cp::sum(a1).item() == cp::sum(a0).item());
}

TEST_CASE("each device keeps its own current stream and pool", "[core][devices]") {
  if (cp::device_count() < 2) {
    WARN("one device here: checked on two (the host backend's two-device ctest entry)");
    return;
  }
  cp::stream s0;
  cp::stream_guard g0(s0);
  {
    cp::device_guard on(1);
    CHECK(cp::current_stream() != s0.native());
    cp::stream s1;
    CHECK(s1.device() == 1);
    cp::stream_guard g1(s1);
    const auto a = cp::arange<float>(10);
    CHECK(a.device() == 1);
    CHECK(cp::sum(a).item() == 45.0f);
    CHECK(&cp::mr::get_default_memory_pool(1) != &cp::mr::get_default_memory_pool(0));
  }
  CHECK(cp::current_stream() == s0.native());
  CHECK(cp::arange<float>(3).device() == 0);
}
