#pragma once
/// \file
/// `cupp::axes`, NumPy's `axis=` of the reductions: one axis, several, or every axis (NumPy's
/// `axis=None`). In core because the ndarray's methods (`a.sum(1)`, `a.mean({0, 2})`) take it;
/// how it splits a shape is reduction/axes.hpp.

#include <cupp/core/config.hpp>

#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupp {

/// The axes a reduction runs over: one (`1`, `-1`), several (`{0, 2}`), or every axis (the default,
/// spelled `cupp::none` as NumPy's `axis=None` is everywhere in cupp; also `cupp::all_axes`).
class axes {
public:
  axes() = default;
  axes(std::nullopt_t) {}                          // NOLINT(google-explicit-constructor)
  axes(index_t axis) : list_{axis}, all_(false) {} // NOLINT(google-explicit-constructor)
  /// `{0, 2}`: two or more axes. (Not an initializer_list constructor: next to one taking an
  /// index_t, GCC 12 lets such a class match a designated list such as `{.axis = 1}`, which would
  /// make every keyword call ambiguous; see core/keywords.hpp.)
  template <class... I, class = std::enable_if_t<(std::is_integral_v<I> && ...)>>
  axes(index_t first, index_t second, I... more) // NOLINT(google-explicit-constructor)
      : list_{first, second, static_cast<index_t>(more)...}, all_(false) {}
  explicit axes(std::vector<index_t> list) : list_(std::move(list)), all_(false) {}
  [[nodiscard]] bool all() const noexcept { return all_; }
  [[nodiscard]] const std::vector<index_t>& list() const noexcept { return list_; }

private:
  std::vector<index_t> list_;
  bool all_ = true;
};

/// Every axis (NumPy's `axis=None`; `cupp::none` converts to it too).
inline const axes all_axes{};

} // namespace cupp
