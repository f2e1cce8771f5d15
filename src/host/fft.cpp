// FFTW3 backend of the FFT facility (float and double): guru64 plans of the same advanced layout
// as cuFFT's (FFTW_ESTIMATE, so planning never touches the arrays, and FFTW_UNALIGNED, so one
// plan runs on any buffer through the new-array execute functions). FFTW's planner is not
// thread-safe: planning and destroying hold one lock. Executions run now, or are recorded during a
// graph capture (the plan kept alive by the recording).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/fft.hpp>
#include <cupp/detail/host/record.hpp>

#include <fftw3.h>

#include <mutex>

namespace cupp::detail::fft {

namespace {

std::mutex& planner_lock() {
  static std::mutex m;
  return m;
}

// FFTW's two precisions behind one interface.
template <class R> struct fftw;
template <> struct fftw<float> {
  using plan_t = fftwf_plan;
  using complex_t = fftwf_complex;
  static constexpr auto dft = fftwf_plan_guru64_dft;
  static constexpr auto r2c = fftwf_plan_guru64_dft_r2c;
  static constexpr auto c2r = fftwf_plan_guru64_dft_c2r;
  static constexpr auto exec_dft = fftwf_execute_dft;
  static constexpr auto exec_r2c = fftwf_execute_dft_r2c;
  static constexpr auto exec_c2r = fftwf_execute_dft_c2r;
  static constexpr auto destroy = fftwf_destroy_plan;
};
template <> struct fftw<double> {
  using plan_t = fftw_plan;
  using complex_t = fftw_complex;
  static constexpr auto dft = fftw_plan_guru64_dft;
  static constexpr auto r2c = fftw_plan_guru64_dft_r2c;
  static constexpr auto c2r = fftw_plan_guru64_dft_c2r;
  static constexpr auto exec_dft = fftw_execute_dft;
  static constexpr auto exec_r2c = fftw_execute_dft_r2c;
  static constexpr auto exec_c2r = fftw_execute_dft_c2r;
  static constexpr auto destroy = fftw_destroy_plan;
};

template <class R> class fftw_plan_of final : public plan {
  using F = fftw<R>;
  using C = typename F::complex_t;

public:
  explicit fftw_plan_of(const desc& d) : d_(d) {
    fftw_iodim64 dims[3], batch{d.batch, d.idist, d.odist};
    for (int j = 0; j < d.rank; ++j)
      dims[j] = {d.n[j], d.istride[j], d.ostride[j]};
    // FFTW_ESTIMATE never reads or writes the arrays while planning: any non-null pointers do,
    // distinct ones unless in place
    alignas(16) static R probe[4];
    R* in = probe;
    R* out = d.inplace ? probe : probe + 2;
    const unsigned flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
    const std::lock_guard lock(planner_lock());
    if (d.k == kind::c2c)
      plan_ = F::dft(d.rank, dims, 1, &batch, reinterpret_cast<C*>(in), reinterpret_cast<C*>(out),
                     d.forward ? FFTW_FORWARD : FFTW_BACKWARD, flags);
    else if (d.k == kind::r2c)
      plan_ = F::r2c(d.rank, dims, 1, &batch, in, reinterpret_cast<C*>(out), flags);
    else
      plan_ = F::c2r(d.rank, dims, 1, &batch, reinterpret_cast<C*>(in), out, flags);
    if (!plan_) throw value_error("FFTW could not plan this transform");
  }
  ~fftw_plan_of() override {
    const std::lock_guard lock(planner_lock());
    F::destroy(plan_);
  }
  fftw_plan_of(const fftw_plan_of&) = delete;
  fftw_plan_of& operator=(const fftw_plan_of&) = delete;

  [[nodiscard]] std::size_t work_bytes() const noexcept override { return 0; }

  void run(const void* in, void* out) const {
    auto* ci = reinterpret_cast<C*>(const_cast<void*>(in));
    auto* co = reinterpret_cast<C*>(out);
    if (d_.k == kind::c2c)
      F::exec_dft(plan_, ci, co);
    else if (d_.k == kind::r2c)
      F::exec_r2c(plan_, static_cast<R*>(const_cast<void*>(in)), co);
    else
      F::exec_c2r(plan_, ci, static_cast<R*>(out));
  }

private:
  desc d_;
  typename F::plan_t plan_ = nullptr;
};

template <class R>
void execute_as(const plan_ptr& p, const desc& d, const void* in, void* out, index_t count,
                index_t in_step, index_t out_step) {
  const std::size_t in_size = d.k == kind::r2c ? sizeof(R) : 2 * sizeof(R);
  const std::size_t out_size = d.k == kind::c2r ? sizeof(R) : 2 * sizeof(R);
  run_or_record([=] { // p by value: a recorded graph keeps its plan
    const auto& fp = static_cast<const fftw_plan_of<R>&>(*p);
    for (index_t j = 0; j < count; ++j)
      fp.run(static_cast<const char*>(in) + j * in_step * in_size,
             static_cast<char*>(out) + j * out_step * out_size);
  });
}

} // namespace

plan_ptr make_plan(const desc& d) {
  if (d.dbl) return std::make_shared<const fftw_plan_of<double>>(d);
  return std::make_shared<const fftw_plan_of<float>>(d);
}

void execute(const plan_ptr& p, const desc& d, const void* in, void* out, index_t count,
             index_t in_step, index_t out_step) {
  if (d.dbl)
    execute_as<double>(p, d, in, out, count, in_step, out_step);
  else
    execute_as<float>(p, d, in, out, count, in_step, out_step);
}

} // namespace cupp::detail::fft
