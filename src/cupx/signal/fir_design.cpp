// FIR filter design on the host, as scipy.signal computes it: the Kaiser formulas, firwin
// (windowed sinc), firwin2 (frequency sampling), remez (Parks-McClellan) and savgol_coeffs.
#include <cupx/signal/detail/host.hpp>

#include <cupp/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <string>

namespace cupx::signal::detail {

namespace {
constexpr double pi = std::numbers::pi;
using idx = std::int64_t;

double sinc(double x) {
  const double y = pi * (x == 0.0 ? 1.0e-20 : x);
  return std::sin(y) / y;
}

std::string shape_of(std::size_t n) { return "(" + std::to_string(n) + ",)"; }
} // namespace

double kaiser_beta(double a) {
  if (a > 50) return 0.1102 * (a - 8.7);
  if (a > 21) return 0.5842 * std::pow(a - 21, 0.4) + 0.07886 * (a - 21);
  return 0.0;
}

double kaiser_atten(idx numtaps, double width) {
  return 2.285 * static_cast<double>(numtaps - 1) * pi * width + 7.95;
}

rvec firwin(idx numtaps, rvec cutoff, std::optional<double> width, const window_desc& window_in,
            int pass_zero_in, bool scale, std::optional<double> fs_in) {
  const double fs = fs_in ? *fs_in : 2.0;
  const double nyq = 0.5 * fs;
  for (double& c : cutoff)
    c /= nyq;
  if (cutoff.empty()) throw cupp::value_error("At least one cutoff frequency must be given.");
  if (*std::min_element(cutoff.begin(), cutoff.end()) <= 0 ||
      *std::max_element(cutoff.begin(), cutoff.end()) >= 1)
    throw cupp::value_error("Invalid cutoff frequency: frequencies must be greater than 0 and "
                            "less than fs/2.");
  for (std::size_t i = 1; i < cutoff.size(); ++i)
    if (cutoff[i] - cutoff[i - 1] <= 0)
      throw cupp::value_error(
          "Invalid cutoff frequencies: the frequencies must be strictly increasing.");
  window_desc window = window_in;
  if (width) {
    const double atten = kaiser_atten(numtaps, *width / nyq);
    window = window_desc{"kaiser", {kaiser_beta(atten)}, false};
  }
  bool pass_zero = pass_zero_in == 1;
  if (pass_zero_in >= 2) {
    const auto b = static_cast<band>(pass_zero_in - 2);
    const char* name = b == band::lowpass    ? "lowpass"
                       : b == band::highpass ? "highpass"
                       : b == band::bandpass ? "bandpass"
                                             : "bandstop";
    if (b == band::lowpass || b == band::highpass) {
      if (cutoff.size() != 1)
        throw cupp::value_error(std::string("cutoff must have one element if pass_zero==\"") +
                                name + "\", got " + shape_of(cutoff.size()));
    } else if (cutoff.size() <= 1) {
      throw cupp::value_error(std::string("cutoff must have at least two elements if "
                                          "pass_zero==\"") +
                              name + "\", got " + shape_of(cutoff.size()));
    }
    pass_zero = b == band::lowpass || b == band::bandstop;
  }
  const bool pass_nyquist = (cutoff.size() % 2 == 0) == pass_zero;
  if (pass_nyquist && numtaps % 2 == 0)
    throw cupp::value_error("A filter with an even number of coefficients must have zero "
                            "response at the Nyquist frequency.");
  rvec edges;
  if (pass_zero) edges.push_back(0.0);
  edges.insert(edges.end(), cutoff.begin(), cutoff.end());
  if (pass_nyquist) edges.push_back(1.0);
  const double alpha = 0.5 * static_cast<double>(numtaps - 1);
  rvec m(static_cast<std::size_t>(numtaps)), h(static_cast<std::size_t>(numtaps), 0.0);
  for (idx i = 0; i < numtaps; ++i)
    m[static_cast<std::size_t>(i)] = static_cast<double>(i) - alpha;
  for (std::size_t j = 0; j + 1 < edges.size(); j += 2) {
    const double left = edges[j], right = edges[j + 1];
    for (std::size_t i = 0; i < h.size(); ++i) {
      h[i] += right * sinc(right * m[i]);
      h[i] -= left * sinc(left * m[i]);
    }
  }
  const rvec win = get_window(window, numtaps, false);
  for (std::size_t i = 0; i < h.size(); ++i)
    h[i] *= win[i];
  if (scale) {
    const double left = edges[0], right = edges[1];
    const double f = left == 0 ? 0.0 : right == 1 ? 1.0 : 0.5 * (left + right);
    double s = 0.0;
    for (std::size_t i = 0; i < h.size(); ++i)
      s += h[i] * std::cos(pi * m[i] * f);
    for (double& v : h)
      v /= s;
  }
  return h;
}

rvec firwin2(idx numtaps, rvec freq, const rvec& gain, std::optional<idx> nfreqs_in,
             const std::optional<window_desc>& window, bool antisymmetric,
             std::optional<double> fs_in) {
  const double fs = fs_in ? *fs_in : 2.0;
  const double nyq = 0.5 * fs;
  if (freq.size() != gain.size()) throw cupp::value_error("freq and gain must be of same length.");
  if (nfreqs_in && numtaps >= *nfreqs_in)
    throw cupp::value_error("ntaps must be less than nfreqs, but firwin2 was called with ntaps=" +
                            std::to_string(numtaps) + " and nfreqs=" + std::to_string(*nfreqs_in));
  if (freq.empty() || freq[0] != 0 || freq.back() != nyq)
    throw cupp::value_error("freq must start with 0 and end with fs/2.");
  for (std::size_t i = 1; i < freq.size(); ++i)
    if (freq[i] - freq[i - 1] < 0)
      throw cupp::value_error("The values in freq must be nondecreasing.");
  for (std::size_t i = 2; i < freq.size(); ++i)
    if ((freq[i - 1] - freq[i - 2]) + (freq[i] - freq[i - 1]) == 0)
      throw cupp::value_error("A value in freq must not occur more than twice.");
  if (freq.size() > 1 && freq[1] == 0)
    throw cupp::value_error("Value 0 must not be repeated in freq");
  if (freq.size() > 1 && freq[freq.size() - 2] == nyq)
    throw cupp::value_error("Value fs/2 must not be repeated in freq");
  const int ftype = antisymmetric ? (numtaps % 2 == 0 ? 4 : 3) : (numtaps % 2 == 0 ? 2 : 1);
  if (ftype == 2 && gain.back() != 0.0)
    throw cupp::value_error("A Type II filter must have zero gain at the Nyquist frequency.");
  if (ftype == 3 && (gain[0] != 0.0 || gain.back() != 0.0))
    throw cupp::value_error(
        "A Type III filter must have zero gain at zero and Nyquist frequencies.");
  if (ftype == 4 && gain[0] != 0.0)
    throw cupp::value_error("A Type IV filter must have zero gain at zero frequency.");
  idx nfreqs = 0;
  if (nfreqs_in) {
    nfreqs = *nfreqs_in;
  } else {
    idx p = 1;
    while (p < numtaps)
      p *= 2;
    nfreqs = 1 + p;
  }
  bool repeated = false;
  for (std::size_t i = 1; i < freq.size(); ++i)
    repeated = repeated || freq[i] == freq[i - 1];
  if (repeated) {
    const double eps = std::numeric_limits<double>::epsilon() * nyq;
    for (std::size_t k = 0; k + 1 < freq.size(); ++k)
      if (freq[k] == freq[k + 1]) {
        freq[k] = freq[k] - eps;
        freq[k + 1] = freq[k + 1] + eps;
      }
    for (std::size_t i = 1; i < freq.size(); ++i)
      if (freq[i] - freq[i - 1] <= 0) {
        std::ostringstream s;
        s.precision(17);
        s << "freq cannot contain numbers that are too close (within eps * (fs/2): " << eps
          << ") to a repeated value";
        throw cupp::value_error(s.str());
      }
  }
  // numpy.linspace(0, nyq, nfreqs) and numpy.interp
  rvec x(static_cast<std::size_t>(nfreqs)), fx(static_cast<std::size_t>(nfreqs));
  const double step = nfreqs > 1 ? nyq / static_cast<double>(nfreqs - 1) : 0.0;
  for (idx i = 0; i < nfreqs; ++i)
    x[static_cast<std::size_t>(i)] = static_cast<double>(i) * step;
  if (nfreqs > 1) x.back() = nyq;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double xi = x[i];
    if (xi <= freq[0]) {
      fx[i] = gain[0];
    } else if (xi >= freq.back()) {
      fx[i] = gain.back();
    } else {
      const auto it = std::upper_bound(freq.begin(), freq.end(), xi);
      const std::size_t j = static_cast<std::size_t>(it - freq.begin()) - 1;
      const double slope = (gain[j + 1] - gain[j]) / (freq[j + 1] - freq[j]);
      fx[i] = slope * (xi - freq[j]) + gain[j];
      if (std::isnan(fx[i])) { // numpy's fallback for an infinite slope
        fx[i] = slope * (xi - freq[j + 1]) + gain[j + 1];
        if (std::isnan(fx[i]) && gain[j] == gain[j + 1]) fx[i] = gain[j];
      }
    }
  }
  // fx2 = fx * exp(-(numtaps-1)/2 * 1j * pi * x / nyq) (times 1j for types 3 and 4), then the
  // first numtaps points of its inverse real FFT of length 2 (nfreqs - 1), summed directly.
  const idx nfft = 2 * (nfreqs - 1);
  std::vector<std::complex<double>> fx2(static_cast<std::size_t>(nfreqs));
  for (idx k = 0; k < nfreqs; ++k) {
    std::complex<double> shift = std::exp(std::complex<double>(
        0.0, -(static_cast<double>(numtaps) - 1) / 2. * pi * x[static_cast<std::size_t>(k)] / nyq));
    if (ftype > 2) shift *= std::complex<double>(0.0, 1.0);
    fx2[static_cast<std::size_t>(k)] = fx[static_cast<std::size_t>(k)] * shift;
  }
  rvec out(static_cast<std::size_t>(numtaps));
  for (idx n = 0; n < numtaps; ++n) {
    double s = fx2[0].real();
    if (nfft > 0) {
      const double last = fx2[static_cast<std::size_t>(nfreqs - 1)].real();
      s += (n % 2 ? -last : last);
    }
    for (idx k = 1; k < nfreqs - 1; ++k) {
      const double ang = 2 * pi * static_cast<double>((k * n) % nfft) / static_cast<double>(nfft);
      const std::complex<double> v = fx2[static_cast<std::size_t>(k)];
      s += 2 * (v.real() * std::cos(ang) - v.imag() * std::sin(ang));
    }
    out[static_cast<std::size_t>(n)] = nfft > 0 ? s / static_cast<double>(nfft) : s;
  }
  if (window) {
    const rvec wind = get_window(*window, numtaps, false);
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] *= wind[i];
  }
  if (ftype == 3) out[out.size() / 2] = 0.0;
  return out;
}

namespace {

/// The Parks-McClellan exchange on a dense grid (1-based arrays, as the classic formulation).
struct remez_problem {
  rvec grid, des, wt;       // [1..ngrid]
  std::vector<idx> band_of; // [1..ngrid]: each grid point's band
  idx ngrid = 0;
  idx nfcns = 0;
  std::vector<idx> iext; // [1..nfcns+1]
  rvec x, y, ad;         // [1..nz]
  double dev = 0.0;

  /// Lagrange interpolation coefficients in the barycentric form, the products grouped in
  /// `jet` strides (for range).
  void weights() {
    const idx nz = nfcns + 1;
    const idx jet = (nfcns - 1) / 15 + 1;
    for (idx k = 1; k <= nz; ++k) {
      double r = 1.0;
      const double q = x[static_cast<std::size_t>(k)];
      for (idx l = 1; l <= jet; ++l)
        for (idx j = l; j <= nz; j += jet)
          if (j != k) r *= 2.0 * (q - x[static_cast<std::size_t>(j)]);
      ad[static_cast<std::size_t>(k)] = 1.0 / r;
    }
  }
  /// The interpolant at cos(2 pi f).
  [[nodiscard]] double eval(double f) const {
    const double xf = std::cos(2 * pi * f);
    double d = 0.0, p = 0.0;
    for (idx j = 1; j <= nfcns + 1; ++j) {
      const double c = ad[static_cast<std::size_t>(j)] / (xf - x[static_cast<std::size_t>(j)]);
      d += c;
      p += c * y[static_cast<std::size_t>(j)];
    }
    return p / d;
  }
};

/// One exchange: the current reference's deviation and interpolant, then the new reference (the
/// alternating local extrema of the weighted error); false when the deviation stops growing.
bool remez_solve(remez_problem& r, int maxiter, int& iterations) {
  const idx nz = r.nfcns + 1;
  r.x.assign(static_cast<std::size_t>(nz) + 2, 0.0);
  r.y.assign(static_cast<std::size_t>(nz) + 2, 0.0);
  r.ad.assign(static_cast<std::size_t>(nz) + 2, 0.0);
  double devl = -1.0;
  for (iterations = 1; iterations <= maxiter; ++iterations) {
    for (idx j = 1; j <= nz; ++j)
      r.x[static_cast<std::size_t>(j)] =
          std::cos(r.grid[static_cast<std::size_t>(r.iext[static_cast<std::size_t>(j)])] * 2 * pi);
    r.weights();
    double dnum = 0.0, dden = 0.0;
    double sign = 1.0;
    for (idx j = 1; j <= nz; ++j) {
      const auto l = static_cast<std::size_t>(r.iext[static_cast<std::size_t>(j)]);
      dnum += r.ad[static_cast<std::size_t>(j)] * r.des[l];
      dden += sign * r.ad[static_cast<std::size_t>(j)] / r.wt[l];
      sign = -sign;
    }
    double dev = dnum / dden;
    const double nu = dev > 0.0 ? -1.0 : 1.0;
    dev = -nu * dev;
    sign = nu;
    for (idx j = 1; j <= nz; ++j) {
      const auto l = static_cast<std::size_t>(r.iext[static_cast<std::size_t>(j)]);
      r.y[static_cast<std::size_t>(j)] = r.des[l] + sign * dev / r.wt[l];
      sign = -sign;
    }
    r.dev = dev;
    if (dev <= devl) return false;
    devl = dev;
    // the weighted error on the grid (exactly +-dev, alternating, at the reference)
    rvec err(static_cast<std::size_t>(r.ngrid) + 1, 0.0);
    {
      std::size_t j = 1;
      double ref_sign = nu;
      for (idx l = 1; l <= r.ngrid; ++l) {
        if (j <= static_cast<std::size_t>(nz) && r.iext[j] == l) {
          err[static_cast<std::size_t>(l)] = ref_sign * dev;
          ref_sign = -ref_sign;
          ++j;
        } else {
          err[static_cast<std::size_t>(l)] =
              (r.eval(r.grid[static_cast<std::size_t>(l)]) - r.des[static_cast<std::size_t>(l)]) *
              r.wt[static_cast<std::size_t>(l)];
        }
      }
    }
    // local extrema of the error within each band, each at least the deviation
    std::vector<idx> cand;
    const auto same_band = [&](idx a, idx b) {
      return r.band_of[static_cast<std::size_t>(a)] == r.band_of[static_cast<std::size_t>(b)];
    };
    for (idx l = 1; l <= r.ngrid; ++l) {
      const double e = err[static_cast<std::size_t>(l)];
      const double s = e >= 0 ? 1.0 : -1.0;
      if (s * e < dev * (1 - 1e-12)) continue;
      const bool has_prev = l > 1 && same_band(l - 1, l);
      const bool has_next = l < r.ngrid && same_band(l, l + 1);
      if (has_prev && s * err[static_cast<std::size_t>(l - 1)] > s * e) continue;
      if (has_next && s * err[static_cast<std::size_t>(l + 1)] > s * e) continue;
      // of a plateau, keep its first point
      if (has_prev && err[static_cast<std::size_t>(l - 1)] == e) continue;
      cand.push_back(l);
    }
    // alternation: of consecutive extrema of one sign keep the largest
    std::vector<idx> alt;
    for (const idx l : cand) {
      const double e = err[static_cast<std::size_t>(l)];
      if (!alt.empty() && (err[static_cast<std::size_t>(alt.back())] >= 0) == (e >= 0)) {
        if (std::fabs(e) > std::fabs(err[static_cast<std::size_t>(alt.back())])) alt.back() = l;
      } else {
        alt.push_back(l);
      }
    }
    // too many: drop the smaller end
    while (static_cast<idx>(alt.size()) > nz) {
      if (std::fabs(err[static_cast<std::size_t>(alt.front())]) <
          std::fabs(err[static_cast<std::size_t>(alt.back())]))
        alt.erase(alt.begin());
      else
        alt.pop_back();
    }
    if (static_cast<idx>(alt.size()) < nz) return true; // cannot improve: keep the current one
    bool same = true;
    for (idx j = 1; j <= nz; ++j)
      same = same && alt[static_cast<std::size_t>(j - 1)] == r.iext[static_cast<std::size_t>(j)];
    if (same) return true;
    for (idx j = 1; j <= nz; ++j)
      r.iext[static_cast<std::size_t>(j)] = alt[static_cast<std::size_t>(j - 1)];
  }
  return true; // the iteration limit: SciPy keeps the last reference too
}

/// The cosine coefficients alpha[1..nfcns] of the converged interpolant: sampled at nfcns
/// equispaced points of [0, 1/2] (of the grid's span, mapped, where the bands do not cover
/// [0, 1/2]) and transformed back.
rvec remez_coefficients(remez_problem& r, const rvec& edge, idx nbands) {
  const idx nfcns = r.nfcns, nm1 = nfcns - 1, nz = nfcns + 1;
  rvec a(static_cast<std::size_t>(nfcns) + 3, 0.0), alpha(static_cast<std::size_t>(nfcns) + 3, 0.0);
  rvec p(static_cast<std::size_t>(nfcns) + 3, 0.0), q(static_cast<std::size_t>(nfcns) + 3, 0.0);
  const double fsh = 1.0e-06;
  const double cn = static_cast<double>(2 * nfcns - 1);
  const double delf = 1.0 / cn;
  bool full = (edge[1] == 0.0 && edge[static_cast<std::size_t>(2 * nbands)] == 0.5) || nfcns <= 3;
  double aa = 0.0, bb = 0.0;
  if (!full) {
    const double lo = std::cos(2 * pi * r.grid[1]);
    const double hi = std::cos(2 * pi * r.grid[static_cast<std::size_t>(r.ngrid)]);
    aa = 2.0 / (lo - hi);
    bb = -(lo + hi) / (lo - hi);
  }
  for (idx j = 1; j <= nfcns; ++j) {
    double ft = static_cast<double>(j - 1) * delf;
    double xt = std::cos(2 * pi * ft);
    if (!full) {
      xt = (xt - bb) / aa;
      ft = std::acos(xt) / (2 * pi);
    }
    // a reference point within fsh of xt gives its value directly
    idx l = 1;
    while (l <= nz && r.x[static_cast<std::size_t>(l)] >= xt + fsh)
      ++l;
    if (l <= nz && std::fabs(r.x[static_cast<std::size_t>(l)] - xt) < fsh)
      a[static_cast<std::size_t>(j)] = r.y[static_cast<std::size_t>(l)];
    else
      a[static_cast<std::size_t>(j)] = r.eval(ft);
  }
  const double dden = 2 * pi / cn;
  for (idx j = 1; j <= nfcns; ++j) {
    double t = 0.0;
    const double dnum = static_cast<double>(j - 1) * dden;
    for (idx k = 1; k <= nm1; ++k)
      t += a[static_cast<std::size_t>(k + 1)] * std::cos(dnum * static_cast<double>(k));
    alpha[static_cast<std::size_t>(j)] = 2.0 * t + a[1];
  }
  for (idx j = 2; j <= nfcns; ++j)
    alpha[static_cast<std::size_t>(j)] *= 2.0 / cn;
  alpha[1] /= cn;
  if (!full) {
    // the Chebyshev series in the mapped variable back to one in cos(2 pi f)
    const auto at = [](rvec& v, idx i) -> double& { return v[static_cast<std::size_t>(i)]; };
    at(p, 1) = 2.0 * at(alpha, nfcns) * bb + at(alpha, nm1);
    at(p, 2) = 2.0 * aa * at(alpha, nfcns);
    at(q, 1) = at(alpha, nfcns - 2) - at(alpha, nfcns);
    for (idx j = 2; j <= nm1; ++j) {
      if (j >= nm1) {
        aa *= 0.5;
        bb *= 0.5;
      }
      at(p, j + 1) = 0.0;
      for (idx k = 1; k <= j; ++k) {
        at(a, k) = at(p, k);
        at(p, k) = 2.0 * bb * at(a, k);
      }
      at(p, 2) += at(a, 1) * 2.0 * aa;
      for (idx k = 1; k <= j - 1; ++k)
        at(p, k) += at(q, k) + aa * at(a, k + 1);
      for (idx k = 3; k <= j + 1; ++k)
        at(p, k) += aa * at(a, k - 1);
      if (j != nm1) {
        for (idx k = 1; k <= j; ++k)
          at(q, k) = -at(a, k);
        at(q, 1) += at(alpha, nfcns - 1 - j);
      }
    }
    for (idx j = 1; j <= nfcns; ++j)
      at(alpha, j) = at(p, j);
  }
  if (nfcns <= 3) {
    alpha[static_cast<std::size_t>(nfcns) + 1] = 0.0;
    alpha[static_cast<std::size_t>(nfcns) + 2] = 0.0;
  }
  return alpha;
}

} // namespace

rvec remez(idx numtaps, rvec bands, const rvec& desired, std::optional<rvec> weight_in, int type,
           int maxiter, int grid_density, std::optional<double> fs_in) {
  const double fs = fs_in ? *fs_in : 1.0;
  if (type < 1 || type > 3)
    throw cupp::value_error("Type must be 'bandpass', 'differentiator', or 'hilbert'");
  const rvec weight = weight_in ? *weight_in : rvec(desired.size(), 1.0);
  if (numtaps < 2) throw cupp::value_error("The number of taps must be greater than 1.");
  const auto nbands = static_cast<idx>(desired.size());
  if (static_cast<idx>(bands.size()) != 2 * nbands || static_cast<idx>(weight.size()) != nbands)
    throw cupp::value_error("The inputs desired and weight must have same length.\n  The input "
                            "bands must have twice this length.");
  double old = 0.0;
  for (double& b : bands) {
    if (b < old) throw cupp::value_error("Bands must be monotonic starting at zero.");
    if (b * 2 > fs)
      throw cupp::value_error("Band edges should be less than 1/2 the sampling frequency");
    old = b;
    b = old / fs;
  }
  const bool neg = type != 1;
  const bool nodd = numtaps % 2 == 1;
  remez_problem r;
  r.nfcns = numtaps / 2 + (nodd && !neg ? 1 : 0);
  const rvec edge = [&] {
    rvec e{0.0};
    e.insert(e.end(), bands.begin(), bands.end());
    return e;
  }(); // 1-based
  const auto eff = [&](double f, idx band) {
    const double fx = desired[static_cast<std::size_t>(band - 1)];
    return type != 2 ? fx : fx * f;
  };
  const auto wate = [&](double f, idx band) {
    const double w = weight[static_cast<std::size_t>(band - 1)];
    if (type != 2) return w;
    if (desired[static_cast<std::size_t>(band - 1)] >= 0.0001) return w / f;
    return w;
  };
  // the dense grid: grid_density points per coefficient, each band's last point on its edge
  const double delf = 0.5 / static_cast<double>(grid_density * r.nfcns);
  rvec grid{0.0}, des{0.0}, wt{0.0};
  std::vector<idx> band_of{0};
  double g = edge[1];
  if (neg && edge[1] < delf) g = delf;
  for (idx band = 1; band <= nbands; ++band) {
    const double fup = edge[static_cast<std::size_t>(2 * band)];
    if (band > 1) g = edge[static_cast<std::size_t>(2 * band - 1)];
    for (;;) {
      grid.push_back(g);
      band_of.push_back(band);
      des.push_back(eff(g, band));
      wt.push_back(wate(g, band));
      const double next = g + delf;
      if (!(next <= fup)) break;
      g = next;
    }
    grid.back() = fup;
    des.back() = eff(fup, band);
    wt.back() = wate(fup, band);
  }
  idx ngrid = static_cast<idx>(grid.size()) - 1;
  if (neg == nodd && grid[static_cast<std::size_t>(ngrid)] > 0.5 - delf) --ngrid;
  // the equivalent problem in cosines only
  for (idx j = 1; j <= ngrid; ++j) {
    const double f = grid[static_cast<std::size_t>(j)];
    double change = 1.0;
    if (!neg) {
      if (!nodd) change = std::cos(pi * f);
    } else {
      change = nodd ? std::sin(2 * pi * f) : std::sin(pi * f);
    }
    if (!neg && nodd) continue;
    des[static_cast<std::size_t>(j)] /= change;
    wt[static_cast<std::size_t>(j)] *= change;
  }
  r.grid = grid;
  r.des = des;
  r.wt = wt;
  r.band_of = band_of;
  r.ngrid = ngrid;
  r.iext.assign(static_cast<std::size_t>(r.nfcns) + 3, 0);
  const double temp = static_cast<double>(ngrid - 1) / static_cast<double>(r.nfcns);
  for (idx j = 1; j <= r.nfcns; ++j)
    r.iext[static_cast<std::size_t>(j)] = static_cast<idx>(static_cast<double>(j - 1) * temp) + 1;
  r.iext[static_cast<std::size_t>(r.nfcns) + 1] = ngrid;
  int iterations = 0;
  if (!remez_solve(r, maxiter, iterations))
    throw cupp::value_error("Failure to converge at iteration " + std::to_string(iterations) +
                            ", try reducing transition band width.\n");
  const rvec alpha = remez_coefficients(r, edge, nbands);
  const idx nfcns = r.nfcns, nm1 = nfcns - 1, nz = nfcns + 1;
  rvec h(static_cast<std::size_t>(numtaps) + 2, 0.0); // 1-based
  const auto al = [&](idx i) { return alpha[static_cast<std::size_t>(i)]; };
  const auto hh = [&](idx i) -> double& { return h[static_cast<std::size_t>(i)]; };
  if (!neg) {
    if (nodd) {
      for (idx j = 1; j <= nm1; ++j)
        hh(j) = 0.5 * al(nz - j);
      hh(nfcns) = al(1);
    } else {
      hh(1) = 0.25 * al(nfcns);
      for (idx j = 2; j <= nm1; ++j)
        hh(j) = 0.25 * (al(nz - j) + al(nfcns + 2 - j));
      hh(nfcns) = 0.5 * al(1) + 0.25 * al(2);
    }
  } else {
    if (nodd) {
      hh(1) = 0.25 * al(nfcns);
      hh(2) = 0.25 * al(nm1);
      for (idx j = 3; j <= nm1; ++j)
        hh(j) = 0.25 * (al(nz - j) - al(nfcns + 3 - j));
      hh(nfcns) = 0.5 * al(1) - 0.25 * al(3);
      hh(nz) = 0.0;
    } else {
      hh(1) = 0.25 * al(nfcns);
      for (idx j = 2; j <= nm1; ++j)
        hh(j) = 0.25 * (al(nz - j) - al(nfcns + 2 - j));
      hh(nfcns) = 0.5 * al(1) - 0.25 * al(2);
    }
  }
  for (idx j = 1; j <= nfcns; ++j)
    hh(numtaps + 1 - j) = neg ? -hh(j) : hh(j);
  if (neg && nodd) hh(nz) = 0.0;
  return rvec(h.begin() + 1, h.begin() + 1 + numtaps);
}

rvec savgol_coeffs(idx window_length, idx polyorder, idx deriv, double delta,
                   std::optional<double> pos_in, bool use_conv) {
  if (polyorder >= window_length)
    throw cupp::value_error("polyorder must be less than window_length.");
  const idx halflen = window_length / 2, rem = window_length % 2;
  const double pos =
      pos_in ? *pos_in
             : (rem == 0 ? static_cast<double>(halflen) - 0.5 : static_cast<double>(halflen));
  if (!(0 <= pos && pos < static_cast<double>(window_length)))
    throw cupp::value_error("pos must be nonnegative and less than window_length.");
  const auto n = static_cast<std::size_t>(window_length);
  if (deriv > polyorder) return rvec(n, 0.0);
  const auto m = static_cast<std::size_t>(polyorder + 1);
  // x = arange(-pos, window_length - pos), reversed for use='conv'
  rvec x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = -pos + static_cast<double>(i);
  if (use_conv) std::reverse(x.begin(), x.end());
  // The minimum-norm solution of A c = y, A (m x n) = x^order: with A^T = Q R (Householder),
  // c = Q R^{-T} y.
  std::vector<rvec> at(m, rvec(n)); // columns of A^T
  for (std::size_t o = 0; o < m; ++o)
    for (std::size_t i = 0; i < n; ++i)
      at[o][i] = std::pow(x[i], static_cast<double>(o));
  std::vector<rvec> hv; // Householder vectors
  rvec rdiag(m);
  for (std::size_t k = 0; k < m; ++k) {
    double norm = 0.0;
    for (std::size_t i = k; i < n; ++i)
      norm += at[k][i] * at[k][i];
    norm = std::sqrt(norm);
    const double alpha = at[k][k] > 0 ? -norm : norm;
    rvec v(n, 0.0);
    for (std::size_t i = k; i < n; ++i)
      v[i] = at[k][i];
    v[k] -= alpha;
    double vn = 0.0;
    for (std::size_t i = k; i < n; ++i)
      vn += v[i] * v[i];
    if (vn > 0)
      for (std::size_t c = k; c < m; ++c) {
        double s = 0.0;
        for (std::size_t i = k; i < n; ++i)
          s += v[i] * at[c][i];
        s = 2 * s / vn;
        for (std::size_t i = k; i < n; ++i)
          at[c][i] -= s * v[i];
      }
    rdiag[k] = at[k][k];
    hv.push_back(std::move(v));
  }
  // R^T z = y (forward substitution), R's entries at[c][r] for r <= c
  rvec y(m, 0.0);
  double fact = 1.0;
  for (idx i = 2; i <= deriv; ++i)
    fact *= static_cast<double>(i);
  y[static_cast<std::size_t>(deriv)] = fact / std::pow(delta, static_cast<double>(deriv));
  rvec z(m);
  for (std::size_t r = 0; r < m; ++r) {
    double s = y[r];
    for (std::size_t c = 0; c < r; ++c)
      s -= at[r][c] * z[c];
    z[r] = s / rdiag[r];
  }
  // c = Q [z; 0]: apply the reflections in reverse
  rvec coef(n, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    coef[i] = z[i];
  for (std::size_t k = m; k-- > 0;) {
    const rvec& v = hv[k];
    double vn = 0.0, s = 0.0;
    for (std::size_t i = k; i < n; ++i) {
      vn += v[i] * v[i];
      s += v[i] * coef[i];
    }
    if (vn == 0) continue;
    s = 2 * s / vn;
    for (std::size_t i = k; i < n; ++i)
      coef[i] -= s * v[i];
  }
  return coef;
}

} // namespace cupx::signal::detail
