// The column FFT kernel's launcher (CUDA backend): one instantiation per length and precision,
// and the twiddle tables (see fft_columns.cuh).
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/cuda/launch.cuh>

#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "../core/capture.hpp"
#include "fft_columns.cuh"
#include "fft_columns.hpp"

namespace cupp::detail::fft {

namespace {

namespace col = columns;

// The table of one precision on one device, made in long double (each entry correctly rounded
// nearly always) and kept for the process.
template <class R> const col::cx<R>* table() {
  static std::mutex lock;
  static std::map<int, const col::cx<R>*> tables;
  const std::lock_guard<std::mutex> hold(lock);
  const int device = current_device();
  if (const auto it = tables.find(device); it != tables.end()) return it->second;
  std::vector<col::cx<R>> host(col::table_length);
  const long double turn = 2 * 3.141592653589793238462643383279502884L / col::table_length;
  for (int m = 0; m < col::table_length; ++m)
    host[m] = {static_cast<R>(std::cos(turn * m)), static_cast<R>(-std::sin(turn * m))};
  const relaxed_capture relaxed; // as cuFFT's plans: an allocation and a copy at plan time
  void* p = nullptr;
  CUPP_CUDA_CHECK(cudaMalloc(&p, host.size() * sizeof(col::cx<R>)));
  CUPP_CUDA_CHECK(
      cudaMemcpy(p, host.data(), host.size() * sizeof(col::cx<R>), cudaMemcpyHostToDevice));
  return tables[device] = static_cast<const col::cx<R>*>(p);
}

template <class R, int N>
void launch_length(const desc& d, const col::cx<R>* tw, const void* in, void* out, index_t count,
                   index_t in_step, index_t out_step) {
  constexpr int W = col::width_for(N, sizeof(R) == 8);
  constexpr auto kernel = &col::column_fft_kernel<R, N, W>;
  constexpr int smem = (N + N / 16) * W * static_cast<int>(sizeof(col::cx<R>));
  // past 48 KB of shared memory a kernel must ask for it, once on each device (a bit each)
  static std::atomic<unsigned long long> opted_in{0};
  const int device = current_device();
  const unsigned long long bit = device < 64 ? 1ull << device : 0;
  if (!(opted_in.load(std::memory_order_relaxed) & bit)) {
    CUPP_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    opted_in.fetch_or(bit, std::memory_order_relaxed);
  }
  const col::layout l{d.batch, d.istride[0], d.ostride[0], in_step, out_step, !d.forward};
  launch_shared<kernel>("column_fft_kernel",
                        dim3(grid_for(d.batch, W), static_cast<unsigned>(count)), dim3(N / 16 * W),
                        smem, static_cast<const col::cx<R>*>(in), static_cast<col::cx<R>*>(out), tw,
                        l);
}

template <class R>
void launch(const desc& d, const void* table, const void* in, void* out, index_t count,
            index_t in_step, index_t out_step) {
  constexpr int longest = sizeof(R) == 8 ? col::max_length_double : col::max_length_single;
  // the instantiation for d's length: min_length << L for L = 0 .. log2(longest / min_length)
  const bool launched = [&]<int... L>(std::integer_sequence<int, L...>) {
    return ((d.n[0] == (col::min_length << L) &&
             (launch_length<R, (col::min_length << L)>(d, static_cast<const col::cx<R>*>(table), in,
                                                       out, count, in_step, out_step),
              true)) ||
            ...);
  }
  (std::make_integer_sequence<int, col::log2_of(longest / col::min_length) + 1>{});
  if (!launched) // columns_take admits none other
    throw value_error("cupp::fft: no column kernel for length " + std::to_string(d.n[0]) +
                      " (a cupp bug)");
}

} // namespace

bool columns_take(const desc& d) {
  if (d.k != kind::c2c || d.rank != 1 || d.idist != 1 || d.odist != 1) return false;
  const index_t n = d.n[0];
  if (n < col::min_length || n > (d.dbl ? col::max_length_double : col::max_length_single) ||
      (n & (n - 1)) != 0)
    return false;
  const int w = col::width_for(static_cast<int>(n), d.dbl);
  return d.batch >= w && d.istride[0] >= d.batch && d.ostride[0] >= d.batch;
}

const void* columns_table(const desc& d) {
  if (d.dbl) return table<double>();
  return table<float>();
}

void run_columns(const desc& d, const void* table, const void* in, void* out, index_t count,
                 index_t in_step, index_t out_step) {
  if (d.dbl) {
    launch<double>(d, table, in, out, count, in_step, out_step);
  } else {
    launch<float>(d, table, in, out, count, in_step, out_step);
  }
}

} // namespace cupp::detail::fft
