// Memory resources: every allocation goes through the current device's resource, which users can
// replace and restore.
#include "common/testing.hpp"

#include <cupp/memory/pool.hpp>
#include <cupp/reduction/reduce.hpp>

#include <atomic>

namespace {

// Counts what passes through to the upstream resource.
class counting_resource final : public cupp::mr::memory_resource {
public:
  explicit counting_resource(cupp::mr::memory_resource* upstream) : upstream_(upstream) {}
  std::atomic<long> allocations{0}, deallocations{0}, live_bytes{0};

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment, cupp::native_stream s) override {
    void* p = upstream_->allocate_async(bytes, alignment, s);
    ++allocations;
    live_bytes += static_cast<long>(bytes);
    return p;
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     cupp::native_stream s) noexcept override {
    upstream_->deallocate_async(p, bytes, alignment, s);
    ++deallocations;
    live_bytes -= static_cast<long>(bytes);
  }
  cupp::mr::memory_resource* upstream_;
};

} // namespace

TEST_CASE("arrays and scratch allocate from the installed resource", "[memory]") {
  auto* base = cupp::mr::get_current_resource();
  REQUIRE(base == &cupp::mr::get_default_memory_pool());
  counting_resource counting(base);
  auto* previous = cupp::mr::set_current_resource(&counting);
  CHECK(previous == base);
  CHECK(cupp::mr::get_current_resource() == &counting);
  {
    auto a = cupp::arange<float>(100000);
    CHECK(counting.allocations == 1);
    CHECK(counting.live_bytes == 400000);
    auto b = a; // a shared handle allocates nothing
    CHECK(counting.allocations == 1);
    auto s = cupp::sum(a * 2.0f); // result (and CUB scratch on the CUDA backend)
    CHECK(s.item() == Approx(9999900000.0).epsilon(1e-6));
    CHECK(counting.allocations >= 2);
    CHECK(cupp::zeros<int>({0}).size() == 0); // 0 bytes allocate nothing real
  }
  cupp::synchronize();
  CHECK(counting.live_bytes == 0);
  CHECK(counting.allocations == counting.deallocations);
  CHECK(cupp::mr::set_current_resource(previous) == &counting);
  CHECK(cupp::mr::get_current_resource() == base);
}

TEST_CASE("a failed allocation raises out_of_memory with the size", "[memory][errors]") {
  // far beyond any device or host memory
  CHECK_THROWS_WITH_WORDS(cupp::ndarray<double>({std::int64_t{1} << 50}), cupp::out_of_memory,
                          "Out of memory allocating", "9,007,199,254,740,992 bytes");
  // and the resource still works afterwards
  CHECK(cupp::full<int>({3}, 4).get() == std::vector<int>{4, 4, 4});
}
