#pragma once
/// \file
/// The communication facility behind cupp::dist (docs/dist.md): collectives between the ranks of
/// a job on memory of each rank's current device, enqueued on the current stream. MPI on the
/// host backend (src/host/comm.cpp: the host backend's work runs at once, so MPI's blocking calls
/// keep its order), NCCL on the CUDA backend (src/cuda/comm.cpp: stream-ordered, no sync),
/// bootstrapped over MPI or, without MPI, over a file every rank can read.
///
/// Counts are in bytes or elements as named; any size is accepted (an MPI count is an int: the
/// host endpoint splits larger transfers). What an endpoint cannot reduce natively
/// (`reduces(...)` false) cupp::dist reduces itself after an allgather.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/core/error.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace cupp {
/// A call of the communication engine behind cupp::dist (MPI, NCCL) failed; the message names
/// the call and the engine's own words. (Here rather than in core/error.hpp, which every unit
/// of cupp includes: only cupp::dist's code raises it.)
class comm_error : public error {
public:
  using error::error;
};
} // namespace cupp

namespace cupp::detail::comm {

enum class reduce_op { sum, prod, max, min };

/// One rank's end of a communicator.
class endpoint {
public:
  virtual ~endpoint() = default;
  [[nodiscard]] virtual int rank() const = 0;
  [[nodiscard]] virtual int size() const = 0;
  /// Whether allreduce takes this dtype and operation natively.
  [[nodiscard]] virtual bool reduces(dtype d, reduce_op op) const = 0;
  /// recv[i] = op over ranks of send[i], i < count (send == recv: in place).
  virtual void allreduce(const void* send, void* recv, std::size_t count, dtype d,
                         reduce_op op) = 0;
  /// root's `bytes` bytes at buf to every rank's buf.
  virtual void broadcast(void* buf, std::size_t bytes, int root) = 0;
  /// recv[r * bytes, (r + 1) * bytes) = rank r's send[0, bytes).
  virtual void allgather(const void* send, void* recv, std::size_t bytes) = 0;
  /// To every rank r: send_bytes[r] bytes from send + send_offsets[r]; from every rank r:
  /// recv_bytes[r] bytes to recv + recv_offsets[r] (the counts must pair up between ranks).
  virtual void alltoallv(const void* send, const std::vector<std::size_t>& send_bytes,
                         const std::vector<std::size_t>& send_offsets, void* recv,
                         const std::vector<std::size_t>& recv_bytes,
                         const std::vector<std::size_t>& recv_offsets) = 0;
  /// Returns when every rank has called it and the work enqueued before it on this rank's current
  /// stream is done (a sync point).
  virtual void barrier() = 0;
  /// What the engine is, for messages and show_config ("MPI (Open MPI 4.1.4)", "NCCL 2.27.3").
  [[nodiscard]] virtual std::string engine() const = 0;
  /// Releases the engine's communicator now (stop() does, for the world's): later calls through
  /// copies of the endpoint raise value_error.
  virtual void close() = 0;
};

/// Starts the engine of this backend for the whole job, once per process (MPI_Init_thread where
/// the program has not initialised MPI; on CUDA also the rank's device and the NCCL communicator),
/// and returns the world endpoint. `argc`/`argv` may be null.
[[nodiscard]] std::shared_ptr<endpoint> start(int* argc, char*** argv);
/// The world endpoint started by `start` (value_error naming cupp::dist::environment before it).
[[nodiscard]] std::shared_ptr<endpoint> world();
/// Ends the engine: the world endpoint is closed, MPI finalised where `start` initialised it.
void stop();
/// `n` endpoints of one communicator within this process, endpoint k for device k (NCCL's
/// ncclCommInitAll; each is used from a thread whose current device is k). value_error on the
/// host backend, whose engine (MPI) has one rank a process.
[[nodiscard]] std::vector<std::shared_ptr<endpoint>> local_group(int n);

} // namespace cupp::detail::comm
