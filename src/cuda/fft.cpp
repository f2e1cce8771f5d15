// CUDA backend of the FFT facility: cuFFT plans made with cufftMakePlanMany64 and auto-allocation
// off, each execution binding the plan to the current stream and lending it a work area from the
// pool (detail::scratch, stream ordered: no sync, and no plan holds memory between calls); batches
// of columns of the lengths fft_columns.hpp names run on cupp's column kernel instead.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/fft.hpp>
#include <cupp/detail/scratch.hpp>

#include <cufft.h>

#include <optional>
#include <string>

#include "../core/capture.hpp"
#include "fft_columns.hpp"

#define CUPP_CUFFT_CHECK(call)                                                                     \
  do {                                                                                             \
    const cufftResult cupp_status_ = (call);                                                       \
    if (cupp_status_ != CUFFT_SUCCESS)                                                             \
      throw_cufft_error(static_cast<int>(cupp_status_), #call, __FILE__, __LINE__);                \
  } while (0)

namespace cupp::detail::fft {

namespace {

[[noreturn]] void throw_cufft_error(int status, const char* expr, const char* file, int line) {
  if (status == CUFFT_ALLOC_FAILED) throw out_of_memory(api_name(expr) + " failed");
  throw cuda_error(api_name(expr), status, "cufftResult " + std::to_string(status), file, line);
}

cufftType type_of(const desc& d) {
  switch (d.k) {
  case kind::c2c:
    return d.dbl ? CUFFT_Z2Z : CUFFT_C2C;
  case kind::r2c:
    return d.dbl ? CUFFT_D2Z : CUFFT_R2C;
  default:
    return d.dbl ? CUFFT_Z2D : CUFFT_C2R;
  }
}

// A plan of this backend: cuFFT's, or the column kernel's (fft_columns.hpp).
class cuda_plan : public plan {
public:
  virtual void run(const desc& d, const void* in, void* out, index_t count, index_t in_step,
                   index_t out_step) const = 0;
};

class cufft_plan final : public cuda_plan {
public:
  explicit cufft_plan(const desc& d) : device_(current_device()) {
    // cuFFT's advanced layout: the last dimension's stride and, for the others, the embedding
    // extents (the ratio of consecutive strides; transform.cpp only asks for nested layouts)
    long long n[3], inembed[3], onembed[3];
    for (int j = 0; j < d.rank; ++j) {
      n[j] = d.n[j];
      inembed[j] = j ? d.istride[j - 1] / d.istride[j] : d.n[0];
      onembed[j] = j ? d.ostride[j - 1] / d.ostride[j] : d.n[0];
    }
    const relaxed_capture relaxed; // plans allocate their tables (cudaMalloc)
    CUPP_CUFFT_CHECK(cufftCreate(&handle_));
    try {
      CUPP_CUFFT_CHECK(cufftSetAutoAllocation(handle_, 0));
      CUPP_CUFFT_CHECK(cufftMakePlanMany64(handle_, d.rank, n, inembed, d.istride[d.rank - 1],
                                           d.idist, onembed, d.ostride[d.rank - 1], d.odist,
                                           type_of(d), d.batch, &work_));
    } catch (...) {
      cufftDestroy(handle_);
      throw;
    }
  }
  ~cufft_plan() override {
    try {
      const device_guard on(device_);
      cufftDestroy(handle_);
    } catch (...) { // at process exit the device may be gone: nothing left to free
    }
  }
  cufft_plan(const cufft_plan&) = delete;
  cufft_plan& operator=(const cufft_plan&) = delete;

  [[nodiscard]] std::size_t work_bytes() const noexcept override { return work_; }
  void run(const desc& d, const void* in, void* out, index_t count, index_t in_step,
           index_t out_step) const override;

private:
  /// Binds the plan to stream s (a plan runs on one thread at a time: the cache's are per thread,
  /// an explicit plan is not shared between running threads).
  void bind(native_stream s) const {
    if (bound_ && stream_ == s) return;
    CUPP_CUFFT_CHECK(cufftSetStream(handle_, s));
    stream_ = s;
    bound_ = true;
  }

  int device_;
  cufftHandle handle_ = 0;
  std::size_t work_ = 0;
  mutable native_stream stream_ = nullptr;
  mutable bool bound_ = false;
};

template <class C, class R> void exec(const desc& d, cufftHandle h, const void* in, void* out) {
  auto* ci = const_cast<C*>(static_cast<const C*>(in)); // cuFFT's inputs are not const
  auto* co = static_cast<C*>(out);
  auto* ri = const_cast<R*>(static_cast<const R*>(in));
  auto* ro = static_cast<R*>(out);
  const int dir = d.forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  if constexpr (sizeof(R) == 4) {
    if (d.k == kind::c2c)
      CUPP_CUFFT_CHECK(cufftExecC2C(h, ci, co, dir));
    else if (d.k == kind::r2c)
      CUPP_CUFFT_CHECK(cufftExecR2C(h, ri, co));
    else
      CUPP_CUFFT_CHECK(cufftExecC2R(h, ci, ro));
  } else {
    if (d.k == kind::c2c)
      CUPP_CUFFT_CHECK(cufftExecZ2Z(h, ci, co, dir));
    else if (d.k == kind::r2c)
      CUPP_CUFFT_CHECK(cufftExecD2Z(h, ri, co));
    else
      CUPP_CUFFT_CHECK(cufftExecZ2D(h, ci, ro));
  }
}

void cufft_plan::run(const desc& d, const void* in, void* out, index_t count, index_t in_step,
                     index_t out_step) const {
  bind(current_stream());
  std::optional<scratch> work; // most plans need none
  if (work_) {
    work.emplace(work_);
    CUPP_CUFFT_CHECK(cufftSetWorkArea(handle_, work->data()));
  }
  // element sizes of the two sides, for the steps of the outer loop
  const std::size_t real = d.dbl ? 8 : 4, cplx = 2 * real;
  const std::size_t in_size = d.k == kind::r2c ? real : cplx;
  const std::size_t out_size = d.k == kind::c2r ? real : cplx;
  for (index_t j = 0; j < count; ++j) {
    const void* i = static_cast<const char*>(in) + j * in_step * in_size;
    void* o = static_cast<char*>(out) + j * out_step * out_size;
    if (d.dbl)
      exec<cufftDoubleComplex, cufftDoubleReal>(d, handle_, i, o);
    else
      exec<cufftComplex, cufftReal>(d, handle_, i, o);
  }
}

// The column kernel's plan: the device's twiddle table, made with the plan if there is none yet
// (fft_columns.hpp), so that a transform's runs neither allocate nor look it up.
class column_plan final : public cuda_plan {
public:
  explicit column_plan(const desc& d) : table_(columns_table(d)) {}
  [[nodiscard]] std::size_t work_bytes() const noexcept override { return 0; }
  void run(const desc& d, const void* in, void* out, index_t count, index_t in_step,
           index_t out_step) const override {
    run_columns(d, table_, in, out, count, in_step, out_step);
  }

private:
  const void* table_;
};

} // namespace

plan_ptr make_plan(const desc& d) {
  if (columns_take(d)) return std::make_shared<const column_plan>(d);
  return std::make_shared<const cufft_plan>(d);
}

void execute(const plan_ptr& p, const desc& d, const void* in, void* out, index_t count,
             index_t in_step, index_t out_step) {
  static_cast<const cuda_plan&>(*p).run(d, in, out, count, in_step, out_step);
}

} // namespace cupp::detail::fft
