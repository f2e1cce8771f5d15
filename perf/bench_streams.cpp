// Streams, events and graphs: the host cost of a captured op when its graph is replayed against
// enqueuing it eagerly, an event record + wait between two streams, a copy through to_device on
// one device against cudaMemcpy, and making and destroying a stream.
#include "harness.hpp"

#include <cupp/core/event.hpp>
#include <cupp/core/graph.hpp>
#include <cupp/creation.hpp>
#include <cupp/math/arithmetic.hpp>

#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_streams.json");
  std::vector<perf::result> rs;
  cupp::stream s1, s2;
  cupp::stream_guard on(s1);

  // 100 tiny adds: eagerly, and as one captured graph (host us per add)
  constexpr int ops = 100;
  auto x = cupp::ones<float>({1000});
  auto adds = [&] {
    for (int i = 0; i < ops; ++i)
      x += 1.0f;
  };
  {
    perf::result r{"eager 100 tiny adds (per op)"};
    r.host_us = perf::host_us_per_call_batched(adds, 200, 20) / ops;
    r.device_ms = perf::median_ms(adds) / ops;
    rs.push_back(r);
  }
  const cupp::graph g = cupp::capture(s1, adds);
  {
    perf::result r{"graph replay 100 tiny adds (per op)"};
    r.host_us = perf::host_us_per_call_batched([&] { g.launch(s1); }, 2000, 20) / ops;
    r.device_ms = perf::median_ms([&] { g.launch(s1); }) / ops;
    r.baseline = "eager";
    r.baseline_ms = rs.back().device_ms;
    rs.push_back(r);
  }

  // an event recorded on one stream and waited on by another (host us per pair)
  {
    cupp::event e(false);
    perf::result r{"event record + wait"};
    r.host_us = perf::host_us_per_call_batched(
        [&] {
          e.record(s1);
          s2.wait_event(e);
        },
        20000, 1000);
    rs.push_back(r);
  }

  // to_device on the same device: a device-to-device copy, against cudaMemcpy of the same bytes
  {
    const std::int64_t n = (std::int64_t{64} << 20) / opt.scale; // 256 MiB of float32
    const auto a = cupp::ones<float>({n});
    auto b = cupp::empty<float>({n});
    const double bytes = 2.0 * static_cast<double>(n) * 4;
    perf::result copy{"raw copy 256 MiB (cudaMemcpy)"};
    copy.device_ms = perf::median_ms(
        [&] { perf::raw_copy(b.data(), a.data(), static_cast<std::size_t>(n) * 4); });
    copy.bytes = bytes;
    rs.push_back(copy);
    perf::add_case(rs, "to_device same device 256 MiB", bytes,
                   [&] { (void)a.to_device(cupp::current_device()); });
    rs.back().baseline = "cudaMemcpy";
    rs.back().baseline_ms = copy.device_ms;
  }

  // a stream made and destroyed (its destruction waits for its work and returns its memory)
  {
    perf::result r{"stream create+destroy"};
    r.host_us = perf::host_us_per_call([] { cupp::stream s; }, 2000);
    rs.push_back(r);
  }
  return perf::report(rs, opt.json, 0.0);
}
