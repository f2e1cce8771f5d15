// The differential fuzzer's numpy.fft steps (test/fuzz/steps.hpp).
#include "steps.hpp"

#include <cupp/fft/fft.hpp>
#include <cupp/ndarray.hpp>

#include <optional>
#include <stdexcept>
#include <string>

namespace fuzz {
namespace {

cupp::fft::norm_mode parse_norm(const keywords& kw) {
  const auto it = kw.kv.find("norm");
  if (it == kw.kv.end() || it->second == "backward") return cupp::fft::backward;
  return it->second == "ortho" ? cupp::fft::ortho : cupp::fft::forward;
}

} // namespace

// np.fft's transforms; rfft and rfftn of complex input do not compile in C++ (NumPy's
// TypeError), raised here instead.
array fft_step(const std::string& op, const array& a, const keywords& kw) {
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
    namespace f = cupp::fft;
    const auto norm = parse_norm(kw);
    const auto n = kw.list("n");
    const std::optional<cupp::index_t> n1 = n ? std::optional(n->at(0)) : std::nullopt;
    const auto s = kw.list("s");
    const f::lengths len = s ? f::lengths(*s) : f::lengths();
    const auto ax = kw.list("axes");
    const cupp::axes axes = ax ? cupp::axes(*ax) : cupp::all_axes;
    const cupp::index_t axis = kw.integer("axis", -1);
    if (op == "fft") return f::fft(x, n1, axis, norm);
    if (op == "ifft") return f::ifft(x, n1, axis, norm);
    if (op == "irfft") return f::irfft(x, n1, axis, norm);
    if (op == "hfft") return f::hfft(x, n1, axis, norm);
    if (op == "fftn") return f::fftn(x, len, axes, norm);
    if (op == "ifftn") return f::ifftn(x, len, axes, norm);
    if (op == "irfftn") return f::irfftn(x, len, axes, norm);
    if constexpr (cupp::is_complex_v<T>) {
      throw cupp::type_error(op + " takes real input (a compile-time error in C++)");
    } else {
      if (op == "rfft") return f::rfft(x, n1, axis, norm);
      if (op == "ihfft") return f::ihfft(x, n1, axis, norm);
      if (op == "rfftn") return f::rfftn(x, len, axes, norm);
    }
    throw std::invalid_argument("unknown operation " + op);
  });
}

} // namespace fuzz
