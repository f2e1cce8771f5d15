#pragma once
/// \file
/// The ranks of a distributed job (docs/dist.md): `environment` starts the engine (MPI on the host
/// backend, NCCL bootstrapped over MPI or a file on CUDA) and `communicator` names the ranks a
/// `dist::array` is sharded over. One process per rank, one device per rank.

#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/detail/comm.hpp>

#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

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

/// Runs `fn(comm)` on `n` threads of this process, thread k with device k current and rank k of
/// a communicator of the n threads (NCCL's ncclCommInitAll): one process driving n GPUs with the
/// code a job of n processes runs. Returns when every thread has, rethrowing the first exception
/// a thread threw (a thread that throws before a collective the others wait in leaves them
/// waiting, as a failed rank of a job does). No environment is needed. CUDA backend only: on the
/// host backend, whose engine is MPI, a rank is a process (value_error).
template <class F> void run_on_devices(int n, F&& fn) {
  const std::vector<std::shared_ptr<detail::comm::endpoint>> group = detail::comm::local_group(n);
  std::vector<std::exception_ptr> failed(n);
  std::vector<std::thread> threads;
  for (int k = 0; k < n; ++k)
    threads.emplace_back([&, k] {
      try {
        const device_guard on(k);
        fn(communicator(group[k]));
      } catch (...) {
        failed[k] = std::current_exception();
      }
    });
  for (std::thread& t : threads)
    t.join();
  for (const std::exception_ptr& e : failed)
    if (e) std::rethrow_exception(e);
}

} // namespace cupp::dist
