// The disk cache of runtime-compiled modules (see detail/kernel_cache.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/kernel_cache.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace cupp::detail::kernel_cache {

namespace {

constexpr char magic[8] = {'C', 'U', 'P', 'P', 'K', 'C', '1', '\n'};

std::uint64_t fnv1a(const std::string& s, std::uint64_t h) {
  for (const unsigned char c : s)
    h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

void put_u64(std::string& out, std::uint64_t n) {
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
}
void put_string(std::string& out, const std::string& s) {
  put_u64(out, s.size());
  out += s;
}

/// Reads a number at `pos` of `in`; false when `in` ends first.
bool get_u64(const std::string& in, std::size_t& pos, std::uint64_t& n) {
  if (in.size() - pos < sizeof n) return false;
  in.copy(reinterpret_cast<char*>(&n), sizeof n, pos);
  pos += sizeof n;
  return true;
}

/// Reads a length-prefixed string at `pos` of `in`; false when `in` ends first.
bool get_string(const std::string& in, std::size_t& pos, std::string& s) {
  std::uint64_t n = 0;
  if (!get_u64(in, pos, n) || in.size() - pos < n) return false;
  s = in.substr(pos, n);
  pos += n;
  return true;
}

} // namespace

std::string directory() {
  if (const char* dir = std::getenv("CUPP_CACHE_DIR"); dir && *dir) return dir;
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cupp/kernel_cache";
  return {};
}

std::string path_for(const std::string& key) {
  const std::string dir = directory();
  if (dir.empty()) return {};
  // two 64-bit FNV-1a hashes with different bases: 128 bits make collisions (which would only
  // cost a recompilation, as the file holds the key) practically impossible
  char name[40];
  std::snprintf(name, sizeof name, "%016llx%016llx.cubin",
                static_cast<unsigned long long>(fnv1a(key, 0xcbf29ce484222325ULL)),
                static_cast<unsigned long long>(fnv1a(key, 0x84222325cbf29ce4ULL)));
  return dir + "/" + name;
}

std::optional<entry> load(const std::string& key) {
  const std::string path = path_for(key);
  if (path.empty()) return std::nullopt;
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  const std::string in((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (in.compare(0, sizeof magic, magic, sizeof magic) != 0) return std::nullopt;
  std::size_t pos = sizeof magic;
  std::string stored_key;
  std::uint64_t count = 0;
  if (!get_string(in, pos, stored_key) || stored_key != key || !get_u64(in, pos, count))
    return std::nullopt;
  entry e;
  for (std::uint64_t k = 0; k < count; ++k) {
    std::string expression, symbol;
    if (!get_string(in, pos, expression) || !get_string(in, pos, symbol)) return std::nullopt;
    e.lowered.emplace_back(std::move(expression), std::move(symbol));
  }
  if (!get_string(in, pos, e.image) || pos != in.size()) return std::nullopt;
  return e;
}

void store(const std::string& key, const entry& e) {
  const std::string path = path_for(key);
  if (path.empty()) return;
  std::string out(magic, sizeof magic);
  put_string(out, key);
  put_u64(out, e.lowered.size());
  for (const auto& [expression, symbol] : e.lowered) {
    put_string(out, expression);
    put_string(out, symbol);
  }
  put_string(out, e.image);

  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return;
  // unique per process and call, so that concurrent writers never share a temporary file
  static std::atomic<unsigned> counter{0};
  const std::string tmp =
      path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter.fetch_add(1));
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f.write(out.data(), static_cast<std::streamsize>(out.size())) || !(f.flush())) {
      f.close();
      std::filesystem::remove(tmp, ec);
      return;
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

} // namespace cupp::detail::kernel_cache
