// The differential fuzzer's numpy.random.Generator steps (test/fuzz/steps.hpp).
#include "steps.hpp"

#include <cupp/core/dtype_table.hpp>
#include <cupp/random/generator.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fuzz {
namespace {

// numpy.random.Generator's steps, from one generator of the process: the values are cupp's own
// (the script checks dtype, shape, error and what the values must satisfy)
cupp::random::Generator& generator() {
  static cupp::random::Generator g = cupp::random::default_rng(20261205);
  return g;
}

// integers' bound: int64, or uint64 above INT64_MAX (uint64's whole range)
cupp::random::int_bound int_bound_of(const std::string& t) {
  if (t[0] != '-' && std::stoull(t) > static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::uint64_t>(std::stoull(t));
  return static_cast<std::int64_t>(std::stoll(t));
}

} // namespace

array random_step(const std::string& op, const std::vector<operand>& in, const keywords& kw) {
  cupp::random::Generator& rng = generator();
  const auto it = kw.kv.find("size");
  const cupp::random::size_arg size = it == kw.kv.end() || it->second == "none"
                                          ? cupp::random::size_arg()
                                          : cupp::random::size_arg(parse_shape(it->second));
  const auto real = [&](const char* k) { return std::stod(kw.kv.at(k)); };
  if (op == "integers")
    return cupp::visit(*cupp::dtype_from_name(kw.kv.at("dtype")), [&](auto t) -> array {
      using T = decltype(t);
      if constexpr (std::is_integral_v<T>)
        return rng.integers<T>(int_bound_of(kw.kv.at("low")), int_bound_of(kw.kv.at("high")), size,
                               kw.integer("endpoint", 0) == 1);
      else
        throw std::invalid_argument("integers of a dtype that is not an integer's");
    });
  if (op == "random")
    return kw.kv.at("dtype") == "float32" ? array(rng.random<float>(size))
                                          : array(rng.random<double>(size));
  if (op == "uniform") return rng.uniform(real("low"), real("high"), size);
  if (op == "normal") return rng.normal(real("loc"), real("scale"), size);
  return in.at(0).a->visit([&](const auto& x) -> array {
    if (op == "permutation") return rng.permutation(x, kw.integer("axis", 0));
    if (op == "permuted") return rng.permuted(x, kw.axis());
    return rng.choice(x, size, kw.integer("replace", 1) == 1, {}, kw.integer("axis", 0));
  });
}

} // namespace fuzz
