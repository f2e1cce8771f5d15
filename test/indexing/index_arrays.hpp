#pragma once
// Index and mask arrays written inline, shared by the indexing tests.
#include "common/testing.hpp"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace cupp_test {

inline cupp::ndarray<std::int64_t> ix(std::initializer_list<std::int64_t> v) {
  return cupp::asarray<std::int64_t>(v);
}
inline cupp::ndarray<std::int64_t>
ix(std::initializer_list<std::initializer_list<std::int64_t>> v) {
  return cupp::asarray<std::int64_t>(v);
}

/// A bool array of `shape` from 0/1 values in C order.
inline cupp::ndarray<bool> mask(std::initializer_list<int> bits, const cupp::shape_t& shape) {
  std::unique_ptr<bool[]> b(new bool[bits.size() ? bits.size() : 1]);
  std::size_t k = 0;
  for (int x : bits)
    b[k++] = x != 0;
  return cupp::asarray(b.get(), shape);
}

/// The host values of each index array (what nonzero and its kin return).
inline std::vector<std::vector<std::int64_t>>
hosts(const std::vector<cupp::ndarray<std::int64_t>>& v) {
  std::vector<std::vector<std::int64_t>> r;
  for (const auto& a : v)
    r.push_back(a.get());
  return r;
}

} // namespace cupp_test
