// numpy.random.SeedSequence (numpy/random/bit_generator.pyx), word for word.
#include <cupp/core/error.hpp>
#include <cupp/random/seed_sequence.hpp>

#include <random>

namespace cupp::random {
namespace {

constexpr std::uint32_t init_a = 0x43b0d7e5, mult_a = 0x931e8875, init_b = 0x8b51f9dd,
                        mult_b = 0x58f38ded, mix_mult_l = 0xca01f9dd, mix_mult_r = 0x4973f715;
constexpr int xshift = 16;

std::uint32_t hashmix(std::uint32_t value, std::uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= mult_a;
  value *= hash_const;
  return value ^ (value >> xshift);
}

std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
  const std::uint32_t r = mix_mult_l * x - mix_mult_r * y;
  return r ^ (r >> xshift);
}

// An integer as little-endian 32-bit words; 0 is one word.
void append_words(std::vector<std::uint32_t>& out, std::uint64_t v) {
  do {
    out.push_back(static_cast<std::uint32_t>(v));
    v >>= 32;
  } while (v != 0);
}

std::uint64_t non_negative(long long v) {
  if (v < 0) throw value_error("expected non-negative integer");
  return static_cast<std::uint64_t>(v);
}

std::vector<std::uint64_t> os_entropy() {
  std::random_device rd;
  std::vector<std::uint64_t> e(2);
  for (auto& w : e)
    w = std::uint64_t{rd()} << 32 | rd();
  return e;
}

} // namespace

seed_sequence::seed_sequence() : seed_sequence(os_entropy()) {}
seed_sequence::seed_sequence(long long entropy)
    : seed_sequence(std::vector<std::uint64_t>{non_negative(entropy)}) {}
seed_sequence::seed_sequence(unsigned long long entropy)
    : seed_sequence(std::vector<std::uint64_t>{entropy}) {}

seed_sequence::seed_sequence(std::vector<std::uint64_t> entropy,
                             std::vector<std::uint64_t> spawn_key, std::size_t pool_size)
    : entropy_(std::move(entropy)), spawn_key_(std::move(spawn_key)), pool_(pool_size) {
  if (pool_size < 4) throw value_error("The size of the entropy pool should be at least 4");
  // NumPy's get_assembled_entropy: the run entropy padded with zeros to the pool size when a
  // spawn key follows, so that spawn keys cannot collide with plain entropy
  std::vector<std::uint32_t> words;
  for (std::uint64_t v : entropy_)
    append_words(words, v);
  if (!spawn_key_.empty() && words.size() < pool_size) words.resize(pool_size, 0);
  for (std::uint64_t v : spawn_key_)
    append_words(words, v);
  // mix_entropy
  std::uint32_t hash_const = init_a;
  for (std::size_t i = 0; i < pool_.size(); ++i)
    pool_[i] = hashmix(i < words.size() ? words[i] : 0, hash_const);
  for (std::size_t src = 0; src < pool_.size(); ++src)
    for (std::size_t dst = 0; dst < pool_.size(); ++dst)
      if (src != dst) pool_[dst] = mix(pool_[dst], hashmix(pool_[src], hash_const));
  for (std::size_t src = pool_.size(); src < words.size(); ++src)
    for (std::size_t dst = 0; dst < pool_.size(); ++dst)
      pool_[dst] = mix(pool_[dst], hashmix(words[src], hash_const));
}

std::vector<std::uint32_t> seed_sequence::generate_state(std::size_t n) const {
  std::vector<std::uint32_t> state(n);
  std::uint32_t hash_const = init_b;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t v = pool_[i % pool_.size()] ^ hash_const;
    hash_const *= mult_b;
    v *= hash_const;
    state[i] = v ^ (v >> xshift);
  }
  return state;
}

std::vector<seed_sequence> seed_sequence::spawn(std::size_t n) {
  std::vector<seed_sequence> children;
  children.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    std::vector<std::uint64_t> key = spawn_key_;
    key.push_back(n_children_spawned_ + k);
    children.emplace_back(entropy_, std::move(key), pool_.size());
  }
  n_children_spawned_ += n;
  return children;
}

} // namespace cupp::random
