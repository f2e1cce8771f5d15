// Interop and I/O benchmarks (issue 18), the cases of perf/cupy_bench.py's io block: a 1 GiB
// float32 .npy loaded into device memory (the file in the page cache) and saved from it, the host
// time of a DLPack export + import, and the runtime-dtype array's dispatch next to the typed
// operation it runs. The file cases report wall time per call in device_ms (load and save end in
// a sync: they are host work and copies, not kernels).
#include "harness.hpp"

#include <cupp/array/ufuncs.hpp>
#include <cupp/creation.hpp>
#include <cupp/interop/dlpack.hpp>
#include <cupp/io/npy.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

// The median wall time (ms) of `reps` calls, each ending in a sync, after one warm-up call. Each
// call starts with `path` removed (untimed): overwriting a 1 GiB file costs the file system
// several times more than writing a new one (measured on the H200 machine: 0.29 s to 1 s for the
// same fwrite), and CuPy's side of the benchmark does the same.
template <class F> double wall_ms(const std::filesystem::path& path, F&& fn, int reps = 5) {
  fn();
  cupp::synchronize();
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    std::filesystem::remove(path);
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    cupp::synchronize();
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_io.json");
  std::vector<perf::result> rs;
  const auto done = [&] {
    std::fprintf(stderr, "%-32s %12.4f ms %12.2f us\n", rs.back().name.c_str(), rs.back().device_ms,
                 rs.back().host_us);
  };
  const std::int64_t n = (std::int64_t{1} << 28) / opt.scale; // 1 GiB of float32
  const auto path = std::filesystem::temp_directory_path() / "cupp_bench_io.npy";
  {
    const cupp::array a = cupp::full<float>({n}, 1.5f);
    perf::result save{"npy_save_1GiB_f32"};
    save.device_ms = wall_ms(path, [&] { cupp::save(path, a); });
    save.bytes = 4.0 * n;
    rs.push_back(save);
    done();
    { // where the save's time goes: the same bytes brought to one pageable vector first and
      // written by one fwrite (CuPy's np.save(path, asnumpy(a))), and that fwrite alone
      const auto write_all = [&](const std::vector<std::byte>& bytes) {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
      };
      perf::result via{"save_via_pageable_1GiB_f32"};
      via.device_ms = wall_ms(path, [&] { write_all(a.get_bytes()); });
      rs.push_back(via);
      done();
      const auto bytes = a.get_bytes();
      perf::result alone{"fwrite_1GiB_host"};
      alone.device_ms = wall_ms(path, [&] { write_all(bytes); });
      rs.push_back(alone);
      done();
    }
    cupp::save(path, a); // the file the load reads (in the page cache)
    perf::result load{"npy_load_1GiB_f32"};
    load.device_ms = wall_ms(path.string() + ".none", [&] { (void)cupp::load(path); });
    load.bytes = 4.0 * n;
    rs.push_back(load);
    done();
    // the load's thread count (CUPP_IO_THREADS; the default is the host's cores up to 8): one
    // thread is one page-cache copy at a time, the way it was before the data path had threads
    for (const char* threads : {"1", "2", "4", "16"}) {
      ::setenv("CUPP_IO_THREADS", threads, 1);
      perf::result tl{std::string("npy_load_1GiB_f32_threads") + threads};
      tl.device_ms = wall_ms(path.string() + ".none", [&] { (void)cupp::load(path); });
      tl.bytes = 4.0 * n;
      rs.push_back(tl);
      done();
    }
    ::unsetenv("CUPP_IO_THREADS");
  }
  std::filesystem::remove(path);
  {
    const cupp::array a = cupp::zeros<float>({1024, 1024});
    const auto exchange = [&] {
      cupp::array b = cupp::from_dlpack(cupp::to_dlpack_versioned(a));
      (void)b;
    };
    perf::result r{"dlpack_export_import_host"};
    r.host_us = perf::host_us_per_call_batched(exchange, 20000, 1000);
    rs.push_back(r);
    done();
  }
  {
    const std::int64_t m = (std::int64_t{1} << 24) / opt.scale;
    const auto x = cupp::full<float>({m}, 1.0f), y = cupp::full<float>({m}, 2.0f);
    const cupp::array rx = x, ry = y;
    perf::add_case(rs, "add_16M_f32_typed", 12.0 * m, [&] { (void)cupp::ndarray<float>(x + y); });
    done();
    perf::add_case(rs, "add_16M_f32_runtime_dtype", 12.0 * m, [&] { (void)(rx + ry); });
    done();
    const cupp::array ri = cupp::full<std::int32_t>({m}, 3);
    perf::add_case(rs, "add_16M_i32_f32_runtime_dtype", 16.0 * m, [&] { (void)(ri + ry); });
    done();
    const cupp::array small = cupp::zeros<float>({1024});
    perf::result h{"add_1024_f32_runtime_dtype_host"};
    h.host_us = perf::host_us_per_call_batched([&] { (void)(small + small); }, 2000, 50);
    rs.push_back(h);
    done();
  }
  return perf::report(rs, opt.json, 0.0);
}
