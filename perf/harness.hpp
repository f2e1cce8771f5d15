#pragma once
// The benchmark harness: device timing with CUDA events (host clock on the host backend), medians
// over repetitions, bandwidth against the copy ceiling measured in the same run, JSON output.

#include <cupp/core/context.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#if defined(CUPP_BACKEND_CUDA)
#include <cuda_runtime_api.h>
#endif

namespace perf {

/// Times one call of `fn` on the device (ms): CUDA events around it on the current stream.
class device_timer {
public:
#if defined(CUPP_BACKEND_CUDA)
  device_timer() {
    cudaEventCreate(&start_);
    cudaEventCreate(&stop_);
  }
  ~device_timer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  double time_ms(const std::function<void()>& fn) {
    cudaEventRecord(start_, cupp::current_stream());
    fn();
    cudaEventRecord(stop_, cupp::current_stream());
    cudaEventSynchronize(stop_);
    float ms = 0;
    cudaEventElapsedTime(&ms, start_, stop_);
    return ms;
  }

private:
  cudaEvent_t start_{}, stop_{};
#else
  double time_ms(const std::function<void()>& fn) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
#endif
};

struct result {
  std::string name;
  double device_ms = 0; // median device time per call
  double host_us = 0;   // host time per call (enqueue cost; the whole call on the host backend)
  double bytes = 0;     // bytes that must move (0: not bandwidth-bound)
  double flops = 0;     // floating-point operations (0: none counted)
  std::string baseline; // what the "vs" column compares with
  double baseline_ms = 0;
  bool skipped = false; // not among --only's cases: kept so that rs.back() stays this case's
};

/// Median device time of `fn` over `reps` calls after `warmup` calls.
inline double median_ms(const std::function<void()>& fn, int reps = 20, int warmup = 3) {
  device_timer t;
  for (int i = 0; i < warmup; ++i)
    t.time_ms(fn);
  std::vector<double> v;
  for (int i = 0; i < reps; ++i)
    v.push_back(t.time_ms(fn));
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Host time per call (us) of `calls` back-to-back calls, synchronising once at the end (the
/// clock stops before that sync: what the host spends enqueueing, not the device's time). `fn` is
/// called directly, not through std::function, so the figure holds nothing but the call itself.
template <class F> double host_us_per_call(F&& fn, int calls = 2000) {
  for (int i = 0; i < 50; ++i)
    fn();
  cupp::synchronize();
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i)
    fn();
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  cupp::synchronize();
  return us / calls;
}

/// Host time per call (us) of `calls` calls in batches of `batch`: the clock runs only around
/// the calls, and each batch ends with an untimed sync, so that a call that enqueues much device
/// work (a graph launch) is not timed waiting for a full launch queue.
template <class F> double host_us_per_call_batched(F&& fn, int calls, int batch) {
  fn();
  cupp::synchronize();
  double us = 0;
  for (int done = 0; done < calls; done += batch) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < batch; ++i)
      fn();
    us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    cupp::synchronize();
  }
  return us / calls;
}

/// `--only word...`: the words of the case names to run (none: every case), as cupy_bench.py's.
inline std::vector<std::string>& only_words() {
  static std::vector<std::string> words;
  return words;
}
inline bool selected(const char* name) {
  const std::string n(name);
  for (const std::string& w : only_words())
    if (n.find(w) != std::string::npos) return true;
  return only_words().empty();
}
/// True, with case `name` added as skipped, when --only leaves it out.
inline bool skip_case(std::vector<result>& rs, const char* name) {
  if (selected(name)) return false;
  result r{name};
  r.skipped = true;
  rs.push_back(r);
  return true;
}

/// Times `fn` as case `name` of `rs`, moving `bytes` per call: the device median, then the host
/// time per call that `host_us(fn)` measures.
template <class F, class H>
void add_timed_case(std::vector<result>& rs, const char* name, double bytes, F&& fn, H&& host_us) {
  if (skip_case(rs, name)) return;
  result r{name};
  r.device_ms = median_ms(fn);
  r.host_us = host_us(fn);
  r.bytes = bytes;
  rs.push_back(r);
}

/// Times `fn` (device median, host time over `host_calls` calls) as case `name` of `rs`, moving
/// `bytes` per call.
template <class F>
void add_case(std::vector<result>& rs, const char* name, double bytes, F&& fn,
              int host_calls = 200) {
  add_timed_case(rs, name, bytes, fn, [&](auto& f) { return host_us_per_call(f, host_calls); });
}

/// add_case with the host time of `calls` calls in batches of `batch` (host_us_per_call_batched):
/// for calls whose launches would fill the launch queue back to back (sorts, plans), so that the
/// host figure is the call's own cost, as CuPy's benchmark takes it.
template <class F>
void add_batched_case(std::vector<result>& rs, const char* name, double bytes, F&& fn, int calls,
                      int batch) {
  add_timed_case(rs, name, bytes, fn,
                 [&](auto& f) { return host_us_per_call_batched(f, calls, batch); });
}

/// add_case timing `calls` calls back to back between two events (the median over 20 such
/// runs, per call) instead of one call between them: the device's own time per call when the
/// host keeps ahead of it, without the fixed cost of one call timed alone (the host's launch
/// between the events: about 6.7 us for a tiny add on an H100), which is 20% of a 64 MB read.
template <class F>
void add_back_to_back_case(std::vector<result>& rs, const char* name, double bytes, F&& fn,
                           int calls = 20) {
  add_case(
      rs, name, bytes,
      [&] {
        for (int i = 0; i < calls; ++i)
          fn();
      },
      10);
  if (!rs.back().skipped) {
    rs.back().device_ms /= calls;
    rs.back().host_us /= calls;
  }
}

/// add_case for calls that take milliseconds to seconds (large factorisations): `reps` timed
/// calls after one warm-up for the device median, and the host time per call over `reps` calls.
template <class F> void add_slow_case(std::vector<result>& rs, const char* name, int reps, F&& fn) {
  if (skip_case(rs, name)) return;
  result r{name};
  r.device_ms = median_ms(fn, reps, 1);
  cupp::synchronize();
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    fn();
  r.host_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
      reps;
  cupp::synchronize();
  rs.push_back(r);
}

inline void print_table(const std::vector<result>& rs, double copy_tbs) {
  std::printf("\n%-34s %12s %10s %10s %9s %20s\n", "case", "device ms", "host us", "TB/s", "% copy",
              "vs baseline");
  for (const auto& r : rs) {
    const double tbs = r.bytes > 0 ? r.bytes / (r.device_ms * 1e-3) / 1e12 : 0;
    char vs[64] = "";
    if (r.baseline_ms > 0)
      std::snprintf(vs, sizeof vs, "%.3f (%s)", r.device_ms / r.baseline_ms, r.baseline.c_str());
    std::printf("%-34s %12.4f %10.2f %10.3f %9.1f %20s\n", r.name.c_str(), r.device_ms, r.host_us,
                tbs, tbs > 0 && copy_tbs > 0 ? 100.0 * tbs / copy_tbs : 0.0, vs);
  }
}

inline void write_json(const std::string& path, const std::vector<result>& rs, double copy_tbs,
                       const std::string& device) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return;
  std::fprintf(f, "{\n  \"device\": \"%s\",\n  \"copy_tbs\": %.6f,\n  \"results\": [\n",
               device.c_str(), copy_tbs);
  for (std::size_t i = 0; i < rs.size(); ++i) {
    const auto& r = rs[i];
    std::fprintf(f,
                 "    {\"name\": \"%s\", \"device_ms\": %.6f, \"host_us\": %.4f, \"bytes\": %.0f, "
                 "\"flops\": %.0f, \"baseline\": \"%s\", \"baseline_ms\": %.6f}%s\n",
                 r.name.c_str(), r.device_ms, r.host_us, r.bytes, r.flops, r.baseline.c_str(),
                 r.baseline_ms, i + 1 < rs.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  std::fclose(f);
}

/// A direct copy of `bytes` between two device buffers on the current stream: the bandwidth
/// ceiling every benchmark compares with.
inline void raw_copy(void* dst, const void* src, std::size_t bytes) {
#if defined(CUPP_BACKEND_CUDA)
  cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, cupp::current_stream());
#else
  std::memcpy(dst, src, bytes);
#endif
}

/// The command line every benchmark takes: `--scale k` divides the large sizes by k (quick runs on
/// the host backend), `--json path` names the results file, `--only word...` runs the cases whose
/// names hold one of the words.
struct options {
  std::int64_t scale = 1;
  std::string json;
};
inline options parse_options(int argc, char** argv, std::string json) {
  options o{1, std::move(json)};
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--scale" && i + 1 < argc) o.scale = std::atoll(argv[++i]);
    if (std::string(argv[i]) == "--json" && i + 1 < argc) o.json = argv[++i];
    if (std::string(argv[i]) == "--only")
      while (i + 1 < argc && argv[i + 1][0] != '-')
        only_words().emplace_back(argv[++i]);
  }
  return o;
}

/// Prints the device, the copy ceiling and the table, and writes the JSON results.
inline int report(const std::vector<result>& all, const std::string& json, double copy_tbs) {
  const auto props = cupp::get_device_properties(cupp::current_device());
  std::printf("device: %s, backend %s, copy ceiling %.3f TB/s\n", props.name.c_str(),
              cupp::backend_name, copy_tbs);
  std::vector<result> rs;
  for (const result& r : all)
    if (!r.skipped) rs.push_back(r);
  print_table(rs, copy_tbs);
  write_json(json, rs, copy_tbs, props.name);
  return 0;
}

} // namespace perf
