#pragma once
/// \file
/// The exception of runtime compilation (CuPy's `cupy.cuda.compiler.CompileException`).

#include <cupp/core/error.hpp>

#include <string>
#include <utility>

namespace cupp::rtc {

/// NVRTC rejected a kernel's source. `what()` names the kernel and holds the compiler's log;
/// `log()` is the log alone.
class compile_error : public error {
public:
  compile_error(const std::string& message, std::string log)
      : error(message + "\n" + log), log_(std::move(log)) {}
  [[nodiscard]] const std::string& log() const noexcept { return log_; }

private:
  std::string log_;
};

} // namespace cupp::rtc
