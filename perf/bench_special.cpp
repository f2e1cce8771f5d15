// cupx::special benchmarks (issue 23): elementwise functions of 64M float32 written into a
// preallocated array (out=; CuPy's are new arrays from its warm pool), gammainc(2.5, x) of 64M
// float64, logsumexp and softmax over the rows of a 16384x4096 float32 matrix, scipy.stats'
// zscore over its columns and entropy over its rows. Bandwidth counts the bytes that must move:
// one read and one write per element (logsumexp, entropy: the read). The ndtri and erfinv cases
// scale their input as the CuPy anchors do (ndtri(x / 4)); cupp fuses the scaling into the
// function's kernel, CuPy runs it as a kernel of its own. perf/cupy_bench.py runs the same cases.
#include "harness.hpp"

#include <cupx/special.hpp>
#include <cupx/stats.hpp>

#include <cupp/creation.hpp>
#include <cupp/random/random.hpp>

#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_special.json");
  namespace sp = cupx::special;
  using cupp::index_t;
  std::vector<perf::result> rs;
  const auto add = [&](const char* name, double bytes, auto fn) {
    perf::add_case(rs, name, bytes, fn);
  };
  auto rng = cupp::random::default_rng(7);
  const index_t n = (index_t{64} << 20) / opt.scale;
  const cupp::ndarray<float> x = rng.random<float>({n}) * 4.0f;
  cupp::ndarray<float> y({n});
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(y.data(), x.data(), 4 * std::size_t(n)); });
  const double rw = 8.0 * static_cast<double>(n);
  add("special erf 64M f32", rw, [&] { sp::erf(x, y); });
  add("special gammaln 64M f32", rw, [&] { sp::gammaln(x, y); });
  // 20 calls between two events: the device's time per call without the launch that a single
  // timed call includes (about 5 us, 3% of these); the copy row is the same measure's ceiling
  perf::add_back_to_back_case(rs, "copy 64M f32 back to back", rw,
                              [&] { perf::raw_copy(y.data(), x.data(), 4 * std::size_t(n)); });
  perf::add_back_to_back_case(rs, "special gammaln 64M f32 back to back", rw,
                              [&] { sp::gammaln(x, y); });
  add("special digamma 64M f32", rw, [&] { sp::digamma(x, y); });
  add("special j0 64M f32", rw, [&] { sp::j0(x, y); });
  add("special i0e 64M f32", rw, [&] { sp::i0e(x, y); });
  add("special expit 64M f32", rw, [&] { sp::expit(x, y); });
  add("special ndtri 64M f32", rw, [&] { sp::ndtri(x / 4.0f, y); });
  add("special erfinv 64M f32", rw, [&] { sp::erfinv(x / 4.0f - 0.5f, y); });
  {
    const cupp::ndarray<double> xd = x.astype<double>();
    cupp::ndarray<double> yd({n});
    add("special gammainc 64M f64", 2 * rw, [&] { sp::gammainc(2.5, xd, yd); });
  }
  {
    const index_t rows = 16384 / opt.scale, cols = 4096;
    const cupp::ndarray<float> l = rng.random<float>({rows, cols});
    cupp::ndarray<float> soft({rows, cols});
    const double bytes = 4.0 * static_cast<double>(rows * cols);
    add("logsumexp axis1 16384x4096 f32", bytes, [&] { (void)sp::logsumexp(l, 1); });
    add("softmax axis1 16384x4096 f32", 2 * bytes, [&] { soft = sp::softmax(l, 1); });
    perf::add_back_to_back_case(rs, "logsumexp axis1 16384x4096 f32 back to back", bytes,
                                [&] { (void)sp::logsumexp(l, 1); });
    perf::add_back_to_back_case(rs, "softmax axis1 16384x4096 f32 back to back", 2 * bytes,
                                [&] { soft = sp::softmax(l, 1); });
    add("stats zscore axis0 16384x4096 f32", 2 * bytes,
        [&] { soft = cupx::stats::zscore(l, {.axis = 0}); });
    add("stats entropy axis1 16384x4096 f32", bytes,
        [&] { (void)cupx::stats::entropy(l, {.axis = 1}); });
  }
  const double copy_tbs = 2.0 * 4.0 * static_cast<double>(n) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
