// The statistics' last step of cupx::ndimage's measurements (measurements.hpp), compiled once
// here.
#include <cupx/ndimage/measurements.hpp>

namespace cupx::ndimage::detail {

ndarray<double> finish_stats(const slot_sums& r, int what, index_t slots) {
  ndarray<double> out({slots});
  if (slots == 0) return out;
  const int64_t* c = r.count.data();
  const double* s = r.sum.data();
  const double* q = what >= 2 ? r.sq.data() : nullptr;
  double* o = out.data();
  cupp::detail::launch_for_each(slots, [=] CUPP_HD(index_t i) {
    const auto n = static_cast<double>(c[i]);
    if (what == 0)
      o[i] = s[i];
    else if (what == 1)
      o[i] = s[i] / n;
    else if (what == 2)
      o[i] = q[i] / n;
    else
      o[i] = sqrt(q[i] / n);
  });
  return out;
}

} // namespace cupx::ndimage::detail
