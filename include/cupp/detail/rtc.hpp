#pragma once
/// \file
/// The runtime-compilation facility behind cupp::rtc: compiling CUDA source with NVRTC for a
/// device, loading it, and launching its kernels on the current stream. Implemented by
/// src/cuda/rtc.cpp; src/host/rtc.cpp raises cupp's "needs the CUDA backend" error instead, so
/// that everything around it (parameter parsing, argument checks) builds and runs on both
/// backends. Host-only: no CUDA header is included.

#include <atomic>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cupp::detail::rtc {

/// A module's source and what it is compiled with: together with the device's architecture and
/// NVRTC's version, what the in-process and disk caches key on.
struct module_source {
  std::string code;
  std::vector<std::string> options;
  std::vector<std::string> name_expressions; ///< C++ names to keep (template instances)
  std::string name;                          ///< names the program in NVRTC's log
};

/// A kernel loaded for one device: the runtime's handle and the sizes of its parameters.
struct function {
  const void* handle = nullptr; ///< a cudaKernel_t
  std::string name;
  std::vector<std::size_t> param_sizes;
  bool sizes_known = false; ///< false where the driver cannot report parameters
};

/// Compiles `source` for `device` (or finds it in the in-process or disk cache) and loads it, so
/// that compile errors surface when a module is defined. Throws rtc::compile_error with NVRTC's
/// log; on the host backend, cupp::error.
void load_module(const module_source& source, int device);

/// Whether load_function asks the driver for the kernel's parameters (raw kernels, whose
/// arguments the user passes): the count is learnt by asking for one past the last, a failing call
/// that compute-sanitizer lists, so the kernels cupp writes itself skip it.
enum class parameters { unchecked, checked };

/// The kernel `name` (a name expression of the source, or an `extern "C"` name) of `source`,
/// loaded for `device`.
[[nodiscard]] function load_function(const module_source& source, const std::string& name,
                                     int device, parameters params);

/// Throws type_error unless `n` arguments of the given sizes (bytes) match f's parameters.
void check_arguments(const function& f, const std::size_t* sizes, std::size_t n);

/// Launches `f` on the current stream; args[i] points to the value of parameter i. Shared memory
/// over the default 48 KiB is opted into on the way.
void launch(const function& f, const unsigned grid[3], const unsigned block[3],
            std::size_t shared_mem, void** args);

/// One kernel of a module, loaded once per device: what a raw kernel holds, so that after the
/// first call on a device a call costs a lookup by device id, not a hash of the source.
class kernel_slots {
public:
  kernel_slots(std::shared_ptr<const module_source> source, std::string name);
  /// The kernel for the current device, loaded there on first use.
  [[nodiscard]] const function& current();
  [[nodiscard]] const std::string& name() const noexcept { return name_; }

private:
  std::shared_ptr<const module_source> source_;
  std::string name_;
  std::vector<std::atomic<const function*>> slots_; // by device id
  std::mutex mutex_;                                // guards loading and `loaded_`
  std::deque<function> loaded_;                     // stable addresses for the slots
};

} // namespace cupp::detail::rtc
