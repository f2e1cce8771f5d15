// The global RandomState of each device behind numpy.random's module functions (random/module.hpp).
#include <cupp/core/context.hpp>
#include <cupp/random/module.hpp>

#include <map>
#include <mutex>

namespace cupp::random {
namespace {

std::mutex& lock() {
  static std::mutex m;
  return m;
}
std::map<int, RandomState>& generators() {
  static std::map<int, RandomState> g;
  return g;
}
RandomState& current(std::map<int, RandomState>& g) {
  const int d = current_device();
  auto it = g.find(d);
  if (it == g.end()) it = g.emplace(d, RandomState()).first;
  return it->second;
}

} // namespace

void with_global_rng(const std::function<void(RandomState&)>& f) {
  std::lock_guard<std::mutex> guard(lock());
  f(current(generators()));
}

void seed(std::uint64_t s) {
  std::lock_guard<std::mutex> guard(lock());
  generators().insert_or_assign(current_device(), RandomState(s)); // no entropy read first
}
void seed() {
  std::lock_guard<std::mutex> guard(lock());
  generators().insert_or_assign(current_device(), RandomState());
}

philox_state get_state() {
  std::lock_guard<std::mutex> guard(lock());
  return current(generators()).get_state();
}
void set_state(const philox_state& s) {
  std::lock_guard<std::mutex> guard(lock());
  current(generators()).set_state(s);
}

} // namespace cupp::random
