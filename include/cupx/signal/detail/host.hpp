#pragma once
/// \file
/// The host numerics of cupx::signal: filter design, windows and conversions on std::vector, as
/// SciPy computes them. Compiled once in src/cupx/signal/ (plain C++); the public headers wrap
/// them into cupp arrays.

#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cupx::signal::detail {

using rvec = std::vector<double>;
using cvec = std::vector<std::complex<double>>;

/// Zeros, poles and gain on the host.
struct zpk_h {
  cvec z, p;
  double k = 1.0;
};
/// Numerator and denominator on the host (highest power first, as SciPy).
struct ba_h {
  rvec b, a;
};

// ---- polynomials (polynomial.cpp) -----------------------------------------------------------

/// numpy.roots: the roots of c[0] x^n + ... + c[n] (leading and trailing zeros handled as NumPy
/// does), by the Aberth-Ehrlich iteration with Newton polishing; for real coefficients the
/// complex roots come out as exact conjugate pairs.
cvec roots(const cvec& c);
cvec roots(const rvec& c);
/// numpy.poly of roots: the monic polynomial's coefficients, highest power first.
cvec poly(const cvec& r);
/// The real parts of poly(r) (SciPy keeps them when the roots pair into conjugates).
rvec poly_real(const cvec& r);
/// numpy.polymul / convolve of real sequences.
rvec polymul(const rvec& a, const rvec& b);
/// numpy.polyval (highest power first) at a complex point.
std::complex<double> polyval(const rvec& c, std::complex<double> x);

// ---- special functions of the design (special.cpp) -------------------------------------------

/// The modified Bessel function I0 (Cephes' Chebyshev expansions, as numpy.i0 and
/// scipy.special.i0).
double i0(double x);
/// Complete elliptic integral of the first kind K(m), and K(1 - m1) from m1 (scipy.special.ellipk,
/// ellipkm1), by the arithmetic-geometric mean.
double ellipk(double m);
double ellipkm1(double m1);
/// Jacobi elliptic functions sn, cn, dn of (u, m) (scipy.special.ellipj).
void ellipj(double u, double m, double& sn, double& cn, double& dn);

// ---- windows (windows.cpp) -------------------------------------------------------------------

/// A window by name (SciPy's names and aliases, `_periodic`/`_symmetric` suffixes) with its
/// parameters; `beta` alone (no name) is a Kaiser window.
struct window_desc {
  std::string name;
  rvec params;
  bool is_beta = false;
};
rvec get_window(const window_desc& w, std::int64_t n, bool fftbins);
rvec general_cosine(std::int64_t m, const rvec& a, bool sym);
rvec boxcar(std::int64_t m, bool sym);
rvec triang(std::int64_t m, bool sym);
rvec parzen(std::int64_t m, bool sym);
rvec bohman(std::int64_t m, bool sym);
rvec bartlett(std::int64_t m, bool sym);
rvec tukey(std::int64_t m, double alpha, bool sym);
rvec barthann(std::int64_t m, bool sym);
rvec kaiser(std::int64_t m, double beta, bool sym);
rvec kaiser_bessel_derived(std::int64_t m, double beta, bool sym);
rvec gaussian(std::int64_t m, double std, bool sym);
rvec general_gaussian(std::int64_t m, double p, double sig, bool sym);
rvec chebwin(std::int64_t m, double at, bool sym);
rvec cosine(std::int64_t m, bool sym);
rvec exponential(std::int64_t m, std::optional<double> center, double tau, bool sym);
rvec taylor(std::int64_t m, int nbar, double sll, bool norm, bool sym);
rvec lanczos(std::int64_t m, bool sym);
/// The first `kmax` DPSS tapers (rows of a kmax x m matrix, row-major); `norm`: 0 the L2 norm,
/// 1 'approximate', 2 'subsample' (SciPy's norm=2, 'approximate', 'subsample').
rvec dpss(std::int64_t m, double nw, std::int64_t kmax, bool sym, int norm);

// ---- IIR design (iir_design.cpp) -------------------------------------------------------------

enum class band { lowpass, highpass, bandpass, bandstop };
enum class family { butter, cheby1, cheby2, ellip, bessel_phase, bessel_delay, bessel_mag };

zpk_h buttap(int n);
zpk_h cheb1ap(int n, double rp);
zpk_h cheb2ap(int n, double rs);
zpk_h ellipap(int n, double rp, double rs);
/// `norm`: 0 phase, 1 delay, 2 mag.
zpk_h besselap(int n, int norm);
zpk_h lp2lp_zpk(const zpk_h& f, double wo);
zpk_h lp2hp_zpk(const zpk_h& f, double wo);
zpk_h lp2bp_zpk(const zpk_h& f, double wo, double bw);
zpk_h lp2bs_zpk(const zpk_h& f, double wo, double bw);
zpk_h bilinear_zpk(const zpk_h& f, double fs);
ba_h lp2lp(const ba_h& f, double wo);
ba_h lp2hp(const ba_h& f, double wo);
ba_h lp2bp(const ba_h& f, double wo, double bw);
ba_h lp2bs(const ba_h& f, double wo, double bw);
ba_h bilinear(const ba_h& f, double fs);
/// scipy.signal.iirfilter's zpk result (the argument checks included).
zpk_h iirfilter(int n, const rvec& wn, std::optional<double> rp, std::optional<double> rs,
                band btype, bool analog, family ftype, std::optional<double> fs);
/// iirnotch (`peak` false) and iirpeak.
ba_h notch_peak(double w0, double q, double fs, bool peak);

// ---- conversions (conversions.cpp) -----------------------------------------------------------

enum class pairing { nearest, keep_odd, minimal };
ba_h normalize(const rvec& b, const rvec& a);
ba_h zpk2tf(const zpk_h& f);
zpk_h tf2zpk(const rvec& b, const rvec& a);
/// (n_sections x 6, row-major); `pair` empty: SciPy's default (minimal for analog, else nearest).
rvec zpk2sos(const zpk_h& f, std::optional<pairing> pair, bool analog);
/// Checks an (n x 6) sos array as SciPy's _validate_sos.
void validate_sos(const rvec& sos, std::int64_t rows, std::int64_t cols);
ba_h sos2tf(const rvec& sos);
zpk_h sos2zpk(const rvec& sos);

// ---- frequency response (freq_response.cpp) --------------------------------------------------

/// The frequencies (rad/sample) of freqz/group_delay: `n` points over [0, pi) or [0, 2 pi).
rvec freq_grid(std::int64_t n, bool whole, bool include_nyquist);
/// H(e^{jw}) = B/A at w (rad/sample).
cvec freqz(const rvec& b, const rvec& a, const rvec& w);
rvec group_delay(const rvec& b, const rvec& a, const rvec& w);

// ---- FIR design (fir_design.cpp) -------------------------------------------------------------

double kaiser_beta(double a);
double kaiser_atten(std::int64_t numtaps, double width);
/// `pass_zero`: 0 false, 1 true, or 2 + a band (lowpass, highpass, bandpass, bandstop).
rvec firwin(std::int64_t numtaps, rvec cutoff, std::optional<double> width,
            const window_desc& window, int pass_zero, bool scale, std::optional<double> fs);
rvec firwin2(std::int64_t numtaps, rvec freq, const rvec& gain, std::optional<std::int64_t> nfreqs,
             const std::optional<window_desc>& window, bool antisymmetric,
             std::optional<double> fs);
/// `type`: 1 bandpass, 2 differentiator, 3 hilbert.
rvec remez(std::int64_t numtaps, rvec bands, const rvec& desired, std::optional<rvec> weight,
           int type, int maxiter, int grid_density, std::optional<double> fs);
/// `use_conv`: SciPy's use='conv' (else 'dot').
rvec savgol_coeffs(std::int64_t window_length, std::int64_t polyorder, std::int64_t deriv,
                   double delta, std::optional<double> pos, bool use_conv);

} // namespace cupx::signal::detail
