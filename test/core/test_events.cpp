// cupp::event: ordering across streams without a host sync (a consumer that waits on the
// producer's event sees its values), timing, done/synchronize, and the errors.
#include "testing.hpp"

#include <cupp/core/event.hpp>
#include <cupp/creation.hpp>
#include <cupp/reduction/reduce.hpp>

TEST_CASE("a stream that waits on an event sees the producer's work", "[core][events]") {
  cupp::stream producer, consumer;
  for (int round = 0; round < 20; ++round) {
    const cupp::index_t n = 1 << 22;
    cupp::ndarray<float> a({n});
    cupp::event ready(false);
    {
      cupp::stream_guard g(producer.native());
      a.assign(cupp::full<float>({n}, 1.0f));
      for (int k = 0; k < 8;
           ++k) // a chain long enough that an unordered reader would see it half done
        a.assign(a + 1.0f);
      ready.record();
    }
    consumer.wait_event(ready);
    cupp::stream_guard g(consumer.native());
    const auto total = cupp::sum(a * 1.0f);
    CHECK(total.item() == 9.0f * static_cast<float>(n));
  }
}

TEST_CASE("stream::record returns an event of the stream's work (CuPy's Stream.record)",
          "[core][events]") {
  cupp::stream producer, consumer;
  const cupp::index_t n = 1 << 22;
  cupp::ndarray<float> a({n});
  {
    cupp::stream_guard g(producer);
    a.assign(cupp::full<float>({n}, 2.0f));
    for (int k = 0; k < 8; ++k)
      a.assign(a * 1.0f + 1.0f);
  }
  const cupp::event ready = producer.record();
  CHECK(ready.timing());
  consumer.wait_event(ready);
  cupp::stream_guard g(consumer);
  CHECK(cupp::sum(a * 1.0f).item() == 10.0f * static_cast<float>(n));
  ready.synchronize();
  CHECK(ready.done());
}

TEST_CASE("events time work and report when it is done", "[core][events]") {
  cupp::event start, stop;
  CHECK(start.done()); // never recorded
  start.record();
  auto a = cupp::arange<double>(1 << 20);
  const auto s = cupp::sum(a * a);
  stop.record();
  stop.synchronize();
  CHECK(stop.done());
  CHECK(cupp::elapsed_time(start, stop) >= 0.0f);
  CHECK(s.item() > 0);
  cupp::stream st;
  st.synchronize();
  CHECK(st.done());
  cupp::event moved = std::move(start);
  CHECK(moved.timing());
  cupp::event blocking(true, true);
  blocking.record(st);
  blocking.synchronize();

  cupp::event untimed(false);
  untimed.record();
  CHECK_THROWS_WITH_WORDS((void)cupp::elapsed_time(untimed, stop), cupp::value_error,
                          "elapsed_time needs two timing events");
}
