// The global Generator of each device behind numpy.random's module functions (random/module.hpp).
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
std::map<int, Generator>& generators() {
  static std::map<int, Generator> g;
  return g;
}
Generator& current(std::map<int, Generator>& g) {
  const int d = current_device();
  auto it = g.find(d);
  if (it == g.end()) it = g.emplace(d, default_rng()).first;
  return it->second;
}

} // namespace

void with_global_rng(const std::function<void(Generator&)>& f) {
  std::lock_guard<std::mutex> guard(lock());
  f(current(generators()));
}

void seed(std::uint64_t s) {
  std::lock_guard<std::mutex> guard(lock());
  generators().insert_or_assign(current_device(), default_rng(s));
}
void seed() {
  std::lock_guard<std::mutex> guard(lock());
  generators().insert_or_assign(current_device(), default_rng());
}

} // namespace cupp::random
