// cupp::event (core/event.hpp) over the backends' event facility (detail/event.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/core/event.hpp>
#include <cupp/detail/event.hpp>
#include <cupp/detail/fault.hpp>

#include <utility>

#include "capture.hpp"

namespace cupp {

event::event(bool timing, bool blocking)
    : e_(detail::event_create(timing, blocking)), timing_(timing) {}
event::~event() {
  if (e_) detail::event_destroy(e_);
}
event::event(event&& other) noexcept
    : e_(std::exchange(other.e_, nullptr)), timing_(other.timing_) {}
event& event::operator=(event&& other) noexcept {
  if (this != &other) {
    if (e_) detail::event_destroy(e_);
    e_ = std::exchange(other.e_, nullptr);
    timing_ = other.timing_;
  }
  return *this;
}

void event::record(native_stream s) { detail::event_record(e_, s); }
void event::synchronize() const {
  detail::require_not_capturing(native_stream{}, "event::synchronize()");
  if (e_) detail::event_synchronize(e_);
  detail::raise_pending_fault();
}
bool event::done() const {
  detail::require_not_capturing(native_stream{}, "event::done()"); // a query: unsafe in a capture
  return !e_ || detail::event_done(e_);
}

float elapsed_time(const event& start, const event& end) {
  if (!start.timing() || !end.timing())
    throw value_error("elapsed_time needs two timing events (the event was made without timing)");
  end.synchronize();
  return detail::event_elapsed_ms(start.native(), end.native());
}

void wait_event(native_stream s, const event& e) {
  if (e.native()) detail::stream_wait_event(s, e.native());
}
void stream::wait_event(const event& e) const { cupp::wait_event(s_, e); }
event stream::record() const {
  event e;
  e.record(s_);
  return e;
}

} // namespace cupp
