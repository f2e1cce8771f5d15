#pragma once
// What the two adoption protocols (DLPack, the CUDA array interface) share: an array viewing a
// producer's memory, and the current stream made to wait for the producer's.
#include <cupp/array.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/event.hpp>

#include <memory>
#include <utility>

namespace cupp::detail {

/// The array of dtype d viewing `data` (strides in elements), kept alive by `owner`.
inline array view_of(dtype d, void* data, const shape_t& shape, const shape_t& strides,
                     std::shared_ptr<void> owner, int device) {
  return cupp::visit(d, [&](auto x) -> array {
    using T = decltype(x);
    return ndarray<T>(static_cast<T*>(data), shape, strides, std::move(owner), device);
  });
}

/// The current stream waits (on the device) for the work enqueued so far on `producer`.
inline void wait_for_producer(native_stream producer) {
  if (producer == current_stream()) return;
  event e(false);
  e.record(producer);
  wait_event(current_stream(), e);
}

} // namespace cupp::detail
