#pragma once
/// \file
/// The check after a kernel launch (src/<backend>/runtime.cpp; nothing to check on the host).

namespace cupp::detail {

/// Raises the error of the last kernel launch, if any (no synchronisation).
void check_last_launch(const char* kernel, const char* file, int line);

} // namespace cupp::detail
