// cupx::signal benchmarks (issue 22): IIR filtering of one row of 4M float32 samples (1 << 22),
// float64 coefficients as the designs return them (so the result is float64, as SciPy's and
// CuPy's): lfilter of butter(4, 0.1), sosfilt of butter(8, 0.1, output='sos'), filtfilt of
// butter(4, 0.1). Bandwidth counts one read of x (4 bytes) and one write of y (8 bytes) per
// sample, whatever the number of passes. perf/cupy_bench.py runs the same cases with
// cupyx.scipy.signal.
#include "harness.hpp"

#include <cupx/signal/filtering.hpp>
#include <cupx/signal/iir_design.hpp>

#include <cupp/creation.hpp>
#include <cupp/random/random.hpp>

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
  add("signal sosfilt butter8 4M f32", rw, [&] { y = sig::sosfilt(sos8, x); });
  add("signal filtfilt butter4 4M f32", rw, [&] { y = sig::filtfilt(ba4.b, ba4.a, x); });
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(y.data(), x.data(), 4 * static_cast<std::size_t>(n)); });
  const double copy_tbs = 8.0 * static_cast<double>(n) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
