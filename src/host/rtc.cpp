// Host backend of runtime compilation: there is no CUDA device to compile for, so defining a
// raw module or calling a runtime-compiled elementwise kernel raises. Everything before that
// (parsing parameters, checking arguments) runs as on the CUDA backend.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/rtc.hpp>

namespace cupp::detail::rtc {

namespace {
[[noreturn]] void unavailable() {
  throw error("runtime-compiled kernels (cupp::rtc) need the CUDA backend: this build of cupp "
              "uses the host backend; write the kernel as a functor (cupp::elementwise_kernel)");
}
} // namespace

void load_module(const module_source&, int) { unavailable(); }

function load_function(const module_source&, const std::string&, int, parameters) { unavailable(); }

void launch(const function&, const unsigned*, const unsigned*, std::size_t, void**) {
  unavailable();
}

} // namespace cupp::detail::rtc
