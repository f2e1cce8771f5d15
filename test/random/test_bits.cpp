// The promise of docs/random.md: a seed gives the same bits on every backend and GPU. The FNV-1a
// digests of a fixed sequence of calls are in test/fixtures/random_bits.txt, written by the host
// backend (CUPP_RANDOM_BITS_OUT=<file> test_random "[bits]") and checked by both.
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace {

template <class T> std::uint64_t digest(const cupp::ndarray<T>& a) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const T& v : cupp_test::host(a)) {
    unsigned char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    for (unsigned char c : b)
      h = (h ^ c) * 0x100000001b3ull;
  }
  return h;
}

// Sizes that are not multiples of the packed groups, so the last partial vector is covered.
std::map<std::string, std::uint64_t> digests() {
  auto rng = cupp::random::default_rng(20261201);
  const cupp::index_t n = 100003;
  std::map<std::string, std::uint64_t> d;
  d["random_f32"] = digest(rng.random<float>({n}));
  d["random_f64"] = digest(rng.random<double>({n}));
  d["standard_normal_f32"] = digest(rng.standard_normal<float>({n}));
  d["standard_normal_f64"] = digest(rng.standard_normal<double>({n}));
  d["standard_exponential_f32"] = digest(rng.standard_exponential<float>({n}));
  d["standard_exponential_f64"] = digest(rng.standard_exponential<double>({n}));
  d["integers_i8"] = digest(rng.integers<std::int8_t>(-100, 100, {n}));
  d["integers_i32"] = digest(rng.integers<std::int32_t>(0, 1000, {n}));
  d["integers_i64_wide"] = digest(rng.integers<std::int64_t>(0, std::int64_t{3} << 40, {n}));
  d["integers_bool"] = digest(rng.integers<bool>(0, 2, {n}));
  d["uniform"] = digest(rng.uniform(-1.0, 2.0, {n}));
  d["normal"] = digest(rng.normal(3.0, 0.5, {n}));
  d["exponential"] = digest(rng.exponential(2.0, {n}));
  d["normal_array_loc"] = digest(rng.normal(cupp::arange<double>(0, 7), 1.0, {n / 7, 7}));
  return d;
}

} // namespace

TEST_CASE("a seed gives the bits of the fixture on this backend", "[random][bits]") {
  const auto d = digests();
  if (const char* out = std::getenv("CUPP_RANDOM_BITS_OUT")) {
    std::ofstream f(out);
    for (const auto& [name, h] : d)
      f << name << ' ' << h << '\n';
    WARN("wrote " << out);
    return;
  }
  std::ifstream f(CUPP_TEST_FIXTURES "/random_bits.txt");
  REQUIRE(f.good());
  std::map<std::string, std::uint64_t> expect;
  std::string name;
  std::uint64_t h;
  while (f >> name >> h)
    expect[name] = h;
  for (const auto& [k, v] : d) {
    INFO(k);
    REQUIRE(expect.count(k) == 1);
    CHECK(expect.at(k) == v);
  }
}
