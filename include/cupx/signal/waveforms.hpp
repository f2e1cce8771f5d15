#pragma once
/// \file
/// scipy.signal's waveforms: chirp, gausspulse, sawtooth, square and unit_impulse. sawtooth,
/// square and chirp are lazy elementwise expressions (one fused kernel where they are assigned
/// or reduced, broadcasting like ufuncs); gausspulse evaluates its parts in one pass. Dtypes are
/// SciPy's under NumPy 2 (see docs/signal.md).

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/half.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cupx::signal {

namespace detail {

/// The dtype a waveform computes in: float32 for float32 and the 16-bit floats, else float64
/// (integers and bool compute as float64, as NumPy's mixing with Python floats does).
template <class T>
using wave_t = std::conditional_t<std::is_same_v<T, float> || cupp::is_half_v<T>, float, double>;

template <class C, class A> CUPP_HD C wave_cast(A a) {
  return static_cast<C>(static_cast<cupp::compute_t<A>>(a));
}

/// NumPy's floating remainder (npy_divmod): the sign of the divisor.
template <class C> CUPP_HD C numpy_mod(C a, C b) {
  C mod = std::fmod(a, b);
  if (b == C(0)) return mod;
  if (mod != C(0)) {
    if ((b < C(0)) != (mod < C(0))) mod += b;
  } else {
    mod = std::copysign(C(0), b);
  }
  return mod;
}

inline constexpr double pi = std::numbers::pi;

/// sawtooth in C: NaN for widths outside [0, 1], else SciPy's two pieces.
template <class C> struct sawtooth_fn {
  using result_type = double;
  C width; // used when there is no width operand
  template <class A> CUPP_HD double operator()(A t) const { return eval(wave_cast<C>(t), width); }
  template <class A, class B> CUPP_HD double operator()(A t, B w) const {
    return eval(wave_cast<C>(t), wave_cast<C>(w));
  }
  CUPP_HD static double eval(C t, C w) {
    w = w + (t - t); // SciPy's broadcasting steps: a NaN or infinite t makes w NaN
    t = t + (w - w);
    if (w > C(1) || w < C(0)) return std::numeric_limits<double>::quiet_NaN();
    const C p = static_cast<C>(pi), tmod = numpy_mod(t, static_cast<C>(2 * pi));
    if (tmod < w * C(2) * p) return static_cast<double>(tmod / (p * w) - C(1));
    return static_cast<double>((p * (w + C(1)) - tmod) / (p * (C(1) - w)));
  }
};

/// square in C: NaN for duties outside [0, 1], else 1 on the first duty * 2 pi, -1 after.
template <class C> struct square_fn {
  using result_type = double;
  C duty;
  template <class A> CUPP_HD double operator()(A t) const { return eval(wave_cast<C>(t), duty); }
  template <class A, class B> CUPP_HD double operator()(A t, B w) const {
    return eval(wave_cast<C>(t), wave_cast<C>(w));
  }
  CUPP_HD static double eval(C t, C w) {
    w = w + (t - t); // SciPy's broadcasting steps: a NaN or infinite t makes w NaN (then -1)
    t = t + (w - w);
    if (w > C(1) || w < C(0)) return std::numeric_limits<double>::quiet_NaN();
    const C tmod = numpy_mod(t, static_cast<C>(2 * pi));
    return tmod < w * C(2) * static_cast<C>(pi) ? 1.0 : -1.0;
  }
};

} // namespace detail

/// `scipy.signal.sawtooth(t, width=1)`: a float64 sawtooth of period 2 pi rising from -1 to 1 on
/// [0, width * 2 pi) and falling back on [width * 2 pi, 2 pi); NaN where width is outside [0, 1].
/// A lazy expression; with a scalar width SciPy computes in float64 (its width becomes a float64
/// array), so does cupx.
template <class E>
requires cupp::expr::is_expression_v<E>
[[nodiscard]] auto sawtooth(const E& t, double width = 1.0) {
  using Op = detail::sawtooth_fn<double>;
  return cupp::expr::node<Op, decltype(cupp::expr::operand(t))>{Op{width},
                                                                {cupp::expr::operand(t)}};
}
/// sawtooth with an array (or expression) of widths, broadcast against t; computed in the
/// promotion of their dtypes (float32 when both are float32).
template <class E, class W>
requires(cupp::expr::is_expression_v<E>&& cupp::expr::is_expression_v<W>)
    [[nodiscard]] auto sawtooth(const E& t, const W& width) {
  using C =
      std::conditional_t<std::is_same_v<detail::wave_t<cupp::expr::value_type_t<E>>, float> &&
                             std::is_same_v<detail::wave_t<cupp::expr::value_type_t<W>>, float>,
                         float, double>;
  using Op = detail::sawtooth_fn<C>;
  cupp::expr::node<Op, decltype(cupp::expr::operand(t)), decltype(cupp::expr::operand(width))> n{
      Op{C(1)}, {cupp::expr::operand(t), cupp::expr::operand(width)}};
  (void)cupp::expr::broadcast_shape(n);
  return n;
}

/// `scipy.signal.square(t, duty=0.5)`: a float64 square wave of period 2 pi, 1 on the first
/// duty * 2 pi of each period and -1 after; NaN where duty is outside [0, 1]. A lazy expression.
template <class E>
requires cupp::expr::is_expression_v<E>
[[nodiscard]] auto square(const E& t, double duty = 0.5) {
  using Op = detail::square_fn<double>;
  return cupp::expr::node<Op, decltype(cupp::expr::operand(t))>{Op{duty}, {cupp::expr::operand(t)}};
}
/// square with an array (or expression) of duty cycles, broadcast against t.
template <class E, class W>
requires(cupp::expr::is_expression_v<E>&& cupp::expr::is_expression_v<W>)
    [[nodiscard]] auto square(const E& t, const W& duty) {
  using C =
      std::conditional_t<std::is_same_v<detail::wave_t<cupp::expr::value_type_t<E>>, float> &&
                             std::is_same_v<detail::wave_t<cupp::expr::value_type_t<W>>, float>,
                         float, double>;
  using Op = detail::square_fn<C>;
  cupp::expr::node<Op, decltype(cupp::expr::operand(t)), decltype(cupp::expr::operand(duty))> n{
      Op{C(0.5)}, {cupp::expr::operand(t), cupp::expr::operand(duty)}};
  (void)cupp::expr::broadcast_shape(n);
  return n;
}

// ---- chirp
// ---------------------------------------------------------------------------------------

/// chirp's `method`: SciPy's 'linear' ('lin', 'li'), 'quadratic' ('quad', 'q'), 'logarithmic'
/// ('log', 'lo') and 'hyperbolic' ('hyp').
enum class chirp_method { linear, quadratic, logarithmic, hyperbolic };

/// A chirp method given as the enum or as SciPy's string (its aliases too; another string
/// raises SciPy's ValueError).
struct chirp_method_spec {
  chirp_method method = chirp_method::linear;
  chirp_method_spec() = default;
  chirp_method_spec(chirp_method m) : method(m) {} // NOLINT(google-explicit-constructor)
  chirp_method_spec(const char* name) : method(parse(name)) {} // NOLINT
  static chirp_method parse(std::string_view s) {
    if (s == "linear" || s == "lin" || s == "li") return chirp_method::linear;
    if (s == "quadratic" || s == "quad" || s == "q") return chirp_method::quadratic;
    if (s == "logarithmic" || s == "log" || s == "lo") return chirp_method::logarithmic;
    if (s == "hyperbolic" || s == "hyp") return chirp_method::hyperbolic;
    throw cupp::value_error("method must be 'linear', 'quadratic', 'logarithmic', or "
                            "'hyperbolic', but a value of '" +
                            std::string(s) + "' was given.");
  }
};

/// Keywords of chirp (scipy.signal.chirp(t, f0, t1, f1, method='linear', phi=0,
/// vertex_zero=True)); phi in degrees.
struct chirp_kw {
  cupp::detail::kw_guard guard_{};
  chirp_method_spec method{};
  double phi = 0.0;
  bool vertex_zero = true;
};

namespace detail {

/// The chirp's phase in R (SciPy's Python-float constants rounded to R first, operations in
/// SciPy's order), then cos(phase + deg2rad(phi)) in float64 (deg2rad returns a float64 scalar,
/// which NumPy 2 does not treat as weak).
template <class R> struct chirp_fn {
  using result_type = double;
  bool wide; // compute in float64 (SciPy's logarithmic beta is a float64 NumPy scalar)
  int kind;  // 0 linear, 1 quadratic vertex zero, 2 quadratic, 3 logarithmic (wide), 4 hyperbolic,
             // 5 2 pi f0 t
  R c0, c1, c2, c3;
  double phi;
  template <class A> CUPP_HD double operator()(A ta) const {
    if (wide) return std::cos(log_phase(wave_cast<double>(ta)) + phi);
    const R t = wave_cast<R>(ta);
    R phase;
    switch (kind) {
    case 0:
      phase = c0 * (c1 * t + c2 * t * t);
      break;
    case 1:
      phase = c0 * (c1 * t + c2 * std::pow(t, R(3)) / R(3));
      break;
    case 2:
      phase = c0 * (c1 * t + c2 * (std::pow(c3 - t, R(3)) - std::pow(c3, R(3))) / R(3));
      break;
    case 4:
      phase = c0 * std::log(std::fabs(R(1) - t / c1));
      break;
    default:
      phase = c0 * t;
      break;
    }
    return std::cos(static_cast<double>(phase) + phi);
  }
  CUPP_HD double log_phase(double t) const { return d0 * (std::pow(d1, t / d2) - 1.0); }
  double d0, d1, d2;
};

} // namespace detail

/// `scipy.signal.chirp(t, f0, t1, f1, method='linear', phi=0, vertex_zero=True)`: a frequency-swept
/// cosine, float64 (SciPy's phase is computed in t's float dtype, float32 for float32 t, except
/// the logarithmic sweep's, float64; then added to the float64 deg2rad(phi)). A lazy expression.
/// `complex=True` is not there.
template <class E>
requires cupp::expr::is_expression_v<E>
[[nodiscard]] auto chirp(const E& t, double f0, double t1, double f1, const chirp_kw& kw = {}) {
  using R = detail::wave_t<cupp::expr::value_type_t<E>>;
  constexpr double pi = detail::pi;
  detail::chirp_fn<R> f{};
  f.phi = kw.phi * (pi / 180.0);
  switch (kw.method.method) {
  case chirp_method::linear: {
    const double beta = (f1 - f0) / t1;
    f.kind = 0;
    f.c0 = R(2 * pi);
    f.c1 = R(f0);
    f.c2 = R(0.5 * beta);
    break;
  }
  case chirp_method::quadratic: {
    const double beta = (f1 - f0) / (t1 * t1);
    f.c0 = R(2 * pi);
    f.c2 = R(beta);
    if (kw.vertex_zero) {
      f.kind = 1;
      f.c1 = R(f0);
    } else {
      f.kind = 2;
      f.c1 = R(f1);
      f.c3 = R(t1);
    }
    break;
  }
  case chirp_method::logarithmic:
    if (f0 * f1 <= 0.0)
      throw cupp::value_error(
          "For a logarithmic chirp, f0 and f1 must be nonzero and have the same sign.");
    if (f0 == f1) {
      f.kind = 5;
      f.c0 = R(2 * pi * f0);
    } else {
      const double beta = t1 / std::log(f1 / f0);
      f.kind = 3;
      f.wide = true;
      f.d0 = 2 * pi * beta * f0;
      f.d1 = f1 / f0;
      f.d2 = t1;
    }
    break;
  case chirp_method::hyperbolic:
    if (f0 == 0 || f1 == 0)
      throw cupp::value_error("For a hyperbolic chirp, f0 and f1 must be nonzero.");
    if (f0 == f1) {
      f.kind = 5;
      f.c0 = R(2 * pi * f0);
    } else {
      const double sing = -f1 * t1 / (f0 - f1);
      f.kind = 4;
      f.c0 = R(2 * pi * (-sing * f0));
      f.c1 = R(sing);
    }
    break;
  }
  return cupp::expr::node<detail::chirp_fn<R>, decltype(cupp::expr::operand(t))>{
      f, {cupp::expr::operand(t)}};
}

// ---- gausspulse
// ----------------------------------------------------------------------------------

/// Keywords of gausspulse (scipy.signal.gausspulse(t, fc=1000, bw=0.5, bwr=-6, tpr=-60)).
struct gausspulse_kw {
  cupp::detail::kw_guard guard_{};
  double fc = 1000.0;
  double bw = 0.5;
  double bwr = -6.0;
  double tpr = -60.0;
};

/// gausspulse's three outputs (SciPy's retquad=True, retenv=True): the in-phase pulse, the
/// quadrature pulse and the envelope.
template <class R> struct gausspulse_parts { cupp::ndarray<R> yI, yQ, yenv; };

namespace detail {

inline std::string fixed2(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

/// SciPy's checks and its `a` (exp(-a t^2) is the envelope).
inline double gauss_a(const gausspulse_kw& kw) {
  if (kw.fc < 0)
    throw cupp::value_error("Center frequency (fc=" + fixed2(kw.fc) + ") must be >=0.");
  if (kw.bw <= 0)
    throw cupp::value_error("Fractional bandwidth (bw=" + fixed2(kw.bw) + ") must be > 0.");
  if (kw.bwr >= 0)
    throw cupp::value_error("Reference level for bandwidth (bwr=" + fixed2(kw.bwr) +
                            ") must be < 0 dB");
  const double ref = std::pow(10.0, kw.bwr / 20.0);
  const double x = pi * kw.fc * kw.bw;
  return -(x * x) / (4.0 * std::log(ref));
}

/// The envelope in float64 (SciPy's `a` is a float64 NumPy scalar, not weak); the carrier's
/// argument 2 pi fc t and its cos and sin in W, t's float dtype (2 pi fc is a weak Python float).
template <class W, class A> struct gauss_fn {
  const A* t;             // contiguous
  double *yi, *yq, *yenv; // yq, yenv may be null
  double minus_a;
  W w;
  CUPP_HD void operator()(cupp::index_t i) const {
    const double ti = wave_cast<double>(t[i]);
    const double env = std::exp(minus_a * ti * ti);
    const W arg = w * wave_cast<W>(t[i]);
    yi[i] = env * static_cast<double>(std::cos(arg));
    if (yq != nullptr) yq[i] = env * static_cast<double>(std::sin(arg));
    if (yenv != nullptr) yenv[i] = env;
  }
};

template <class T>
auto gausspulse_eval(const cupp::ndarray<T>& t_in, const gausspulse_kw& kw, bool all) {
  using W = wave_t<T>;
  const double a = gauss_a(kw);
  const cupp::ndarray<T> t = cupp::ascontiguousarray(t_in);
  const auto make = [&](bool used) {
    return cupp::ndarray<double>(used ? t.shape() : cupp::shape_t{0});
  };
  gausspulse_parts<double> p{make(true), make(all), make(all)};
  if (t.size() > 0)
    cupp::detail::launch_for_each(
        t.size(), gauss_fn<W, T>{t.data(), p.yI.data(), all ? p.yQ.data() : nullptr,
                                 all ? p.yenv.data() : nullptr, -a, W(2 * pi * kw.fc)});
  return p;
}

} // namespace detail

/// `scipy.signal.gausspulse(t, fc, bw, bwr, tpr)`: the in-phase Gaussian-modulated sinusoid
/// exp(-a t^2) cos(2 pi fc t), float64 for every t (SciPy's `a` is a float64 NumPy scalar, which
/// NumPy 2 does not treat as weak).
template <class T>
[[nodiscard]] auto gausspulse(const cupp::ndarray<T>& t, const gausspulse_kw& kw = {}) {
  return detail::gausspulse_eval(t, kw, false).yI;
}

/// gausspulse with SciPy's retquad=True and retenv=True: {yI, yQ, yenv}
/// (`auto [yI, yQ, yenv] = sig::gausspulse_all(t, {.fc = 5e3});`).
template <class T>
[[nodiscard]] auto gausspulse_all(const cupp::ndarray<T>& t, const gausspulse_kw& kw = {}) {
  return detail::gausspulse_eval(t, kw, true);
}

/// `scipy.signal.gausspulse('cutoff', fc, bw, bwr, tpr)`: the time at which the envelope falls
/// to tpr dB. `t` must be "cutoff" (SciPy's ValueError otherwise).
[[nodiscard]] inline double gausspulse(std::string_view t, const gausspulse_kw& kw = {}) {
  const double a = detail::gauss_a(kw);
  if (t != "cutoff") throw cupp::value_error("If `t` is a string, it must be 'cutoff'");
  if (kw.tpr >= 0) throw cupp::value_error("Reference level for time cutoff must be < 0 dB");
  const double tref = std::pow(10.0, kw.tpr / 20.0);
  return std::sqrt(-std::log(tref) / a);
}

// ---- unit_impulse
// --------------------------------------------------------------------------------

namespace detail {

template <class T> struct impulse_fn {
  T* out;
  cupp::index_t lo, hi; // the flat range [lo, hi) set to 1 (a block of the last axes)
  CUPP_HD void operator()(cupp::index_t i) const { out[i] = (i >= lo && i < hi) ? T(1) : T(0); }
};

template <class T>
cupp::ndarray<T> impulse(const cupp::shape_t& shape, const std::vector<cupp::index_t>& idx) {
  const auto nd = static_cast<cupp::index_t>(shape.size());
  const auto k = static_cast<cupp::index_t>(idx.size());
  if (k > nd)
    throw cupp::index_error("too many indices for array: array is " + std::to_string(nd) +
                            "-dimensional, but " + std::to_string(k) + " were indexed");
  // the indexed block: the first k axes fixed, the others whole (NumPy's out[idx] = 1)
  cupp::index_t start = 0, block = 1;
  for (cupp::index_t d = nd - 1; d >= 0; --d) {
    const cupp::index_t ext = shape[static_cast<std::size_t>(d)];
    if (d < k) {
      cupp::index_t i = idx[static_cast<std::size_t>(d)];
      if (i < -ext || i >= ext)
        throw cupp::index_error("index " + std::to_string(i) + " is out of bounds for axis " +
                                std::to_string(d) + " with size " + std::to_string(ext));
      if (i < 0) i += ext;
      start += i * block;
    }
    block *= ext;
  }
  cupp::index_t len = 1;
  for (cupp::index_t d = k; d < nd; ++d)
    len *= shape[static_cast<std::size_t>(d)];
  cupp::ndarray<T> out(shape);
  if (out.size() > 0)
    cupp::detail::launch_for_each(out.size(), impulse_fn<T>{out.data(), start, start + len});
  return out;
}

} // namespace detail

/// `scipy.signal.unit_impulse(shape, idx=None, dtype=float)`: zeros with a 1 at the origin.
template <class T = double>
[[nodiscard]] cupp::ndarray<T> unit_impulse(const cupp::shape_t& shape) {
  return detail::impulse<T>(shape, std::vector<cupp::index_t>(shape.size(), 0));
}
/// unit_impulse with the 1 at `idx` on every axis (SciPy's integer idx; negative counts from
/// the end).
template <class T = double>
[[nodiscard]] cupp::ndarray<T> unit_impulse(const cupp::shape_t& shape, cupp::index_t idx) {
  return detail::impulse<T>(shape, std::vector<cupp::index_t>(shape.size(), idx));
}
/// unit_impulse with the 1 at the index tuple `idx` (fewer indices than axes: a block of ones,
/// as NumPy's `out[idx] = 1`).
template <class T = double>
[[nodiscard]] cupp::ndarray<T> unit_impulse(const cupp::shape_t& shape,
                                            const std::vector<cupp::index_t>& idx) {
  return detail::impulse<T>(shape, idx);
}
/// unit_impulse(shape, "mid"): the 1 at shape // 2.
template <class T = double>
[[nodiscard]] cupp::ndarray<T> unit_impulse(const cupp::shape_t& shape, std::string_view idx) {
  if (idx != "mid")
    throw cupp::index_error("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                            "(`None`) and integer or boolean arrays are valid indices");
  std::vector<cupp::index_t> mid;
  for (const auto e : shape)
    mid.push_back(e / 2);
  return detail::impulse<T>(shape, mid);
}

} // namespace cupx::signal
