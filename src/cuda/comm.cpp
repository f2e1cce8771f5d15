// NCCL backend of the communication facility (detail/comm.hpp): one rank per process, one GPU per
// rank, every collective enqueued on the current stream (no sync). The ranks find each other over
// MPI where cupp_dist was built with it (CUPP_DIST_MPI), else through a file every rank can read
// (CUPP_DIST_STORE, with CUPP_DIST_RANK and CUPP_DIST_SIZE or the launcher's variables).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/comm.hpp>

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#if defined(CUPP_DIST_MPI)
#include "../dist/mpi.hpp"
#endif

namespace cupp::detail::comm {

namespace {

void check(ncclResult_t code, const char* call) {
  if (code != ncclSuccess)
    throw comm_error(std::string(call) + " failed: " + ncclGetErrorString(code) + " (code " +
                     std::to_string(static_cast<int>(code)) + ")");
}

// NCCL's type for a dtype and operation: complex sums are sums of their two parts, bools reduce
// as bytes 0/1 (max is or, min is and); int16, uint16 and the rest have none (ncclNumTypes)
ncclDataType_t nccl_type(dtype d) {
  switch (d) {
  case dtype::bool_:
  case dtype::uint8:
    return ncclUint8;
  case dtype::int8:
    return ncclInt8;
  case dtype::int32:
    return ncclInt32;
  case dtype::int64:
    return ncclInt64;
  case dtype::uint32:
    return ncclUint32;
  case dtype::uint64:
    return ncclUint64;
  case dtype::float16:
    return ncclFloat16;
  case dtype::bfloat16:
    return ncclBfloat16;
  case dtype::float32:
  case dtype::complex64:
    return ncclFloat32;
  case dtype::float64:
  case dtype::complex128:
    return ncclFloat64;
  default:
    return ncclNumTypes;
  }
}
ncclRedOp_t nccl_op(reduce_op op) {
  switch (op) {
  case reduce_op::sum:
    return ncclSum;
  case reduce_op::prod:
    return ncclProd;
  case reduce_op::max:
    return ncclMax;
  case reduce_op::min:
    return ncclMin;
  }
  return ncclSum;
}

// ---- bootstrap: rank, size, node-local rank and the NCCL id, over MPI or a file
// ------------------
struct bootstrap {
  int rank = 0, size = 1, local_rank = 0;
  bool mpi_initialised_here = false;
  std::string store; // the file of the id, which rank 0 removes once every rank has joined
};

#if defined(CUPP_DIST_MPI)
bootstrap find_peers(int* argc, char*** argv, ncclUniqueId& id) {
  bootstrap b;
  b.mpi_initialised_here = mpi_start(argc, argv);
  MPI_Comm world = mpi_world_copy(); // the program's MPI_COMM_WORLD stays as it set it
  mpi_check(MPI_Comm_rank(world, &b.rank), "MPI_Comm_rank");
  mpi_check(MPI_Comm_size(world, &b.size), "MPI_Comm_size");
  MPI_Comm node{};
  mpi_check(MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, b.rank, MPI_INFO_NULL, &node),
            "MPI_Comm_split_type");
  mpi_check(MPI_Comm_rank(node, &b.local_rank), "MPI_Comm_rank");
  mpi_free(node);
  // the id with rank 0's status, so that a failure there is every rank's error, not a hang
  struct {
    int ok;
    ncclUniqueId id;
  } message{1, {}};
  if (b.rank == 0) message.ok = ncclGetUniqueId(&message.id) == ncclSuccess;
  mpi_check(MPI_Bcast(&message, sizeof message, MPI_BYTE, 0, world), "MPI_Bcast");
  mpi_free(world);
  if (!message.ok) throw comm_error("cupp::dist: ncclGetUniqueId failed on rank 0");
  id = message.id;
  return b;
}
void end_bootstrap(const bootstrap& b) { mpi_end(b.mpi_initialised_here); }
#else
int env_int(const char* const* names, int fallback) {
  for (const char* const* n = names; *n; ++n)
    if (const char* v = std::getenv(*n)) return std::atoi(v);
  return fallback;
}

bootstrap find_peers(int*, char***, ncclUniqueId& id) {
  static const char* const ranks[] = {
      "CUPP_DIST_RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK", "SLURM_PROCID", "RANK", nullptr};
  static const char* const sizes[] = {"CUPP_DIST_SIZE", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE",
                                      "SLURM_NTASKS",   "WORLD_SIZE",           nullptr};
  static const char* const locals[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                                       "SLURM_LOCALID", "LOCAL_RANK", nullptr};
  bootstrap b;
  b.rank = env_int(ranks, 0);
  b.size = env_int(sizes, 1);
  b.local_rank = env_int(locals, b.rank);
  if (b.size == 1) {
    check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    return b;
  }
  const char* store = std::getenv("CUPP_DIST_STORE");
  if (!store)
    throw comm_error("cupp::dist: " + std::to_string(b.size) +
                     " ranks and no MPI in this build: set CUPP_DIST_STORE to a file path every "
                     "rank can read (a shared folder), for rank 0 to leave NCCL's id in");
  // a path of the job's own: one left by an earlier job would hand its stale id to the ranks
  const std::filesystem::path path(store);
  b.store = path.string();
  if (b.rank == 0) {
    check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    const std::filesystem::path partial = path.string() + ".partial";
    std::ofstream out(partial, std::ios::binary);
    out.write(reinterpret_cast<const char*>(&id), sizeof id);
    out.close();
    if (!out) throw comm_error("cupp::dist: cannot write NCCL's id to " + partial.string());
    std::filesystem::rename(partial, path); // the others never read half a file
    return b;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (!std::filesystem::exists(path)) {
    if (std::chrono::steady_clock::now() > deadline)
      throw comm_error("cupp::dist: rank 0 left no NCCL id in " + path.string() + " in 5 minutes");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(&id), sizeof id);
  if (in.gcount() != static_cast<std::streamsize>(sizeof id))
    throw comm_error("cupp::dist: " + path.string() + " does not hold an NCCL id");
  return b;
}
void end_bootstrap(const bootstrap&) {}
#endif

class nccl_endpoint final : public endpoint {
public:
  nccl_endpoint(const bootstrap& b, const ncclUniqueId& id) : boot_(b) {
    check(ncclCommInitRank(&comm_, b.size, id, b.rank), "ncclCommInitRank");
    // every rank has read the id once the (collective) initialisation returns
    if (b.rank == 0 && !b.store.empty()) std::filesystem::remove(b.store);
    CUPP_CUDA_CHECK(cudaMalloc(&flag_, sizeof(float)));
  }
  // rank `rank` of `size` threads of this process (local_group), on device `rank`
  nccl_endpoint(ncclComm_t c, int rank, int size)
      : boot_{rank, size, rank, false, {}}, comm_(c), in_process_group_(true) {
    const device_guard on(rank);
    CUPP_CUDA_CHECK(cudaMalloc(&flag_, sizeof(float)));
  }
  ~nccl_endpoint() override { close(); }
  void close() override {
    if (!comm_) return;
    cudaFree(flag_);
    ncclCommDestroy(comm_);
    comm_ = nullptr;
    end_bootstrap(boot_);
  }
  nccl_endpoint(const nccl_endpoint&) = delete;
  nccl_endpoint& operator=(const nccl_endpoint&) = delete;

  [[nodiscard]] int rank() const override { return boot_.rank; }
  [[nodiscard]] int size() const override { return boot_.size; }
  [[nodiscard]] bool reduces(dtype d, reduce_op op) const override {
    if (nccl_type(d) == ncclNumTypes) return false;
    if (d == dtype::bool_) return op == reduce_op::max || op == reduce_op::min;
    return dtype_kind(d) != 'c' || op == reduce_op::sum;
  }
  void allreduce(const void* send, void* recv, std::size_t count, dtype d, reduce_op op) override {
    if (!reduces(d, op)) throw value_error(std::string("NCCL does not reduce ") + dtype_name(d));
    if (dtype_kind(d) == 'c') count *= 2;
    check(ncclAllReduce(send, recv, count, nccl_type(d), nccl_op(op), comm(), current_stream()),
          "ncclAllReduce");
    settle();
  }
  void broadcast(void* buf, std::size_t bytes, int root) override {
    check(ncclBroadcast(buf, buf, bytes, ncclUint8, root, comm(), current_stream()),
          "ncclBroadcast");
    settle();
  }
  void allgather(const void* send, void* recv, std::size_t bytes) override {
    check(ncclAllGather(send, recv, bytes, ncclUint8, comm(), current_stream()), "ncclAllGather");
    settle();
  }
  void alltoallv(const void* send, const std::vector<std::size_t>& send_bytes,
                 const std::vector<std::size_t>& send_offsets, void* recv,
                 const std::vector<std::size_t>& recv_bytes,
                 const std::vector<std::size_t>& recv_offsets) override {
    const cudaStream_t s = current_stream();
    const int me = boot_.rank;
    if (recv_bytes[me] != send_bytes[me])
      throw value_error("alltoallv: a rank sends itself " + std::to_string(send_bytes[me]) +
                        " bytes but receives " + std::to_string(recv_bytes[me]));
    if (recv_bytes[me])
      CUPP_CUDA_CHECK(cudaMemcpyAsync(static_cast<char*>(recv) + recv_offsets[me],
                                      static_cast<const char*>(send) + send_offsets[me],
                                      recv_bytes[me], cudaMemcpyDeviceToDevice, s));
    check(ncclGroupStart(), "ncclGroupStart");
    for (int r = 0; r < boot_.size; ++r) {
      if (r == me) continue;
      if (send_bytes[r])
        check(ncclSend(static_cast<const char*>(send) + send_offsets[r], send_bytes[r], ncclUint8,
                       r, comm(), s),
              "ncclSend");
      if (recv_bytes[r])
        check(ncclRecv(static_cast<char*>(recv) + recv_offsets[r], recv_bytes[r], ncclUint8, r,
                       comm(), s),
              "ncclRecv");
    }
    check(ncclGroupEnd(), "ncclGroupEnd");
    settle();
  }
  void barrier() override {
    check(ncclAllReduce(flag_, flag_, 1, ncclFloat32, ncclSum, comm(), current_stream()),
          "ncclAllReduce");
    CUPP_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
  }
  [[nodiscard]] std::string engine() const override {
    int v = 0;
    ncclGetVersion(&v); // 22703: 2.27.3
    return "NCCL " + std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
           std::to_string(v % 100);
  }

private:
  // the communicator, while the environment lasts
  [[nodiscard]] ncclComm_t comm() const {
    if (!comm_) throw value_error("cupp::dist: the environment has ended");
    return comm_;
  }
  // In a one-process group (local_group) each collective is waited for before the thread goes
  // on. Otherwise a thread that goes on to a cudaMalloc or a pageable copy while its NCCL kernel
  // still waits for a peer holds the driver's lock over the device page tables while that call
  // waits for its stream, and a peer thread that needs the lock (its own cudaMalloc or copy)
  // before launching its side of the collective never launches it: the deadlock JAX
  // (google/jax#11637) and XGBoost (dmlc/xgboost#9367) met. Processes of one GPU each skip it.
  void settle() const {
    if (in_process_group_) CUPP_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
  }

  bootstrap boot_;
  ncclComm_t comm_{};
  float* flag_ = nullptr; // barrier's one-element allreduce
  bool in_process_group_ = false;
};

std::shared_ptr<endpoint> world_endpoint;

} // namespace

std::shared_ptr<endpoint> start(int* argc, char*** argv) {
  if (world_endpoint) return world_endpoint;
  ncclUniqueId id{};
  const bootstrap b = find_peers(argc, argv, id);
  const int devices = device_count();
  if (devices == 0)
    throw comm_error("cupp::dist: no CUDA device for rank " + std::to_string(b.rank));
  set_device(b.local_rank % devices); // one GPU per rank: the node's ranks take its GPUs in turn
  world_endpoint = std::make_shared<nccl_endpoint>(b, id);
  return world_endpoint;
}

std::shared_ptr<endpoint> world() {
  if (!world_endpoint)
    throw value_error("cupp::dist: no communicator yet: make a cupp::dist::environment first");
  return world_endpoint;
}

void stop() {
  if (world_endpoint) world_endpoint->close();
  world_endpoint.reset();
}

std::vector<std::shared_ptr<endpoint>> local_group(int n) {
  if (n < 1 || n > device_count())
    throw value_error("cupp::dist: " + std::to_string(n) + " devices asked, " +
                      std::to_string(device_count()) + " present");
  std::vector<ncclComm_t> comms(n);
  std::vector<int> devices(n);
  for (int k = 0; k < n; ++k)
    devices[k] = k;
  check(ncclCommInitAll(comms.data(), n, devices.data()), "ncclCommInitAll");
  std::vector<std::shared_ptr<endpoint>> group;
  for (int k = 0; k < n; ++k)
    group.push_back(std::make_shared<nccl_endpoint>(comms[k], k, n));
  return group;
}

} // namespace cupp::detail::comm
