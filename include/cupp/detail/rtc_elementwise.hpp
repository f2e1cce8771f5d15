#pragma once
/// \file
/// The part of cupp::rtc::elementwise_kernel that does not depend on the argument types: parsing
/// the parameter lists, binding types, broadcasting, generating and compiling one kernel per
/// combination of types and layout, and launching it (src/kernel/rtc_elementwise.cpp).
/// Host-only: arguments arrive described by `argument`, without their C++ types.

#include <cupp/core/dtype.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/detail/rtc.hpp>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace cupp::detail::rtc {

/// A dtype at run time (core/dtype_table.hpp).
using dtype_code = ::cupp::dtype;

/// The dtype of a cupp dtype or of an arithmetic C++ type (`long long` is int64, `char` follows
/// its signedness).
template <class T> constexpr dtype_code code_of() {
  if constexpr (is_dtype_v<T>) {
    return dtype_of<T>();
  } else {
    static_assert(std::is_integral_v<T> && sizeof(T) <= 8, "not a type a kernel can take");
    using same = std::conditional_t<std::is_signed_v<T>, detail::signed_of<sizeof(T)>,
                                    std::make_unsigned_t<detail::signed_of<sizeof(T)>>>;
    return dtype_of<same>();
  }
}

/// One argument of a call: an array (device pointer, shape, strides in elements) or a scalar (its
/// bytes, converted to the parameter's type when the kernel is bound).
struct argument {
  dtype_code type = dtype_code::bool_;
  bool is_array = false;
  void* data = nullptr;
  shape_t shape, strides;
  alignas(8) unsigned char value[8] = {};
};

/// A scalar argument.
template <class S> [[nodiscard]] argument scalar_argument(S s) {
  argument a;
  a.type = code_of<S>();
  std::memcpy(a.value, &s, sizeof(S));
  return a;
}

/// A runtime-compiled elementwise kernel: CuPy's ElementwiseKernel without the Python objects.
class elementwise_program {
public:
  /// Parses "float32 x, raw T y" style parameter lists; raises value_error (syntax, duplicate or
  /// reserved names) or type_error (a C type name where a dtype is meant).
  elementwise_program(const std::string& in_params, const std::string& out_params,
                      std::string operation, std::string name, std::vector<std::string> options,
                      std::string preamble);

  [[nodiscard]] std::size_t nin() const noexcept { return nin_; }
  [[nodiscard]] std::size_t nout() const noexcept { return params_.size() - nin_; }
  [[nodiscard]] const std::string& name() const noexcept { return name_; }

  /// Checks that outputs of these dtypes (a kernel object's C++ output types) fit the output
  /// parameters: as many, and of their dtypes where those are fixed.
  void check_output_types(const dtype_code* outs, std::size_t n) const;

  /// The "wrong number of arguments" error for a call with n arguments.
  [[noreturn]] void wrong_arity(std::size_t n) const;

  /// The shape of outputs that are not given: the broadcast shape of the non-raw array inputs.
  [[nodiscard]] shape_t output_shape(const argument* inputs) const;

  /// Binds the parameter types, checks shapes, compiles the kernel for this combination of types
  /// and layout (once per device), and launches it on the current stream. `args` holds the
  /// inputs, then the outputs.
  void run(const argument* args) const;

private:
  struct param {
    std::string name;
    std::string type;   ///< a dtype name or a type placeholder
    bool fixed = false; ///< `type` is a dtype name
    dtype_code dtype{}; ///< when fixed
    bool raw = false;
    bool output = false;
  };
  struct bound; // the types and layout of one call

  [[nodiscard]] bound bind(const argument* args) const;
  [[nodiscard]] std::string source(const bound& b) const;
  [[nodiscard]] const function& compiled(const bound& b) const;

  std::vector<param> params_;
  std::size_t nin_ = 0;
  std::string operation_, name_, preamble_;
  std::vector<std::string> options_;
  mutable std::mutex mutex_;                                   // guards compiled_
  mutable std::unordered_map<std::string, function> compiled_; // by types, layout and device
};

} // namespace cupp::detail::rtc
