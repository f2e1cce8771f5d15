// cupp::show_config(): the backend-independent lines, then the backend's (detail/config_info.hpp),
// the devices and the default pools.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/detail/config_info.hpp>
#include <cupp/detail/kernel_cache.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/show_config.hpp>

#include <cuda/std/version> // CCCL's version (Thrust, CUB and libcu++ ship together)

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace cupp {

namespace {

using detail::config_row;

// 150109880320 -> "150,109,880,320 bytes (139.8 GiB)": exact for comparing with CUDA's figures,
// and readable
std::string bytes_text(std::size_t n) {
  std::string digits = std::to_string(n), grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  char unit[32] = "";
  if (n >= (std::size_t{1} << 30))
    std::snprintf(unit, sizeof unit, " (%.1f GiB)", static_cast<double>(n) / (1u << 30));
  else if (n >= (std::size_t{1} << 20))
    std::snprintf(unit, sizeof unit, " (%.1f MiB)", static_cast<double>(n) / (1u << 20));
  return grouped + " bytes" + unit;
}

// The value of `query`, or its error: show_config is what one runs when something is wrong, so a
// failing query must not hide the lines after it.
std::string or_error(const std::function<std::string()>& query) {
  try {
    return query();
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

std::string env_text(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : "(not set)";
}

std::string compiler_text() {
#if defined(__clang__)
  return "Clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown";
#endif
}

std::vector<config_row> rows() {
  const bool host = std::string(backend_name) == "host";
  std::vector<config_row> r = {
      {"cupp Version", version},
      {"cupp Backend", host ? "host (OpenMP, Thrust's OMP system, OpenBLAS)"
                            : "cuda (Thrust/CUB, cuBLAS and NVRTC on NVIDIA GPUs)"},
      {"Compiler (cupp library)", compiler_text()},
      {"C++ Standard", std::to_string(__cplusplus)},
      {"CCCL Version", std::to_string(CCCL_MAJOR_VERSION) + "." +
                           std::to_string(CCCL_MINOR_VERSION) + "." +
                           std::to_string(CCCL_PATCH_VERSION)},
  };
  for (auto& row : detail::backend_config())
    r.push_back(std::move(row));

  int devices = 0;
  r.push_back({"Device Count", or_error([&] {
                 devices = device_count();
                 return std::to_string(devices);
               })});
  for (int id = 0; id < devices; ++id) {
    const std::string d = "Device " + std::to_string(id) + " ";
    device_properties p;
    const std::string error = or_error([&] {
      p = get_device_properties(id);
      return std::string();
    });
    if (!error.empty()) {
      r.push_back({d + "Properties", error});
      continue;
    }
    r.push_back({d + "Name", p.name});
    r.push_back({d + "Compute Capability",
                 host ? "none (host CPU)" : std::to_string(p.major) + std::to_string(p.minor)});
    r.push_back({d + "Total Memory", bytes_text(p.total_memory)});
    r.push_back(
        {d + "Multiprocessors", host ? std::to_string(p.multiprocessor_count) + " (OpenMP threads)"
                                     : std::to_string(p.multiprocessor_count)});
  }
  if (devices > 0) {
    r.push_back({"Current Device", or_error([] { return std::to_string(current_device()); })});
    r.push_back(
        {"Current Device Free Memory", or_error([] { return bytes_text(mem_info().free); })});
    r.push_back({"Memory Pool Limit", or_error([] {
                   const std::size_t limit = get_default_memory_pool().get_limit();
                   return limit ? bytes_text(limit) : std::string("none");
                 })});
    r.push_back({"Memory Pool Held",
                 or_error([] { return bytes_text(get_default_memory_pool().total_bytes()); })});
    r.push_back({"Memory Pool Used",
                 or_error([] { return bytes_text(get_default_memory_pool().used_bytes()); })});
    r.push_back({"Pinned Memory Pool Held", or_error([] {
                   return bytes_text(get_default_pinned_memory_pool().total_bytes());
                 })});
  }
  const std::string cache = detail::kernel_cache::directory();
  r.push_back(
      {"Kernel Cache Directory", cache.empty() ? "none (no CUPP_CACHE_DIR or HOME)" : cache});
  for (const char* name :
       {"CUPP_GPU_MEMORY_LIMIT", "CUPP_CACHE_DIR", "CUPP_LAUNCH", "CUPP_IO_THREADS", "CUPP_TF32"})
    r.push_back({name, env_text(name)});
  return r;
}

} // namespace

void show_config(std::ostream& out) {
  for (const auto& [name, value] : rows()) {
    out << name;
    for (std::size_t i = name.size(); i < 30; ++i)
      out << ' ';
    out << ": " << value << '\n';
  }
}

void show_config() { show_config(std::cout); }

} // namespace cupp
