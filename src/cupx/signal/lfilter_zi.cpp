// lfilter_zi of a (b, a) pair (filtering.hpp), compiled once here: as an inline function of the
// header its kernel was compiled in every unit that includes it.
#include <cupx/signal/filtering.hpp>

namespace cupx::signal {

cupp::ndarray<double> lfilter_zi(const ba& f) { return lfilter_zi(f.b, f.a); }

} // namespace cupx::signal
