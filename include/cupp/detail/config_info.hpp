#pragma once
/// \file
/// What show_config() asks the backend: the versions of what it was built with and links
/// (src/cuda/show_config.cpp, src/host/show_config.cpp). Host-only.

#include <string>
#include <vector>

namespace cupp::detail {

/// One line of cupp::show_config(): `name : value`.
struct config_row {
  std::string name;
  std::string value;
};

/// The backend's own lines: build and runtime versions, linked libraries and their settings.
/// Never throws: a query that fails gives its error message as the value.
[[nodiscard]] std::vector<config_row> backend_config();

} // namespace cupp::detail
