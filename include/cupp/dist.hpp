#pragma once
/// \file
/// cupp::dist, the sharded array, whole (docs/dist.md). Not in cupp/cupp.hpp: it needs the
/// cupp::dist library (link `cupp::dist`), which needs MPI on the host backend and NCCL on CUDA.

#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/dist/communicator.hpp>
#include <cupp/dist/creation.hpp>
#include <cupp/dist/elementwise.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/dist/fft.hpp>
#include <cupp/dist/io.hpp>
#include <cupp/dist/linalg.hpp>
#include <cupp/dist/partition.hpp>
#include <cupp/dist/random.hpp>
#include <cupp/dist/reduction.hpp>
#include <cupp/dist/sorting.hpp>
