#pragma once
/// \file
/// cupp's exception hierarchy, mirroring NumPy's error classes (ValueError, AxisError,
/// IndexError...).

#include <stdexcept>
#include <string>

namespace cupp {

/// Base of every exception cupp throws.
class error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// NumPy's ValueError: shapes that do not broadcast, bad sizes, bad arguments.
class value_error : public error {
public:
  using error::error;
};

/// NumPy's AxisError (a ValueError and an IndexError in NumPy; a value_error here).
class axis_error : public value_error {
public:
  using value_error::value_error;
};

/// NumPy's IndexError.
class index_error : public error {
public:
  using error::error;
};

/// NumPy's TypeError, for the type errors that can only be seen at run time.
class type_error : public error {
public:
  using error::error;
};

/// NumPy's OverflowError: a weak scalar that does not fit the array's dtype.
class overflow_error : public error {
public:
  using error::error;
};

/// numpy.linalg.LinAlgError.
class linalg_error : public error {
public:
  using error::error;
};

/// CuPy's OutOfMemoryError: the device (or the pool's limit) could not satisfy an allocation.
class out_of_memory : public error {
public:
  using error::error;
};

/// A CUDA runtime or CUDA library call failed; the message names the call, the code and file:line.
class cuda_error : public error {
public:
  cuda_error(const std::string& api, int code, const std::string& what, const char* file, int line)
      : error(api + " failed: " + what + " (code " + std::to_string(code) + ") at " + file + ":" +
              std::to_string(line)),
        code_(code) {}
  [[nodiscard]] int code() const noexcept { return code_; }

private:
  int code_;
};

/// File input/output failed (npy/npz and friends).
class io_error : public error {
public:
  using error::error;
};

} // namespace cupp
