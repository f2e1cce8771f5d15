// cupx::signal benchmarks (issue 22): convolution (fftconvolve, oaconvolve of 1025 taps, direct
// convolve of 33 taps, convolve2d of a 5x5 box over 2048x2048), savgol_filter, medfilt, and IIR
// filtering of one row of 4M float32 samples (1 << 22), float64 coefficients as the designs return
// them (so the result is float64, as SciPy's and CuPy's): lfilter of butter(4, 0.1) and of the
// narrow butter(4, 0.02), sosfilt of butter(8, 0.1, output='sos'), filtfilt of butter(4, 0.1).
// Bandwidth counts one read of x (4 bytes) and one write of y (8 bytes) per sample, whatever the
// number of passes. perf/cupy_bench.py runs the same cases with cupyx.scipy.signal.
// resample_poly(x, 3, 2) of the float32 x (issue 22's resampling) writes 1.5 n float32.
#include "harness.hpp"

#include <cupx/signal/convolution.hpp>
#include <cupx/signal/filtering.hpp>
#include <cupx/signal/iir_design.hpp>
#include <cupx/signal/peaks.hpp>
#include <cupx/signal/resampling.hpp>
#include <cupx/signal/smoothing.hpp>
#include <cupx/signal/spectral.hpp>

#include <cupp/creation.hpp>
#include <cupp/random/random.hpp>

#include <tuple>
#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_signal.json");
  namespace sig = cupx::signal;
  using cupp::index_t;
  std::vector<perf::result> rs;
  const auto add = [&](const char* name, double bytes, auto fn) {
    perf::add_case(rs, name, bytes, fn);
  };
  auto rng = cupp::random::default_rng(22);
  const index_t n = (index_t{1} << 22) / opt.scale;
  const cupp::ndarray<float> x = rng.random<float>({n});
  const auto ba4 = sig::butter(4, 0.1);
  const cupp::ndarray<double> sos8 = sig::butter<sig::sos>(8, 0.1);
  cupp::ndarray<double> y({n});
  const double rw = 12.0 * static_cast<double>(n);
  add("signal lfilter butter4 4M f32", rw, [&] { y = sig::lfilter(ba4.b, ba4.a, x); });
  // a narrow band, butter(4, 0.02): its companion powers reach 3.9e3, too steep for the scan, so
  // the row runs sample after sample in segments of 4096, each warmed up over 4096 more
  // (iir_segment_kernel in detail/cuda/linear_recurrence.cuh)
  const auto ba4n = sig::butter(4, 0.02);
  add("signal lfilter butter4 narrow 4M f32", rw, [&] { y = sig::lfilter(ba4n.b, ba4n.a, x); });
  add("signal sosfilt butter8 4M f32", rw, [&] { y = sig::sosfilt(sos8, x); });
  add("signal filtfilt butter4 4M f32", rw, [&] { y = sig::filtfilt(ba4.b, ba4.a, x); });
  // find_peaks with height=0.9 (about 1 sample in 11 is a peak that passes): one read of x
  cupp::ndarray<cupp::index_t> peaks;
  add("signal find_peaks 4M", 4.0 * static_cast<double>(n),
      [&] { peaks = sig::find_peaks(x, {.height = 0.9}).peaks; });
  // convolution and smoothing (float32 in, float32 out: one read and one write of 4 bytes)
  const double rw32 = 8.0 * static_cast<double>(n);
  const cupp::ndarray<float> h1025 = rng.random<float>({1025});
  const cupp::ndarray<float> h33 = rng.random<float>({33});
  cupp::ndarray<float> y32;
  add("signal fftconvolve 4M 1025", rw32, [&] { y32 = sig::fftconvolve(x, h1025); });
  add("signal oaconvolve 4M 1025", rw32, [&] { y32 = sig::oaconvolve(x, h1025); });
  add("signal convolve direct 4M 33", rw32,
      [&] { y32 = sig::convolve(x, h33, sig::conv_mode::full, sig::conv_method::direct); });
  const index_t side = 2048 / (opt.scale > 1 ? 4 : 1);
  const cupp::ndarray<float> img = rng.random<float>({side, side});
  const cupp::ndarray<float> k5 = cupp::ones<float>({5, 5});
  add("signal convolve2d 2048 k5", 8.0 * static_cast<double>(side * side),
      [&] { y32 = sig::convolve2d(img, k5, sig::conv_mode::same); });
  add("signal savgol_filter 4M 31 3", rw32, [&] { y32 = sig::savgol_filter(x, 31, 3); });
  add("signal medfilt 4M 5", rw32, [&] { y32 = sig::medfilt(x, 5); });
  // spectral analysis (float32 in: welch reads x once; stft also writes the complex64 Zxx of
  // 513 x nseg; hilbert writes n complex64)
  cupp::ndarray<float> pxx;
  add("signal welch 4M nperseg1024", 4.0 * static_cast<double>(n),
      [&] { pxx = sig::welch(x, {.nperseg = 1024}).second; });
  cupp::ndarray<cupp::complex64> zxx;
  const double stft_bytes =
      4.0 * static_cast<double>(n) + 8.0 * 513.0 * (static_cast<double>(n) / 512.0 + 1.0);
  add("signal stft 4M nperseg1024", stft_bytes,
      [&] { zxx = std::get<2>(sig::stft(x, {.nperseg = 1024})); });
  add("signal hilbert 4M", 12.0 * static_cast<double>(n), [&] { zxx = sig::hilbert(x); });
  // resampling: resample_poly(x, 3, 2) of float32 (SciPy's 61-tap Kaiser filter in float32,
  // about 21 taps per output sample); x read, 1.5 n float32 written
  add("signal resample_poly 4M 3 2", 10.0 * static_cast<double>(n),
      [&] { y32 = sig::resample_poly(x, 3, 2, {.axis = -1}); });
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(y.data(), x.data(), 4 * static_cast<std::size_t>(n)); });
  const double copy_tbs = 8.0 * static_cast<double>(n) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
