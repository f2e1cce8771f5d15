#pragma once
/// \file
/// numpy.fft's transforms: fft ifft rfft irfft hfft ihfft (one axis), fft2 ifft2 rfft2 irfft2
/// fftn ifftn rfftn irfftn (several axes). NumPy 2's arguments and dtypes: complex64 stays
/// complex64, float32 (and float16, bfloat16, computed in float32) gives complex64, float64 and
/// the integers and bool give complex128; the real outputs (irfft, hfft) are the matching floats.
/// `n` / `s` crop or zero-pad the input along the axes; axes may be negative, in any order and
/// repeated (each occurrence is one more transform, as NumPy's loop); `norm` is NumPy's backward,
/// ortho or forward. Any cupp expression is an input: `cp::fft::fft(x * window)` evaluates
/// `x * window` in the one pass that makes cuFFT's input (fft/transform.md in docs/fft.md).
///
/// Positional forms follow NumPy's order, `cp::fft::fft(a, n, axis, norm)`,
/// `cp::fft::fftn(a, s, axes, norm)`; keywords: `cp::fft::fft(a, {.n = 64, .axis = 0,
/// .norm = cp::fft::ortho})`, `cp::fft::rfftn(a, {.s = {8, 8}, .axes = {0, 2}})`; out= is a
/// last argument: `cp::fft::fft(a, {.axis = 0}, out)`.

#include <cupp/core/axes.hpp>
#include <cupp/core/complex.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/half.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/fft/plan.hpp>
#include <cupp/ndarray.hpp>

#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupp::fft {

/// NumPy's `norm=`: which direction is scaled by 1/n (ortho: both by 1/sqrt(n)).
enum class norm_mode { backward, ortho, forward };
inline constexpr norm_mode backward = norm_mode::backward;
inline constexpr norm_mode ortho = norm_mode::ortho;
inline constexpr norm_mode forward = norm_mode::forward;

/// NumPy's `s=` of the transforms over several axes: `{8, 8}`, one length `8`, or None (the
/// default: the axes' own lengths). A class of its own, not shape_t: with an initializer-list
/// constructor GCC 12 would let a designated list `{.s = ...}` convert to it too, making the
/// keyword calls ambiguous (core/axes.hpp says more).
class lengths {
public:
  lengths() = default;
  lengths(std::nullopt_t) {}       // NOLINT(google-explicit-constructor)
  lengths(index_t n) : list_{n} {} // NOLINT(google-explicit-constructor)
  template <class... I, class = std::enable_if_t<(std::is_integral_v<I> && ...)>>
  lengths(index_t first, index_t second, I... more) // NOLINT(google-explicit-constructor)
      : list_{first, second, static_cast<index_t>(more)...} {}
  explicit lengths(std::vector<index_t> list) : list_(std::move(list)) {}
  [[nodiscard]] const std::vector<index_t>& list() const noexcept { return list_; }

private:
  std::vector<index_t> list_;
};

/// Keywords of the one-axis transforms (core/keywords.hpp): `{.n = 64, .axis = 0}`.
struct fft_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<index_t> n = std::nullopt; ///< the length of the transformed axis (None: as is)
  index_t axis = -1;
  norm_mode norm = backward;
  ::cupp::fft::plan* plan = nullptr; ///< an explicit plan (fft/plan.hpp)
};

/// Keywords of the transforms over several axes: `{.s = {8, 8}, .axes = {0, 2}}`. An empty `s`
/// is NumPy's None (the axes' own lengths; irfftn: 2 (m - 1) for the last); `axes` defaults to
/// None (every axis, or the last len(s); fft2's family: the last two).
struct fftn_kw {
  cupp::detail::kw_guard guard_{};
  lengths s = {};
  ::cupp::axes axes = all_axes;
  norm_mode norm = backward;
  ::cupp::fft::plan* plan = nullptr;
};

namespace impl {

/// What the compiled transforms take: the axes (non-negative, NumPy's order, repeats kept) and
/// their lengths, the scaling, a conjugation (of the input for c2r, of the output for r2c: hfft,
/// ihfft), an explicit plan.
struct nd_args {
  std::vector<index_t> axes;
  std::vector<index_t> s;
  norm_mode norm = backward;
  bool conj = false;
  plan* p = nullptr;
};

/// NumPy's _cook_nd_args with its checks: `s` empty is None, `all_axes` None; `c2r`: the default
/// length of the last axis is 2 (m - 1) (irfftn, hfftn).
[[nodiscard]] nd_args cook(const shape_t& shape, const lengths& s, const axes& ax, bool c2r,
                           norm_mode norm, plan* p);
/// One axis (fft's n, axis): NumPy's checks (axis bounds, n >= 1).
[[nodiscard]] nd_args cook1(const shape_t& shape, std::optional<index_t> n, index_t axis, bool c2r,
                            norm_mode norm, plan* p);
/// The other direction's scaling (hfft's and ihfft's norm).
[[nodiscard]] constexpr norm_mode swapped(norm_mode m) {
  return m == backward ? forward : m == forward ? backward : ortho;
}

// The transforms, compiled for float and double (src/fft/transform.cpp). `owned`: x is a
// temporary of the call, which may be overwritten.
template <class R>
[[nodiscard]] ndarray<::cuda::std::complex<R>> c2c(const ndarray<::cuda::std::complex<R>>& x,
                                                   const nd_args& a, bool forward, bool owned);
template <class R>
[[nodiscard]] ndarray<::cuda::std::complex<R>> r2c(const ndarray<R>& x, const nd_args& a);
template <class R>
[[nodiscard]] ndarray<R> c2r(const ndarray<::cuda::std::complex<R>>& x, const nd_args& a);

/// The real type a transform of element type T computes in (NumPy 2's rules).
template <class T>
using real_of =
    std::conditional_t<is_complex_v<T>, real_t<T>,
                       std::conditional_t<std::is_same_v<T, double>, double,
                                          std::conditional_t<is_floating_v<T>, float, double>>>;

/// The input as an array of element type To: the array itself when it already is one (not
/// owned), else one pass evaluating it (owned).
template <class To, class E> ndarray<To> input(const E& e, bool& owned) {
  static_assert(expr::is_expression_v<E>, "cupp::fft needs a cupp array or expression");
  if constexpr (std::is_same_v<E, ndarray<To>>) {
    owned = false;
    return e;
  } else {
    owned = true;
    return ndarray<To>(astype<To>(e));
  }
}

// One transform family: the input converted, then the compiled transform.
template <class E> auto complex_to_complex(const E& e, const nd_args& a, bool forward) {
  using R = real_of<expr::value_type_t<E>>;
  bool owned = false;
  const auto x = input<::cuda::std::complex<R>>(e, owned);
  return c2c<R>(x, a, forward, owned);
}
template <class E> auto real_to_complex(const E& e, const nd_args& a) {
  using T = expr::value_type_t<E>;
  static_assert(!is_complex_v<T>, "rfft and ihfft take real input (NumPy: TypeError)");
  using R = real_of<T>;
  bool owned = false; // r2c never works in place
  return r2c<R>(input<R>(e, owned), a);
}
template <class E> auto complex_to_real(const E& e, const nd_args& a) {
  using R = real_of<expr::value_type_t<E>>;
  bool owned = false; // c2r always copies its input (it destroys it)
  return c2r<R>(input<::cuda::std::complex<R>>(e, owned), a);
}

/// The shape of an expression or array (no evaluation).
template <class E> shape_t input_shape(const E& e) {
  if constexpr (is_ndarray_v<E>) {
    return e.shape();
  } else {
    return expr::broadcast_shape(e);
  }
}

/// out=: the result written into `out` (NumPy's same-kind cast), which must have its shape.
template <class O, class T> ndarray<O> write_out(ndarray<O> out, const ndarray<T>& result) {
  static_assert(is_complex_v<O> || !is_complex_v<T>,
                "out= of a complex transform must be complex64 or complex128");
  static_assert(is_floating_v<O> || is_complex_v<O>, "out= of a transform must be a float array");
  if (out.shape() != result.shape()) throw value_error("output array has wrong shape.");
  out.assign(result);
  return out;
}

// The transforms' directions (a tag per public function).
enum class family { fft, ifft, rfft, irfft, hfft, ihfft };

template <family F, class E> auto run(const E& e, nd_args a) {
  if constexpr (F == family::fft) {
    return complex_to_complex(e, a, true);
  } else if constexpr (F == family::ifft) {
    return complex_to_complex(e, a, false);
  } else if constexpr (F == family::rfft) {
    return real_to_complex(e, a);
  } else if constexpr (F == family::irfft) {
    return complex_to_real(e, a);
  } else if constexpr (F == family::hfft) { // irfft(conj(a)) with the other scaling
    a.norm = swapped(a.norm);
    a.conj = true;
    return complex_to_real(e, a);
  } else { // ihfft: conj(rfft(a)) with the other scaling
    a.norm = swapped(a.norm);
    a.conj = true;
    return real_to_complex(e, a);
  }
}

constexpr bool is_c2r(family f) { return f == family::irfft || f == family::hfft; }

/// NumPy's irfft and hfft (one axis) return result_type(a.real.dtype, 1.0): float16 and bfloat16
/// input give float16 and bfloat16 (computed in float32, rounded once). Its irfftn runs ifft
/// first over all but one axis, giving float32 (cupp's irfftn always does: docs/fft.md).
template <family F, class E, class R> auto half_out(R r) {
  using T = expr::value_type_t<E>;
  if constexpr (is_c2r(F) && is_half_v<T>) {
    return ndarray<T>(astype<T>(r));
  } else {
    return r;
  }
}

/// The one-axis transforms' overloads, one object per function (`cp::fft::fft(...)`).
template <family F> struct transform1 {
  template <class E>
  auto operator()(const E& e, std::optional<index_t> n = std::nullopt, index_t axis = -1,
                  norm_mode norm = backward) const {
    return half_out<F, E>(run<F>(e, cook1(input_shape(e), n, axis, is_c2r(F), norm, nullptr)));
  }
  template <class E> auto operator()(const E& e, const fft_kw& kw) const {
    return half_out<F, E>(
        run<F>(e, cook1(input_shape(e), kw.n, kw.axis, is_c2r(F), kw.norm, kw.plan)));
  }
  template <class E, class O>
  ndarray<O> operator()(const E& e, const fft_kw& kw, ndarray<O> out) const {
    return write_out(std::move(out), (*this)(e, kw));
  }
};

/// The transforms over several axes; `two`: fft2's family, whose default axes are the last two.
template <family F, bool two> struct transformn {
  template <class E>
  auto operator()(const E& e, const lengths& s = {}, const axes& ax = all_axes,
                  norm_mode norm = backward) const {
    return run<F>(e, cook(input_shape(e), s, default_axes(ax), is_c2r(F), norm, nullptr));
  }
  template <class E> auto operator()(const E& e, const fftn_kw& kw) const {
    return run<F>(e,
                  cook(input_shape(e), kw.s, default_axes(kw.axes), is_c2r(F), kw.norm, kw.plan));
  }
  template <class E, class O>
  ndarray<O> operator()(const E& e, const fftn_kw& kw, ndarray<O> out) const {
    return write_out(std::move(out), (*this)(e, kw));
  }

private:
  static axes default_axes(const axes& ax) {
    if (two && ax.all()) return axes(-2, -1);
    return ax;
  }
};

} // namespace impl

/// `np.fft.fft(a, n, axis, norm)`: the discrete Fourier transform along one axis.
inline constexpr impl::transform1<impl::family::fft> fft{};
/// `np.fft.ifft(a, n, axis, norm)`: its inverse.
inline constexpr impl::transform1<impl::family::ifft> ifft{};
/// `np.fft.rfft(a, n, axis, norm)`: of real input, the n / 2 + 1 non-negative frequencies.
inline constexpr impl::transform1<impl::family::rfft> rfft{};
/// `np.fft.irfft(a, n, axis, norm)`: rfft's inverse, n real values (default 2 (m - 1)); the
/// imaginary parts of the zero and (n even) Nyquist terms are ignored, as NumPy's.
inline constexpr impl::transform1<impl::family::irfft> irfft{};
/// `np.fft.hfft(a, n, axis, norm)`: the transform of a Hermitian-symmetric signal given by its
/// first half, n real values (default 2 (m - 1)).
inline constexpr impl::transform1<impl::family::hfft> hfft{};
/// `np.fft.ihfft(a, n, axis, norm)`: hfft's inverse, of real input.
inline constexpr impl::transform1<impl::family::ihfft> ihfft{};

/// `np.fft.fft2(a, s, axes=(-2, -1), norm)`.
inline constexpr impl::transformn<impl::family::fft, true> fft2{};
/// `np.fft.ifft2(a, s, axes=(-2, -1), norm)`.
inline constexpr impl::transformn<impl::family::ifft, true> ifft2{};
/// `np.fft.rfft2(a, s, axes=(-2, -1), norm)`.
inline constexpr impl::transformn<impl::family::rfft, true> rfft2{};
/// `np.fft.irfft2(a, s, axes=(-2, -1), norm)`.
inline constexpr impl::transformn<impl::family::irfft, true> irfft2{};
/// `np.fft.fftn(a, s, axes, norm)`.
inline constexpr impl::transformn<impl::family::fft, false> fftn{};
/// `np.fft.ifftn(a, s, axes, norm)`.
inline constexpr impl::transformn<impl::family::ifft, false> ifftn{};
/// `np.fft.rfftn(a, s, axes, norm)`: rfft over the last of the axes, fft over the others.
inline constexpr impl::transformn<impl::family::rfft, false> rfftn{};
/// `np.fft.irfftn(a, s, axes, norm)`: ifft over all but the last axis, irfft over the last.
inline constexpr impl::transformn<impl::family::irfft, false> irfftn{};

} // namespace cupp::fft
