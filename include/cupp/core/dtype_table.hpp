#pragma once
/// \file
/// The one list of cupp's element types (dtypes). Everything that lists dtypes derives from it:
/// `is_dtype_v`, `dtype_name`, the runtime `dtype` enum and `visit`, the NVRTC parameter types,
/// the explicit instantiations in src/ and the tests' dtype lists. Adding a dtype is a line here
/// plus the operations that genuinely differ for it.

#include <cupp/core/complex.hpp>
#include <cupp/core/half.hpp>

#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

/// `X(type, name, kind, c_name)` for every dtype, in NumPy's order of type numbers: the C++ type,
/// NumPy's name (also the enumerator of `cupp::dtype`), its kind (b, i, u, f, c as NumPy's
/// `dtype.kind`) and the type's spelling in NVRTC-compiled kernels.
#define CUPP_DTYPE_TABLE(X)                                                                        \
  X(bool, bool_, b, "bool")                                                                        \
  X(std::int8_t, int8, i, "signed char")                                                           \
  X(std::int16_t, int16, i, "short")                                                               \
  X(std::int32_t, int32, i, "int")                                                                 \
  X(std::int64_t, int64, i, "long long")                                                           \
  X(std::uint8_t, uint8, u, "unsigned char")                                                       \
  X(std::uint16_t, uint16, u, "unsigned short")                                                    \
  X(std::uint32_t, uint32, u, "unsigned int")                                                      \
  X(std::uint64_t, uint64, u, "unsigned long long")                                                \
  X(::cupp::float16, float16, f, "__half")                                                         \
  X(::cupp::bfloat16, bfloat16, f, "__nv_bfloat16")                                                \
  X(float, float32, f, "float")                                                                    \
  X(double, float64, f, "double")                                                                  \
  X(::cupp::complex64, complex64, c, "cuda::std::complex<float>")                                  \
  X(::cupp::complex128, complex128, c, "cuda::std::complex<double>")

namespace cupp {

/// A dtype at run time (`np.dtype`): one enumerator per row of the table.
enum class dtype : std::uint8_t {
#define CUPP_DTYPE_ENUM(T, name, kind, c_name) name,
  CUPP_DTYPE_TABLE(CUPP_DTYPE_ENUM)
#undef CUPP_DTYPE_ENUM
};

namespace detail {

template <class T> struct dtype_row { static constexpr bool known = false; };
#define CUPP_DTYPE_ROW(T, id, k, c)                                                                \
  template <> struct dtype_row<T> {                                                                \
    static constexpr bool known = true;                                                            \
    static constexpr ::cupp::dtype code = ::cupp::dtype::id;                                       \
    static constexpr const char* name = #id;                                                       \
    static constexpr char kind = #k[0];                                                            \
    static constexpr const char* c_name = c;                                                       \
  };
CUPP_DTYPE_TABLE(CUPP_DTYPE_ROW)
#undef CUPP_DTYPE_ROW

// "bool_" is the enumerator (bool is a keyword); NumPy's name is "bool"
constexpr const char* numpy_name(const char* id) {
  return id[0] == 'b' && id[4] == '_' ? "bool" : id;
}

} // namespace detail

/// True for the element types cupp arrays hold.
template <class T> inline constexpr bool is_dtype_v = detail::dtype_row<T>::known;

/// The runtime dtype of `T` (`np.dtype(T)`).
template <class T> [[nodiscard]] constexpr dtype dtype_of() {
  static_assert(is_dtype_v<T>, "not a cupp dtype");
  return detail::dtype_row<T>::code;
}

/// NumPy's name of the dtype ("float32", "int64", "bool"...).
template <class T> [[nodiscard]] constexpr const char* dtype_name() {
  static_assert(is_dtype_v<T>, "not a cupp dtype");
  return detail::numpy_name(detail::dtype_row<T>::name);
}

/// Every dtype as a tuple of types, in the table's order (test type lists filter it).
using all_dtypes_t = decltype(std::tuple_cat(
#define CUPP_DTYPE_TUPLE(T, name, kind, c_name) std::declval<std::tuple<T>>(),
    CUPP_DTYPE_TABLE(CUPP_DTYPE_TUPLE)
#undef CUPP_DTYPE_TUPLE
        std::tuple<>{}));

/// The dtypes of `Tuple` for which `Pred<T>::value` holds.
template <template <class> class Pred, class Tuple> struct filter_dtypes;
template <template <class> class Pred, class... T> struct filter_dtypes<Pred, std::tuple<T...>> {
  using type = decltype(std::tuple_cat(
      std::declval<std::conditional_t<Pred<T>::value, std::tuple<T>, std::tuple<>>>()...));
};
template <template <class> class Pred, class Tuple = all_dtypes_t>
using filter_dtypes_t = typename filter_dtypes<Pred, Tuple>::type;

/// Calls `f(T{})` with the C++ type of the runtime dtype `d` (the one switch over dtypes).
template <class F> constexpr decltype(auto) visit(dtype d, F&& f) {
  switch (d) {
#define CUPP_DTYPE_CASE(T, name, kind, c_name)                                                     \
  case dtype::name:                                                                                \
    return f(T{});
    CUPP_DTYPE_TABLE(CUPP_DTYPE_CASE)
#undef CUPP_DTYPE_CASE
  }
  return f(bool{}); // not reached: every enumerator has its case
}

/// How many dtypes there are.
inline constexpr int dtype_count = 0
#define CUPP_DTYPE_ONE(...) +1
    CUPP_DTYPE_TABLE(CUPP_DTYPE_ONE);
#undef CUPP_DTYPE_ONE

/// NumPy's name of a runtime dtype.
[[nodiscard]] constexpr const char* dtype_name(dtype d) {
  return visit(d, [](auto t) { return dtype_name<decltype(t)>(); });
}
/// The NVRTC spelling of a runtime dtype's C type.
[[nodiscard]] constexpr const char* dtype_c_name(dtype d) {
  return visit(d, [](auto t) { return detail::dtype_row<decltype(t)>::c_name; });
}
/// NumPy's `dtype.kind`: 'b', 'i', 'u', 'f' or 'c'.
[[nodiscard]] constexpr char dtype_kind(dtype d) {
  return visit(d, [](auto t) { return detail::dtype_row<decltype(t)>::kind; });
}
/// NumPy's `dtype.itemsize`.
[[nodiscard]] constexpr std::size_t dtype_size(dtype d) {
  return visit(d, [](auto t) { return sizeof(t); });
}

/// The dtype NumPy calls `name` ("float32", "bool"...), if any.
[[nodiscard]] constexpr std::optional<dtype> dtype_from_name(std::string_view name) {
  for (int d = 0; d < dtype_count; ++d)
    if (name == dtype_name(static_cast<dtype>(d))) return static_cast<dtype>(d);
  return std::nullopt;
}

} // namespace cupp
