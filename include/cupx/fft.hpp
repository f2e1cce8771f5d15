#pragma once
/// \file
/// `cupx::fft`, scipy.fft's extras on top of cupp::fft (numpy.fft): the real-to-real transforms
/// `dct` `idct` `dst` `idst` (types 1 to 4) and their n-dimensional forms `dctn` `idctn` `dstn`
/// `idstn`; `hfft2` `ihfft2` `hfftn` `ihfftn`; the fast Hankel transform `fht` `ifht` with
/// `fhtoffset`; `next_fast_len` and `prev_fast_len`. Arguments, defaults, dtypes and messages are
/// SciPy's: float32 (and float16, bfloat16) computes in float32, float64 and the integers and
/// bool in float64; a complex input of dct and dst gives the transforms of its real and imaginary
/// parts (SciPy's rule), complex64 or complex128. Every transform runs on the device as a few
/// cupp passes around one cupp::fft transform per axis (docs/cupx.md says which).
///
/// Positional forms follow SciPy's order, `cupx::fft::dct(x, type, n, axis, norm,
/// orthogonalize)`, `cupx::fft::dctn(x, type, s, axes, norm, orthogonalize)`; keywords:
/// `cupx::fft::dct(x, {.type = 4, .n = 16, .axis = 0, .norm = cupx::fft::ortho})`.

#include <cupp/core/axes.hpp>
#include <cupp/core/complex.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/ndarray.hpp>

#include <complex>
#include <optional>
#include <type_traits>
#include <vector>

namespace cupx::fft {

using cupp::index_t;
using cupp::ndarray;
/// SciPy's `norm=`, cupp::fft's: backward (the default), ortho, forward.
using norm_mode = cupp::fft::norm_mode;
inline constexpr norm_mode backward = norm_mode::backward;
inline constexpr norm_mode ortho = norm_mode::ortho;
inline constexpr norm_mode forward = norm_mode::forward;
/// The lengths `s` of the transforms over several axes (`{8, 8}`, one length, or None).
using lengths = cupp::fft::lengths;

/// Keywords of dct, idct, dst, idst (SciPy's order): `{.type = 1, .n = 8, .axis = 0}`.
/// `orthogonalize` unset is SciPy's None: true when norm is ortho.
struct dct_kw {
  cupp::detail::kw_guard guard_{};
  int type = 2;
  std::optional<index_t> n = std::nullopt;
  index_t axis = -1;
  norm_mode norm = backward;
  std::optional<bool> orthogonalize = std::nullopt;
};

/// Keywords of dctn, idctn, dstn, idstn: `{.type = 3, .s = {8, 8}, .axes = {0, 2}}`. An entry -1
/// of `s` keeps that axis' length (SciPy's rule).
struct dctn_kw {
  cupp::detail::kw_guard guard_{};
  int type = 2;
  lengths s = {};
  cupp::axes axes = cupp::all_axes;
  norm_mode norm = backward;
  std::optional<bool> orthogonalize = std::nullopt;
};

namespace impl {

enum class kind { dct, dst };

/// One call's arguments after SciPy's checks: the axes (non-negative, distinct) and their
/// lengths, the type, the direction, the scaling, the orthogonalisation.
struct r2r_args {
  kind k = kind::dct;
  int type = 2;
  bool inverse = false;
  std::vector<index_t> axes;
  std::vector<index_t> s;
  norm_mode norm = backward;
  bool orthogonalize = false;
};

/// SciPy's checks of dct's (type, n, axis) and dctn's (type, s, axes) (src/cupx/fft/args.cpp).
[[nodiscard]] r2r_args cook_r2r(const cupp::shape_t& shape, kind k, int type, bool inverse,
                                std::optional<index_t> n, index_t axis, norm_mode norm,
                                std::optional<bool> orthogonalize);
[[nodiscard]] r2r_args cook_r2rn(const cupp::shape_t& shape, kind k, int type, bool inverse,
                                 const lengths& s, const cupp::axes& axes, norm_mode norm,
                                 std::optional<bool> orthogonalize);
/// SciPy's _init_nd_shape_and_axes: the axes (non-negative) and their lengths; `c2r`: the last
/// length defaults to 2 (m - 1) (hfftn).
[[nodiscard]] cupp::fft::impl::nd_args cook_nd(const cupp::shape_t& shape, const lengths& s,
                                               const cupp::axes& axes, bool c2r, norm_mode norm);

// The transforms, compiled for float and double (src/cupx/fft/realtransforms.cpp).
template <class R> [[nodiscard]] ndarray<R> r2r(const ndarray<R>& x, const r2r_args& a);
template <class R>
[[nodiscard]] ndarray<::cuda::std::complex<R>> r2r(const ndarray<::cuda::std::complex<R>>& x,
                                                   const r2r_args& a);

/// The element type a transform of T computes in: float for float32, float16 and bfloat16,
/// double for float64, the integers and bool; complex inputs keep their precision.
template <class T> using real_of = cupp::fft::impl::real_of<T>;
template <class T>
using r2r_type_t =
    std::conditional_t<cupp::is_complex_v<T>, ::cuda::std::complex<real_of<T>>, real_of<T>>;

template <class E> auto run_r2r(const E& e, const r2r_args& a) {
  static_assert(cupp::expr::is_expression_v<E>, "cupx::fft needs a cupp array or expression");
  using T = r2r_type_t<cupp::expr::value_type_t<E>>;
  bool owned = false;
  return r2r<real_of<T>>(cupp::fft::impl::input<T>(e, owned), a);
}

/// dct, idct, dst, idst.
template <kind K, bool inverse> struct r2r1 {
  template <class E>
  auto operator()(const E& e, int type = 2, std::optional<index_t> n = std::nullopt,
                  index_t axis = -1, norm_mode norm = backward,
                  std::optional<bool> orthogonalize = std::nullopt) const {
    return run_r2r(e, cook_r2r(cupp::fft::impl::input_shape(e), K, type, inverse, n, axis, norm,
                               orthogonalize));
  }
  template <class E> auto operator()(const E& e, const dct_kw& kw) const {
    return (*this)(e, kw.type, kw.n, kw.axis, kw.norm, kw.orthogonalize);
  }
};

/// dctn, idctn, dstn, idstn.
template <kind K, bool inverse> struct r2rn {
  template <class E>
  auto operator()(const E& e, int type = 2, const lengths& s = {},
                  const cupp::axes& axes = cupp::all_axes, norm_mode norm = backward,
                  std::optional<bool> orthogonalize = std::nullopt) const {
    return run_r2r(e, cook_r2rn(cupp::fft::impl::input_shape(e), K, type, inverse, s, axes, norm,
                                orthogonalize));
  }
  template <class E> auto operator()(const E& e, const dctn_kw& kw) const {
    return (*this)(e, kw.type, kw.s, kw.axes, kw.norm, kw.orthogonalize);
  }
};

/// hfftn (c2r) and ihfftn (r2c) with SciPy's argument rules; `two`: hfft2's default axes.
template <bool c2r, bool two> struct hermitian {
  template <class E>
  auto operator()(const E& e, const lengths& s = {}, const cupp::axes& axes = cupp::all_axes,
                  norm_mode norm = backward) const {
    const cupp::axes ax = two && axes.all() ? cupp::axes(-2, -1) : axes;
    using cupp::fft::impl::family;
    return cupp::fft::impl::run < c2r
               ? family::hfft
               : family::ihfft > (e, cook_nd(cupp::fft::impl::input_shape(e), s, ax, c2r, norm));
  }
  template <class E> auto operator()(const E& e, const cupp::fft::fftn_kw& kw) const {
    return (*this)(e, kw.s, kw.axes, kw.norm);
  }
};

/// fht and ifht over the last axis (src/cupx/fft/fftlog.cpp).
template <class R>
[[nodiscard]] ndarray<R> fht(const ndarray<R>& a, double dln, double mu, double offset, double bias,
                             bool inverse);
/// SciPy's fhtcoeff: the n / 2 + 1 coefficients u_m of the transform, on the host.
[[nodiscard]] std::vector<std::complex<double>> fhtcoeff(index_t n, double dln, double mu,
                                                         double offset, double bias, bool inverse);
/// scipy.special.loggamma's value up to a multiple of 2 pi i (what fht and fhtoffset read):
/// Stirling's series after the recurrence has moved the real part to 10 or more.
[[nodiscard]] std::complex<double> loggamma(std::complex<double> z);

template <bool inverse> struct hankel {
  template <class E>
  auto operator()(const E& e, double dln, double mu, double offset = 0.0, double bias = 0.0) const {
    using T = cupp::expr::value_type_t<E>;
    static_assert(!cupp::is_complex_v<T>, "fht takes real input (SciPy: TypeError)");
    using R = real_of<T>;
    bool owned = false;
    return fht<R>(cupp::fft::impl::input<R>(e, owned), dln, mu, offset, bias, inverse);
  }
};

} // namespace impl

/// `scipy.fft.dct(x, type=2, n, axis=-1, norm, orthogonalize)`: the discrete cosine transform.
inline constexpr impl::r2r1<impl::kind::dct, false> dct{};
/// `scipy.fft.idct(x, type=2, n, axis=-1, norm, orthogonalize)`: its inverse.
inline constexpr impl::r2r1<impl::kind::dct, true> idct{};
/// `scipy.fft.dst(x, type=2, n, axis=-1, norm, orthogonalize)`: the discrete sine transform.
inline constexpr impl::r2r1<impl::kind::dst, false> dst{};
/// `scipy.fft.idst(x, type=2, n, axis=-1, norm, orthogonalize)`: its inverse.
inline constexpr impl::r2r1<impl::kind::dst, true> idst{};
/// `scipy.fft.dctn(x, type=2, s, axes, norm, orthogonalize)`: dct over several axes.
inline constexpr impl::r2rn<impl::kind::dct, false> dctn{};
/// `scipy.fft.idctn(x, type=2, s, axes, norm, orthogonalize)`.
inline constexpr impl::r2rn<impl::kind::dct, true> idctn{};
/// `scipy.fft.dstn(x, type=2, s, axes, norm, orthogonalize)`.
inline constexpr impl::r2rn<impl::kind::dst, false> dstn{};
/// `scipy.fft.idstn(x, type=2, s, axes, norm, orthogonalize)`.
inline constexpr impl::r2rn<impl::kind::dst, true> idstn{};

/// `scipy.fft.hfft2(x, s, axes=(-2, -1), norm)`: real output, last length 2 (m - 1) by default.
inline constexpr impl::hermitian<true, true> hfft2{};
/// `scipy.fft.ihfft2(x, s, axes=(-2, -1), norm)`: of real input.
inline constexpr impl::hermitian<false, true> ihfft2{};
/// `scipy.fft.hfftn(x, s, axes, norm)`: irfftn(conj(x)) with the other direction's scaling.
inline constexpr impl::hermitian<true, false> hfftn{};
/// `scipy.fft.ihfftn(x, s, axes, norm)`: conj(rfftn(x)) with the other direction's scaling.
inline constexpr impl::hermitian<false, false> ihfftn{};

/// `scipy.fft.fht(a, dln, mu, offset=0.0, bias=0.0)`: the fast Hankel transform (FFTLog) of
/// logarithmically spaced samples along the last axis.
inline constexpr impl::hankel<false> fht{};
/// `scipy.fft.ifht(A, dln, mu, offset=0.0, bias=0.0)`: its inverse.
inline constexpr impl::hankel<true> ifht{};
/// `scipy.fft.fhtoffset(dln, mu, initial=0.0, bias=0.0)`: the offset nearest `initial` that
/// fulfils FFTLog's low-ringing condition.
[[nodiscard]] double fhtoffset(double dln, double mu, double initial = 0.0, double bias = 0.0);

/// `scipy.fft.next_fast_len(target, real=False)`: the smallest length >= target whose prime
/// factors are those SciPy's FFT has kernels for, 2 3 5 7 11 (real: 2 3 5); 0 for 0. SciPy's rule
/// for portable code: cuFFT's fast lengths are the 2 3 5 7-smooth ones (docs/cupx.md).
[[nodiscard]] index_t next_fast_len(index_t target, bool real = false);
/// `scipy.fft.prev_fast_len(target, real=False)`: the largest such length <= target.
[[nodiscard]] index_t prev_fast_len(index_t target, bool real = false);

} // namespace cupx::fft
