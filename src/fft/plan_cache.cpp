// The FFT plan cache: one LRU list per (host thread, device), as CuPy's; the plans come from the
// backend (src/cuda/fft.cpp, src/host/fft.cpp) and hold no work area (detail/fft.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/fft/plan.hpp>

#include <iterator>
#include <list>
#include <map>
#include <ostream>
#include <string>

namespace cupp::fft {

namespace dfft = cupp::detail::fft;

namespace {

struct lru {
  std::size_t max_size = 16;  // CuPy's default
  long long max_memsize = -1; // no limit
  std::size_t memsize = 0;
  std::size_t hits = 0, misses = 0;
  std::list<std::pair<dfft::desc, dfft::plan_ptr>> entries; // most recent first
  std::map<dfft::desc, decltype(entries)::iterator> index;

  bool over() const {
    return entries.size() > max_size ||
           (max_memsize >= 0 && memsize > static_cast<std::size_t>(max_memsize));
  }
  void evict() { // the least recently used first; a plan in use lives on with its owners
    while (!entries.empty() && over()) {
      memsize -= entries.back().second->work_bytes();
      index.erase(entries.back().first);
      entries.pop_back();
    }
  }
};

lru& cache_of(int device) {
  thread_local std::map<int, lru> by_device;
  return by_device[device];
}

int resolve(int device) {
  if (device < 0) return current_device();
  detail::check_device_id(device);
  return device;
}

const char* kind_name(dfft::kind k) {
  return k == dfft::kind::c2c ? "C2C" : k == dfft::kind::r2c ? "R2C" : "C2R";
}

} // namespace

plan_cache::plan_cache(int device) : device_(resolve(device)) {}

std::size_t plan_cache::get_size() const { return cache_of(device_).max_size; }
void plan_cache::set_size(std::size_t size) {
  lru& c = cache_of(device_);
  c.max_size = size;
  c.evict();
}
long long plan_cache::get_memsize() const { return cache_of(device_).max_memsize; }
void plan_cache::set_memsize(long long bytes) {
  if (bytes < -1) throw value_error("memsize must be -1 (no limit) or a number of bytes");
  lru& c = cache_of(device_);
  c.max_memsize = bytes;
  c.evict();
}
std::size_t plan_cache::get_curr_size() const { return cache_of(device_).entries.size(); }
std::size_t plan_cache::get_curr_memsize() const { return cache_of(device_).memsize; }
std::size_t plan_cache::hits() const { return cache_of(device_).hits; }
std::size_t plan_cache::misses() const { return cache_of(device_).misses; }
void plan_cache::clear() {
  lru& c = cache_of(device_);
  c.index.clear();
  c.entries.clear();
  c.memsize = 0;
}

void plan_cache::show_info(std::ostream& os) const {
  const lru& c = cache_of(device_);
  os << "------------------- FFT plan cache (device " << device_ << ") -------------------\n"
     << "cache enabled? " << (c.max_size > 0 ? "True" : "False") << "\n"
     << "current / max size   : " << c.entries.size() << " / " << c.max_size << " (counts)\n"
     << "current / max memsize: " << c.memsize << " / "
     << (c.max_memsize < 0 ? std::string("(unlimited)") : std::to_string(c.max_memsize))
     << " (bytes)\n"
     << "hits / misses: " << c.hits << " / " << c.misses << " (counts)\n\n"
     << "cached plans (most recently used first):\n";
  for (const auto& [d, p] : c.entries) {
    os << "key: " << kind_name(d.k) << (d.dbl ? " double" : " single") << " n=(";
    for (int j = 0; j < d.rank; ++j)
      os << (j ? "," : "") << d.n[j];
    os << ") batch=" << d.batch << ", memsize: " << p->work_bytes() << "\n";
  }
}

dfft::plan_ptr plan::next(const dfft::desc& d) {
  if (cursor_ < steps_.size()) {
    if (!(steps_[cursor_].first == d))
      throw value_error("the given FFT plan was made for another layout (shape, strides, axes, "
                        "dtype or direction); make a new plan or reset() it");
    return steps_[cursor_++].second;
  }
  steps_.emplace_back(d, dfft::make_plan(d));
  ++cursor_;
  return steps_.back().second;
}

} // namespace cupp::fft

namespace cupp::detail::fft {

plan_ptr cached_plan(const desc& d) {
  cupp::fft::lru& c = cupp::fft::cache_of(current_device());
  if (c.max_size == 0) { // disabled: the caller's owner frees it after use
    ++c.misses;
    return make_plan(d);
  }
  if (const auto it = c.index.find(d); it != c.index.end()) {
    ++c.hits;
    c.entries.splice(c.entries.begin(), c.entries, it->second);
    return it->second->second;
  }
  ++c.misses;
  plan_ptr p = make_plan(d);
  c.entries.emplace_front(d, p);
  c.index.emplace(d, c.entries.begin());
  c.memsize += p->work_bytes();
  c.evict();
  return p;
}

} // namespace cupp::detail::fft
