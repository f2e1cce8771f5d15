#pragma once
/// \file
/// The FFT facility: cuFFT on the CUDA backend, FFTW3 on the host backend (src/cuda/fft.cpp,
/// src/host/fft.cpp). One call is one batched transform of rank 1 to 3 described by `fft_desc`,
/// the advanced layout both libraries share: element x[i0, i1, i2] of transform b sits at
/// b * idist + i0 * istride[0] + i1 * istride[1] + i2 * istride[2] of the input (in elements of
/// the input type), likewise for the output. Plans are made with the library's work-area
/// allocation off; each execution takes its work area from the pool on the current stream
/// (src/fft/plan_cache.cpp keeps the plans, per device and host thread, in an LRU cache).

#include <cupp/core/config.hpp>

#include <array>
#include <compare>
#include <cstddef>
#include <memory>

namespace cupp::detail::fft {

/// complex to complex, real to complex (the last transform dimension n gives n / 2 + 1 complex
/// values), complex to real (the input is destroyed).
enum class kind : unsigned char { c2c, r2c, c2r };

struct desc {
  kind k = kind::c2c;
  bool dbl = false;     ///< double precision (complex128 / float64), else single
  bool forward = true;  ///< c2c's direction (r2c is forward, c2r inverse)
  bool inplace = false; ///< in == out (FFTW plans the two cases apart)
  int rank = 1;
  std::array<index_t, 3> n{};       ///< logical sizes (real sizes for r2c/c2r)
  std::array<index_t, 3> istride{}; ///< per transform dimension, input elements
  std::array<index_t, 3> ostride{}; ///< per transform dimension, output elements
  index_t batch = 1;
  index_t idist = 0, odist = 0;
  auto operator<=>(const desc&) const = default;
};

/// One library plan for one `desc` (a cufftHandle, an FFTW plan), freed with its last owner.
class plan {
public:
  virtual ~plan() = default;
  /// The bytes of work area one execution needs.
  [[nodiscard]] virtual std::size_t work_bytes() const noexcept = 0;
};
using plan_ptr = std::shared_ptr<const plan>;

/// A new plan for `d` on the current device (not cached). value_error when the library cannot
/// make it.
[[nodiscard]] plan_ptr make_plan(const desc& d);

/// Runs `p` (made for `d`) on the current stream, `count` times: run j reads in + j * in_step and
/// writes out + j * out_step (elements), the second batch dimension that one plan cannot hold.
void execute(const plan_ptr& p, const desc& d, const void* in, void* out, index_t count = 1,
             index_t in_step = 0, index_t out_step = 0);

/// The plan for `d` from this thread's cache of the current device (made and cached on a miss).
[[nodiscard]] plan_ptr cached_plan(const desc& d);

} // namespace cupp::detail::fft
