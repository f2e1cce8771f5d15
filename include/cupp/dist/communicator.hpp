#pragma once
/// \file
/// The ranks of a distributed job (docs/dist.md): `environment` starts the engine (MPI on the host
/// backend, NCCL bootstrapped over MPI or a file on CUDA) and `communicator` names the ranks a
/// `dist::array` is sharded over. One process per rank, one device per rank.

#include <cupp/core/config.hpp>
#include <cupp/detail/comm.hpp>

#include <memory>
#include <string>
#include <utility>

namespace cupp::dist {

/// The ranks of a job, as a handle (copies share the communicator).
class communicator {
public:
  explicit communicator(std::shared_ptr<detail::comm::endpoint> e) : e_(std::move(e)) {}
  /// This process's rank, 0 <= rank() < size().
  [[nodiscard]] int rank() const { return e_->rank(); }
  [[nodiscard]] int size() const { return e_->size(); }
  /// Waits for every rank, and for this rank's work enqueued so far (a sync point).
  void barrier() const { e_->barrier(); }
  /// The engine underneath ("MPI (Open MPI v4.1.4)", "NCCL 2.27.3").
  [[nodiscard]] std::string engine() const { return e_->engine(); }
  [[nodiscard]] detail::comm::endpoint& endpoint() const { return *e_; }
  friend bool operator==(const communicator& a, const communicator& b) { return a.e_ == b.e_; }

private:
  std::shared_ptr<detail::comm::endpoint> e_;
};

/// Starts the engine for the life of the object, once per program (boost::mpi::environment): MPI
/// is initialised unless the program did it, and finalised by this object then; on the CUDA
/// backend each rank takes device (node-local rank mod device count) and joins the NCCL world.
class environment {
public:
  environment() : environment(nullptr, nullptr) {}
  environment(int& argc, char**& argv) : environment(&argc, &argv) {}
  ~environment() { detail::comm::stop(); }
  environment(const environment&) = delete;
  environment& operator=(const environment&) = delete;
  [[nodiscard]] communicator world() const { return communicator(detail::comm::world()); }

private:
  environment(int* argc, char*** argv) { (void)detail::comm::start(argc, argv); }
};

/// Every rank of the job (value_error before an environment exists).
[[nodiscard]] inline communicator world() { return communicator(detail::comm::world()); }

} // namespace cupp::dist
