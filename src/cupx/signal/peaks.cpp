// find_peaks' device steps (peaks.hpp): the compaction of the result, the property filters, the
// prominences and widths; compiled once here, as inline functions of the header their kernels
// were compiled in every unit that includes it.
#include <cupx/signal/peaks.hpp>

namespace cupx::signal::detail {

void select_peaks(find_peaks_result& r, const cupp::ndarray<cupp::index_t>& pos) {
  const auto pick = [&](auto& opt) {
    if (opt) opt = cupp::take(*opt, pos);
  };
  r.peaks = cupp::take(r.peaks, pos);
  auto& p = r.properties;
  pick(p.peak_heights);
  pick(p.left_thresholds);
  pick(p.right_thresholds);
  pick(p.prominences);
  pick(p.left_bases);
  pick(p.right_bases);
  pick(p.widths);
  pick(p.width_heights);
  pick(p.left_ips);
  pick(p.right_ips);
  pick(p.plateau_sizes);
  pick(p.left_edges);
  pick(p.right_edges);
}

void filter_by(find_peaks_result& r, const cupp::ndarray<double>& values, const dev_condition& c) {
  const cupp::index_t m = r.peaks.size();
  if (!c.active() || m == 0) return;
  cupp::ndarray<bool> keep(cupp::shape_t{m});
  cupp::detail::launch_for_each(m, keep_by_fn{values.data(), keep.data(), c, r.peaks.data()});
  const auto pos = cupp::flatnonzero(keep);
  if (pos.size() != m) select_peaks(r, pos);
}

void check_bad(const cupp::ndarray<cupp::index_t>& bad, const cupp::ndarray<cupp::index_t>& peaks,
               const char* before, const char* after) {
  const cupp::index_t m = bad.size();
  if (m == 0) return;
  const cupp::index_t first = cupp::min(bad).item();
  if (first < m) {
    const cupp::index_t peak =
        cupp::take(peaks, cupp::asarray(std::vector<cupp::index_t>{first})).item();
    throw cupp::value_error(before + std::to_string(peak) + after);
  }
}

prominence_data prominences_of(const cupp::ndarray<double>& x,
                               const cupp::ndarray<cupp::index_t>& peaks, cupp::index_t wlen,
                               bool check) {
  const cupp::index_t m = peaks.size();
  prominence_data d{cupp::ndarray<double>(cupp::shape_t{m}),
                    cupp::ndarray<cupp::index_t>(cupp::shape_t{m}),
                    cupp::ndarray<cupp::index_t>(cupp::shape_t{m})};
  cupp::ndarray<cupp::index_t> bad(cupp::shape_t{check ? m : 0});
  if (m > 0)
    cupp::detail::launch_for_each(
        m, prominence_fn{x.data(), peaks.data(), x.size(), m, wlen, d.prominences.data(),
                         d.left_bases.data(), d.right_bases.data(), check ? bad.data() : nullptr});
  if (check) check_bad(bad, peaks, "peak ", " is not a valid index for `x`");
  return d;
}

peak_widths_result widths_of(const cupp::ndarray<double>& x,
                             const cupp::ndarray<cupp::index_t>& peaks, double rel_height,
                             const prominence_data& p, bool check) {
  if (rel_height < 0) throw cupp::value_error("`rel_height` must be greater or equal to 0.0");
  const cupp::index_t m = peaks.size();
  if (p.prominences.size() != m || p.left_bases.size() != m || p.right_bases.size() != m ||
      p.prominences.ndim() != 1 || p.left_bases.ndim() != 1 || p.right_bases.ndim() != 1)
    throw cupp::value_error("arrays in `prominence_data` must have the same shape as `peaks`");
  const auto prom = cupp::ascontiguousarray(p.prominences);
  const auto lb = cupp::ascontiguousarray(p.left_bases),
             rb = cupp::ascontiguousarray(p.right_bases);
  const auto make = [&] { return cupp::ndarray<double>(cupp::shape_t{m}); };
  peak_widths_result w{make(), make(), make(), make()};
  cupp::ndarray<cupp::index_t> bad(cupp::shape_t{check ? m : 0});
  if (m > 0)
    cupp::detail::launch_for_each(m, width_fn{x.data(), peaks.data(), prom.data(), lb.data(),
                                              rb.data(), x.size(), m, rel_height, w.widths.data(),
                                              w.width_heights.data(), w.left_ips.data(),
                                              w.right_ips.data(), check ? bad.data() : nullptr});
  if (check) check_bad(bad, peaks, "prominence data is invalid for peak ", "");
  return w;
}

} // namespace cupx::signal::detail
