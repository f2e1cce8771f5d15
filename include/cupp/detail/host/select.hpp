#pragma once
// Host implementation of the selection facility (see detail/select.hpp): sequential loops, since
// the output position of each element depends on all before it.

#include <cupp/core/config.hpp>
#include <cupp/detail/host/record.hpp>

namespace cupp::detail {

template <class Pred> void select_if(index_t n, Pred p, index_t* out, index_t* count) {
  if (recorded([=] { select_if(n, p, out, count); })) return;
  index_t k = 0;
  for (index_t i = 0; i < n; ++i)
    if (p(i)) out[k++] = i;
  *count = k;
}

template <class T>
void select_flagged(index_t n, const T* values, const bool* flags, T* out, index_t* count) {
  if (recorded([=] { select_flagged(n, values, flags, out, count); })) return;
  index_t k = 0;
  for (index_t i = 0; i < n; ++i)
    if (flags[i]) out[k++] = values[i];
  *count = k;
}

template <class Pred> void exclusive_count(index_t n, Pred p, index_t* out) {
  if (recorded([=] { exclusive_count(n, p, out); })) return;
  index_t k = 0;
  for (index_t i = 0; i < n; ++i) {
    out[i] = k;
    k += p(i) ? 1 : 0;
  }
}

} // namespace cupp::detail
