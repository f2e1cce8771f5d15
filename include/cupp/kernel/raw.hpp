#pragma once
/// \file
/// CUDA C++ source compiled at run time with NVRTC, launched like a kernel written in a .cu file
/// (CuPy's `RawModule` and `RawKernel`):
///
///     cp::rtc::raw_kernel add(R"(
///       extern "C" __global__ void add(const float* x, const float* y, float* z, int n) {
///         int i = blockIdx.x * blockDim.x + threadIdx.x;
///         if (i < n) z[i] = x[i] + y[i];
///       })", "add");
///     add((n + 255) / 256, 256, x, y, z, int(n));   // grid, block, arguments
///
/// Arrays are passed as device pointers to their first element (strides are not passed: a kernel
/// indexing them flatly wants C-contiguous arrays), everything else by value. The argument count
/// and each argument's size are checked against the kernel's parameters. The module compiles for
/// the current device's architecture when it is defined, from the in-process cache or the disk
/// cache when it was compiled before (docs/kernels.md); kernels run on the current stream. The
/// host backend cannot compile CUDA: defining a module raises cupp::error there.

#include <cupp/core/context.hpp>
#include <cupp/detail/rtc.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/kernel/compile_error.hpp>
#include <cupp/ndarray.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupp::rtc {

/// Grid or block extents of a launch (CUDA's `dim3`): `256`, `{16, 16}`, `{8, 8, 4}`.
struct dims {
  unsigned x = 1, y = 1, z = 1;
  constexpr dims(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) noexcept
      : x(x_), y(y_), z(z_) {}
};

/// A kernel of a runtime-compiled module (CuPy's `RawKernel`). Copies share the loaded kernel.
class raw_kernel {
public:
  /// Compiles `code` and looks up the kernel `name` (an `extern "C"` function).
  raw_kernel(std::string code, const std::string& name, std::vector<std::string> options = {})
      : raw_kernel(
            std::make_shared<const cupp::detail::rtc::module_source>(
                cupp::detail::rtc::module_source{std::move(code), std::move(options), {}, name}),
            name) {}

  /// The kernel's name.
  [[nodiscard]] const std::string& name() const noexcept { return slots_->name(); }

  /// Launches the kernel over `grid` blocks of `block` threads with `args`
  /// (`kernel(grid, block, args)` in CuPy).
  template <class... A> void operator()(dims grid, dims block, const A&... args) const {
    launch(grid, block, 0, args...);
  }

  /// Launches with `shared_mem` bytes of dynamic shared memory (CuPy's `shared_mem=`).
  template <class... A>
  void launch(dims grid, dims block, std::size_t shared_mem, const A&... args) const {
    const cupp::detail::rtc::function& f = slots_->current();
    std::tuple<decltype(argument(args))...> values{argument(args)...};
    const std::size_t sizes[] = {sizeof(decltype(argument(args)))..., 0};
    cupp::detail::rtc::check_arguments(f, sizes, sizeof...(A));
    const unsigned g[3] = {grid.x, grid.y, grid.z};
    const unsigned b[3] = {block.x, block.y, block.z};
    std::apply(
        [&](auto&... v) {
          void* pointers[] = {static_cast<void*>(&v)..., nullptr};
          cupp::detail::rtc::launch(f, g, b, shared_mem, pointers);
        },
        values);
  }

private:
  friend class raw_module;
  raw_kernel(std::shared_ptr<const cupp::detail::rtc::module_source> source,
             const std::string& name)
      : slots_(std::make_shared<cupp::detail::rtc::kernel_slots>(std::move(source), name)) {
    (void)slots_->current(); // compile errors and unknown names surface here, not at a launch
  }

  /// What a kernel parameter receives for `a`: an array's device pointer, a value as it is.
  template <class A> static auto argument(const A& a) {
    if constexpr (is_ndarray_v<A>) {
      cupp::detail::check_devices(a);
      return a.data();
    } else {
      static_assert(std::is_trivially_copyable_v<A> && !expr::is_expression_v<A>,
                    "a raw kernel's arguments are cupp arrays and trivially copyable values "
                    "(evaluate expressions first)");
      return a;
    }
  }

  std::shared_ptr<cupp::detail::rtc::kernel_slots> slots_;
};

/// A runtime-compiled module of several kernels (CuPy's `RawModule`).
class raw_module {
public:
  /// Compiles `code` with NVRTC `options` for the current device. `name_expressions` are C++
  /// names to keep, such as template instances (`"scale<float>"`), for `get_function`.
  explicit raw_module(std::string code, std::vector<std::string> options = {},
                      std::vector<std::string> name_expressions = {})
      : source_(std::make_shared<const cupp::detail::rtc::module_source>(
            cupp::detail::rtc::module_source{std::move(code), std::move(options),
                                             std::move(name_expressions), "module"})) {
    cupp::detail::rtc::load_module(*source_, current_device());
  }

  /// The kernel `name`: an `extern "C"` name or one of the name expressions.
  [[nodiscard]] raw_kernel get_function(const std::string& name) const {
    return raw_kernel(source_, name);
  }

private:
  std::shared_ptr<const cupp::detail::rtc::module_source> source_;
};

} // namespace cupp::rtc
