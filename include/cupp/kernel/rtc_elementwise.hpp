#pragma once
/// \file
/// Elementwise kernels from CUDA source strings, compiled at run time with NVRTC (CuPy's
/// `ElementwiseKernel`):
///
///     cp::rtc::elementwise_kernel<float> mul("float32 x, float32 y", "float32 z", "z = x * y",
///                                            "mul");
///     cp::ndarray<float> z = mul(x, y);   // broadcasts x and y, allocates z
///     mul(x, y, z);                       // writes into z
///
/// Parameters are `dtype name`, `T name` (a type placeholder, bound by the arrays passed) or
/// `raw ... name` (the whole array, indexed with `name[j]` and `name.size()`); the operation sees
/// each input as a value, each output as a reference, `i` as the element's index and `_ind.size()`
/// as their number. The template arguments are the C++ types of the outputs a call returns
/// (none: outputs must be passed). A kernel compiles on its first call for each combination of
/// argument types and layout, then comes from the cache (docs/kernels.md). On the host backend a
/// call raises cupp::error once its arguments are checked.

#include <cupp/core/dtype.hpp>
#include <cupp/detail/rtc_elementwise.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/kernel/compile_error.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupp::rtc {

namespace detail {
/// True when the last sizeof...(Outs) of `Args` are `ndarray<Outs>...`.
template <class Args, class... Outs> constexpr bool trailing_outputs() {
  constexpr std::size_t n = std::tuple_size_v<Args>, m = sizeof...(Outs);
  if constexpr (n < m) {
    return false;
  } else {
    return []<std::size_t... K>(std::index_sequence<K...>) {
      return (std::is_same_v<std::tuple_element_t<n - m + K, Args>, ndarray<Outs>> && ...);
    }
    (std::index_sequence_for<Outs...>{});
  }
}

/// What a kernel with outputs of types `Outs` returns.
template <class... Outs> struct returned { using type = std::tuple<ndarray<Outs>...>; };
template <> struct returned<> { using type = void; };
template <class Out> struct returned<Out> { using type = ndarray<Out>; };
} // namespace detail

/// An elementwise kernel compiled from source at run time. `Outs` are the dtypes of the arrays a
/// call returns.
template <class... Outs> class elementwise_kernel {
  static_assert((is_dtype_v<Outs> && ...), "output types must be cupp dtypes");
  using program = cupp::detail::rtc::elementwise_program;

public:
  /// What a call returns: nothing, the output array, or a tuple of them.
  using result_type = typename detail::returned<Outs...>::type;

  /// CuPy's `ElementwiseKernel(in_params, out_params, operation, name, options=, preamble=)`.
  /// Raises value_error or type_error for malformed parameter lists and type_error when `Outs`
  /// do not fit the output parameters.
  elementwise_kernel(const std::string& in_params, const std::string& out_params,
                     std::string operation, std::string name = "kernel",
                     std::vector<std::string> options = {}, std::string preamble = "")
      : program_(std::make_shared<const program>(in_params, out_params, std::move(operation),
                                                 std::move(name), std::move(options),
                                                 std::move(preamble))) {
    const cupp::detail::rtc::dtype_code outs[] = {cupp::detail::rtc::code_of<Outs>()...,
                                                  cupp::detail::rtc::dtype_code{}};
    program_->check_output_types(outs, sizeof...(Outs));
  }

  /// `k(inputs...)` returns new outputs of the inputs' broadcast shape; `k(inputs..., outputs...)`
  /// writes the given outputs (and returns them when the kernel names their types). Inputs are
  /// arrays and arithmetic scalars; a scalar converts to its parameter's type.
  template <class... A> result_type operator()(const A&... args) const {
    constexpr std::size_t n = sizeof...(A);
    const std::array<cupp::detail::rtc::argument, n + 1> given{describe(args)..., {}};
    if (n == program_->nin() + program_->nout()) {
      if constexpr (sizeof...(Outs) == 0) {
        program_->run(given.data());
        return;
      } else if constexpr (detail::trailing_outputs<std::tuple<A...>, Outs...>()) {
        program_->run(given.data());
        const auto all = std::tie(args...);
        return [&]<std::size_t... K>(std::index_sequence<K...>) {
          return result(std::get<n - sizeof...(Outs) + K>(all)...);
        }
        (std::index_sequence_for<Outs...>{});
      } else {
        throw type_error("the outputs passed to '" + program_->name() +
                         "' must be arrays of the types it returns");
      }
    }
    if constexpr (sizeof...(Outs) != 0) {
      if (n == program_->nin()) {
        const shape_t shape = program_->output_shape(given.data());
        const std::tuple<ndarray<Outs>...> outs{ndarray<Outs>(shape)...};
        std::array<cupp::detail::rtc::argument, n + sizeof...(Outs)> all;
        std::copy(given.begin(), given.begin() + n, all.begin());
        std::apply(
            [&](const auto&... o) {
              std::size_t k = n;
              ((all[k++] = describe(o)), ...);
            },
            outs);
        program_->run(all.data());
        return std::apply([](const auto&... o) { return result(o...); }, outs);
      }
    }
    program_->wrong_arity(n);
  }

private:
  template <class A> static cupp::detail::rtc::argument describe(const A& a) {
    if constexpr (is_ndarray_v<A>) {
      cupp::detail::check_devices(a);
      cupp::detail::rtc::argument d;
      d.type = cupp::detail::rtc::code_of<typename A::value_type>();
      d.is_array = true;
      d.data = a.data();
      d.shape = a.shape();
      d.strides = a.strides();
      return d;
    } else {
      static_assert(is_scalar_v<A>, "a runtime-compiled elementwise kernel takes cupp arrays and "
                                    "arithmetic scalars (evaluate expressions first)");
      return cupp::detail::rtc::scalar_argument(a);
    }
  }

  template <class... O> static result_type result(const ndarray<O>&... o) {
    if constexpr (sizeof...(O) == 1) {
      return (o, ...);
    } else {
      return result_type{o...};
    }
  }

  std::shared_ptr<const program> program_;
};

} // namespace cupp::rtc
