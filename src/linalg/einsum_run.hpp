#pragma once
// How np.einsum (linalg/einsum.hpp) runs a path of linalg/einsum_path.hpp on the operands: each
// step contracts two operands (a step of more, two at a time) as one batched GEMM through matmul,
// or as one fused product summed by the reduction engine. Compiled once per dtype by
// src/linalg/einsum.cpp.in.
#include <cupp/expr/astype.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/linalg/einsum.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupp {

namespace detail {

/// An operand or intermediate and the index letter of each of its axes.
template <class T> struct labelled {
  ndarray<T> a;
  std::string labels;
};

/// A view of x with one axis per letter of `order`: x's axis of that letter, or a new axis of
/// extent 1 (stride 0) where x has none.
template <class T> ndarray<T> arrange(const labelled<T>& x, std::string_view order) {
  shape_t shape, strides;
  for (const char c : order) {
    const auto p = x.labels.find(c);
    shape.push_back(p == std::string::npos ? 1 : x.a.shape()[p]);
    strides.push_back(p == std::string::npos ? 0 : x.a.strides()[p]);
  }
  return ndarray<T>(x.a.data(), shape, strides, x.a.owner(), x.a.device());
}

/// x with each repeated letter merged into one axis (the diagonal, a view) and the letters not
/// in `keep` summed out.
template <class T> labelled<T> einsum_reduce(const labelled<T>& x, std::string_view keep) {
  std::string first;
  shape_t shape, strides;
  for (int i = 0; i < x.a.ndim(); ++i) {
    const auto p = first.find(x.labels[i]);
    if (p == std::string::npos) {
      first += x.labels[i];
      shape.push_back(x.a.shape()[i]);
      strides.push_back(x.a.strides()[i]);
    } else {
      strides[p] += x.a.strides()[i]; // the extents were checked equal when parsing
    }
  }
  labelled<T> d{ndarray<T>(x.a.data(), shape, strides, x.a.owner(), x.a.device()), first};
  std::vector<index_t> summed;
  std::string kept;
  for (std::size_t i = 0; i < first.size(); ++i) {
    if (keep.find(first[i]) == std::string_view::npos) {
      summed.push_back(static_cast<index_t>(i));
    } else {
      kept += first[i];
    }
  }
  if (summed.empty()) return d;
  // sum<T>: integers wrap in their own dtype (NumPy's einsum), bool sums are logical or
  return {ndarray<T>(sum<T>(d.a, axes(summed))), kept};
}

/// x without its axes of extent 1 whose letter `other` has with another extent (NumPy
/// broadcasts them: the other operand's sum over that letter is then the same).
template <class T> labelled<T> drop_broadcast(const labelled<T>& x, const labelled<T>& other) {
  shape_t shape, strides;
  std::string labels;
  for (int i = 0; i < x.a.ndim(); ++i) {
    const auto p = other.labels.find(x.labels[i]);
    if (x.a.shape()[i] == 1 && p != std::string::npos && other.a.shape()[p] != 1) continue;
    labels += x.labels[i];
    shape.push_back(x.a.shape()[i]);
    strides.push_back(x.a.strides()[i]);
  }
  return {ndarray<T>(x.a.data(), shape, strides, x.a.owner(), x.a.device()), labels};
}

/// Whether T's products run through the BLAS (float16 and bfloat16 in float32, as NumPy's
/// einsum accumulates them); integers and bool take the fused product and sum, exact.
template <class T>
inline constexpr bool einsum_gemm_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || is_complex_v<T> || is_half_v<T>;

/// x (batch, m..., k...) times y (batch, k..., n...) as one batched GEMM; the result's letters
/// are batch + m + n.
template <class T>
labelled<T> einsum_gemm(const labelled<T>& x, const labelled<T>& y, const std::string& batch,
                        const std::string& m, const std::string& k, const std::string& n) {
  using C = std::conditional_t<is_half_v<T>, float, T>;
  auto extent = [](const ndarray<T>& v, int from, int count) {
    index_t e = 1;
    for (int i = from; i < from + count; ++i)
      e *= v.shape()[i];
    return e;
  };
  const int nb = batch.size(), nm = m.size(), nk = k.size();
  const ndarray<T> a = arrange(x, batch + m + k), b = arrange(y, batch + k + n);
  const shape_t batch_shape(a.shape().begin(), a.shape().begin() + nb); // b's is the same
  shape_t sa = batch_shape, sb = batch_shape, out = batch_shape;
  sa.push_back(extent(a, nb, nm));
  sa.push_back(extent(a, nb + nm, nk));
  sb.push_back(extent(b, nb, nk));
  sb.push_back(extent(b, nb + nk, n.size()));
  for (int i = nb; i < a.ndim() - nk; ++i)
    out.push_back(a.shape()[i]);
  for (int i = nb + nk; i < b.ndim(); ++i)
    out.push_back(b.shape()[i]);
  // reshape is a view where the strides allow, else a copy (matmul copies other layouts too)
  const ndarray<C> c = matmul(as_dtype<C>(a).reshape(sa), as_dtype<C>(b).reshape(sb));
  return {as_dtype<T>(c).reshape(out), batch + m + n};
}

/// The contraction of x and y keeping the letters `keep` (in the order `order` when given, the
/// last step's output order; else in the order that costs nothing).
template <class T>
labelled<T> einsum_pair(labelled<T> x, labelled<T> y, const std::string& keep,
                        const std::optional<std::string>& order) {
  x = einsum_reduce(x, x.labels); // diagonals first: drop_broadcast reads unique letters
  y = einsum_reduce(y, y.labels);
  const labelled<T> xb = drop_broadcast(x, y);
  y = drop_broadcast(y, x);
  // a letter in one operand only and not kept is summed out before the product
  x = einsum_reduce(xb, keep + y.labels);
  y = einsum_reduce(y, keep + x.labels);
  std::string batch, m, k, n;
  for (const char c : x.labels)
    (y.labels.find(c) == std::string::npos ? m
     : keep.find(c) == std::string::npos   ? k
                                           : batch) += c;
  for (const char c : y.labels)
    if (x.labels.find(c) == std::string::npos) n += c;
  if constexpr (einsum_gemm_v<T>) {
    if (!k.empty() && !(m.empty() && n.empty())) {
      // the operand of the output's first letter after the batch goes on the left: the GEMM
      // then writes the output's order where it can (NumPy's order pops the operands reversed)
      const auto lead = order ? order->find_first_not_of(batch) : std::string::npos;
      if (lead != std::string::npos && n.find((*order)[lead]) != std::string::npos) {
        std::swap(x, y);
        std::swap(m, n);
      }
      const labelled<T> r = einsum_gemm(x, y, batch, m, k, n);
      return order ? labelled<T>{arrange(r, *order), *order} : r;
    }
  }
  // no GEMM: one fused kernel of the product, summed over k by the reduction engine
  const std::string to = order ? *order : batch + m + n;
  const auto product = arrange(x, to + k) * arrange(y, to + k);
  if (k.empty()) return {ndarray<T>(product), to};
  if (to.empty()) return {ndarray<T>(sum<T>(product)), to};
  std::vector<index_t> summed;
  for (std::size_t i = 0; i < k.size(); ++i)
    summed.push_back(static_cast<index_t>(to.size() + i));
  return {ndarray<T>(sum<T>(product, axes(summed))), to};
}

/// Runs the path of `info` on the operands.
template <class T>
ndarray<T> run_einsum(const einsum_path_info& info, const std::vector<ndarray<T>>& operands) {
  std::vector<labelled<T>> ops;
  for (std::size_t i = 0; i < operands.size(); ++i)
    ops.push_back({operands[i], info.inputs[i]});
  for (std::size_t s = 0; s < info.contractions.size(); ++s) {
    const einsum_contraction& step = info.contractions[s];
    const bool last = s + 1 == info.contractions.size();
    std::vector<labelled<T>> taken;
    for (const int p : step.operands) { // largest position first, so the others stay put
      taken.push_back(ops[p]);
      ops.erase(ops.begin() + p);
    }
    // more than two operands (optimize none, or no pair fits): contracted pairwise in turn,
    // each partial result keeping what the later operands or the step's result need
    labelled<T> acc = einsum_reduce(
        taken[0], step.result + [&] {
          std::string rest;
          for (std::size_t j = 1; j < taken.size(); ++j)
            rest += taken[j].labels;
          return rest;
        }());
    for (std::size_t j = 1; j < taken.size(); ++j) {
      std::string keep = step.result;
      for (std::size_t l = j + 1; l < taken.size(); ++l)
        keep += taken[l].labels;
      const bool final = last && j + 1 == taken.size();
      acc = einsum_pair(acc, taken[j], keep,
                        final ? std::optional<std::string>(info.output) : std::nullopt);
    }
    ops.push_back(acc);
  }
  return arrange(ops.front(), info.output);
}

} // namespace detail

template <class T>
ndarray<T> einsum(std::string_view subscripts, const std::vector<ndarray<T>>& operands,
                  einsum_optimize optimize) {
  std::vector<shape_t> shapes;
  for (const auto& op : operands) {
    detail::check_devices(op);
    shapes.push_back(op.shape());
  }
  return detail::run_einsum(einsum_path(subscripts, shapes, optimize), operands);
}

} // namespace cupp
