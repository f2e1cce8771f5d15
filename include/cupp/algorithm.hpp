#pragma once
/// \file
/// STL-style algorithms on device ranges: any random-access iterators over device memory (raw
/// pointers, `thrust::device_ptr`, `ndarray::begin()`, Thrust's fancy iterators). They are thin
/// wrappers over the facilities cupp's own functions run on, so they run on the current stream with
/// scratch from the current memory resource and never synchronise; results that are single values
/// come back as 0-d device arrays.
///
///   cupp::reduce(first, last, init, op)                          -> ndarray<T> (0-d)
///   cupp::segmented_reduce(first, segments, begin_offsets, end_offsets, out, init, op)
///   cupp::inclusive_scan(first, last, out, op)
///   cupp::exclusive_scan(first, last, out, init, op)
///   cupp::transform(first, last, out, f), cupp::for_each_index(n, f)
///   cupp::sort(first, last)                                      (contiguous memory, in place)
///   cupp::copy_if(first, last, out, pred)                        -> ndarray<index_t> (0-d count)

#include <cupp/algorithm/reduce.hpp>
#include <cupp/algorithm/scan.hpp>
#include <cupp/algorithm/select.hpp>
#include <cupp/algorithm/sort.hpp>
#include <cupp/algorithm/transform.hpp>
