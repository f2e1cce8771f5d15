// Devices and streams: the self-check queries, guards and sync points.
#include "common/testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/memory/resource.hpp>
#include <cupp/reduction/reduce.hpp>

TEST_CASE("device queries describe at least one device", "[core][context]") {
  REQUIRE(cupp::device_count() >= 1);
  const int id = cupp::current_device();
  CHECK(id >= 0);
  const auto p = cupp::get_device_properties(id);
  CHECK_FALSE(p.name.empty());
  CHECK(p.total_memory > 0);
  CHECK(p.multiprocessor_count > 0);
  const auto m = cupp::mem_info();
  CHECK(m.total > 0);
  CHECK(m.free <= m.total);
  if (std::string(cupp::backend_name) == "cuda") {
    CHECK(cupp::runtime_version() >= 12000);
    CHECK(p.major >= 7);
  }
}

TEST_CASE("bad device ids raise value_error", "[core][context]") {
  CHECK_THROWS_WITH_WORDS(cupp::device_guard(cupp::device_count()), cupp::value_error, "device id",
                          "out of range");
  CHECK_THROWS_AS(cupp::set_device(-1), cupp::value_error);
  CHECK_THROWS_AS((void)cupp::mr::get_current_resource(1000), cupp::value_error);
}

TEST_CASE("stream_guard sets and restores the current stream", "[core][context]") {
  const auto before = cupp::current_stream();
  cupp::stream s;
  {
    cupp::stream_guard g(s.native());
    CHECK(cupp::current_stream() == s.native());
    // work enqueued on the stream is correct once the stream is synchronised
    auto a = cupp::arange<float>(1000);
    auto total = cupp::sum(a);
    s.synchronize();
    CHECK(total.item() == 499500.0f);
    {
      cupp::device_guard d(cupp::current_device());
      CHECK(cupp::current_stream() == s.native());
    }
  }
  CHECK(cupp::current_stream() == before);
  cupp::synchronize();
  cupp::device_synchronize();
}

TEST_CASE("a stream belongs to its device; each device has its own current stream",
          "[core][context]") {
  cupp::stream s;
  CHECK(s.device() == cupp::current_device());
  const auto before = cupp::current_stream();
  {
    cupp::stream_guard g(s); // checked: s is the current device's
    CHECK(cupp::current_stream() == s.native());
    {
      cupp::stream t;
      cupp::stream_guard inner(t.native());
      CHECK(cupp::current_stream() == t.native());
    }
    CHECK(cupp::current_stream() == s.native());
  }
  CHECK(cupp::current_stream() == before);
  if (cupp::device_count() >= 2) { // the H200 machines have one: checked where there are two
    cupp::device_guard on_one(1);
    cupp::stream one;
    cupp::stream_guard g1(one);
    {
      cupp::device_guard on_zero(0);
      CHECK(cupp::current_stream() != one.native()); // device 0 keeps its own current stream
      CHECK_THROWS_WITH_WORDS(cupp::stream_guard{one}, cupp::value_error,
                              "does not match the current device");
    }
    CHECK(cupp::current_stream() == one.native());
  }
}
