#pragma once
/// \file
/// The generation kernels behind detail/random/generate.hpp, included only by src/random/ (where
/// each (distribution, dtype) is instantiated once, compiled with --fmad=false on CUDA and
/// -ffp-contract=off on the host so that both backends round every operation alike).
///
/// A distribution is a functor. Per-element distributions take the element's stream and their
/// parameters: `d(stream, p0, p1, ...)`. Packed distributions (detail/random/packed.hpp) say
/// `static constexpr bool packed = true` and give `value<T>(key, i, p0, p1)` and, for scalar
/// parameters, `group<V, T>(key, c, p0, p1)`: elements c..c+V-1 at once (c a multiple of V,
/// V = 16 / sizeof(T)), which share their Philox blocks; both give the same bits.

#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/generate.hpp>
#include <cupp/detail/random/inversion.hpp>
#include <cupp/detail/random/packed.hpp>
#include <cupp/detail/random/packed_launch.hpp>
#include <cupp/detail/scratch.hpp>

#include <cuda/std/limits>

#include <type_traits>

namespace cupp::detail::random {

template <class D, class P> constexpr int arity() {
  if constexpr (std::is_invocable_v<const D&, element_stream&, P, P, P>) {
    return 3;
  } else if constexpr (std::is_invocable_v<const D&, element_stream&, P, P>) {
    return 2;
  } else if constexpr (std::is_invocable_v<const D&, element_stream&, P>) {
    return 1;
  } else {
    return 0;
  }
}

template <class D> constexpr bool is_packed() {
  if constexpr (requires { D::packed; }) {
    return D::packed;
  } else {
    return false;
  }
}

/// A per-element distribution whose work before its first draw depends on its parameters only
/// (PTRS's logarithms, the binomial's q^n, Marsaglia & Tsang's square root) gives `setup`,
/// `static setup prepare(p0, ...)` and `draw(stream, const setup&)`, its operator() being
/// draw(prepare(...)). With scalar parameters the set-up is prepared once, on the host, and each
/// element only draws: the same bits, prepare being the same code of math.hpp's functions on both
/// sides; with array parameters each element prepares its own.
template <class D> constexpr bool has_setup() {
  return requires { typename D::setup; };
}

template <class Dist, class P> typename Dist::setup prepare_scalars(const param_pack<P>& params) {
  constexpr int n = arity<Dist, P>();
  if constexpr (n == 1) {
    return Dist::prepare(params.p[0].value);
  } else if constexpr (n == 2) {
    return Dist::prepare(params.p[0].value, params.p[1].value);
  } else {
    return Dist::prepare(params.p[0].value, params.p[1].value, params.p[2].value);
  }
}

/// A distribution whose parameters must also satisfy a relation (triangular's left <= mode <=
/// right...) gives `static relation_fault relation(p0, p1, p2)` and says with `relation_first`
/// whether NumPy checks it before the parameters' own constraints. The host checks it for scalar
/// parameters; the kernel when any parameter is an array.
template <class D, class P> constexpr bool has_relation() {
  return requires(P v) { D::relation(v, v, v); };
}

/// Element i: the parameters read (and, when some are arrays, checked), then the distribution.
template <class Dist, class T, class P> struct element_eval {
  call_key key;
  param_pack<P> params;
  fault_record* fault;
  bool related; // some parameter is an array: the relation is checked here
  Dist dist;

  CUPP_HD bool violates_relation(const P* v) const {
    const relation_fault f = Dist::relation(v[0], v[1], v[2]);
    if (f == relation_fault::none) return false;
    report_fault(fault, fault_code::parameter_relation, static_cast<index_t>(f), 0, 0);
    return true;
  }

  CUPP_HD T operator()(index_t i) const {
    P v[max_params];
    CUPP_UNROLL
    for (int k = 0; k < max_params; ++k)
      v[k] = params.p[k](i);
    if constexpr (has_relation<Dist, P>()) {
      if (Dist::relation_first && related && violates_relation(v)) return T{};
    }
    if constexpr (std::is_floating_point_v<P>) {
      CUPP_UNROLL
      for (int k = 0; k < max_params; ++k) {
        const param_ref<P>& r = params.p[k];
        if (r.data && !satisfies(r.cons, v[k])) {
          report_fault(fault, fault_code::invalid_parameter, static_cast<index_t>(r.cons),
                       static_cast<index_t>(reinterpret_cast<std::uintptr_t>(r.name)),
                       v[k] != v[k]); // c: NaN (NumPy's Poisson check words it apart)
          return T{};
        }
      }
    }
    if constexpr (has_relation<Dist, P>()) {
      if (!Dist::relation_first && related && violates_relation(v)) return T{};
    }
    if constexpr (is_packed<Dist>()) {
      return dist.template value<T>(key, i, v[0], v[1]);
    } else {
      element_stream s(key, static_cast<std::uint64_t>(i));
      constexpr int n = arity<Dist, P>();
      if constexpr (n == 0) {
        return static_cast<T>(dist(s));
      } else if constexpr (n == 1) {
        return static_cast<T>(dist(s, v[0]));
      } else if constexpr (n == 2) {
        return static_cast<T>(dist(s, v[0], v[1]));
      } else {
        return static_cast<T>(dist(s, v[0], v[1], v[2]));
      }
    }
  }
};

/// The packed fast path with scalar parameters: a row evaluator (detail/launch.hpp) whose
/// vectors are the groups that share Philox blocks.
template <class Dist, class T, class P> struct packed_eval {
  call_key key;
  P p0, p1;
  index_t n;
  Dist dist;
  CUPP_HD T operator()(index_t i) const { return dist.template value<T>(key, i, p0, p1); }
  CUPP_HD index_t rows() const { return 1; }
  CUPP_HD index_t row_length() const { return n; }
  template <int V> CUPP_HD vec<T, V> vector(index_t, index_t c) const {
    return dist.template group<V, T>(key, c, p0, p1);
  }
};

template <class Dist, class T, class P> struct store_each {
  T* out;
  element_eval<Dist, T, P> eval;
  CUPP_HD void operator()(index_t i) const { out[i] = eval(i); }
};

template <class Dist, class T> struct store_prepared {
  T* out;
  call_key key;
  typename Dist::setup setup;
  Dist dist;
  CUPP_HD void operator()(index_t i) const {
    element_stream s(key, static_cast<std::uint64_t>(i));
    out[i] = static_cast<T>(dist.draw(s, setup));
  }
};

/// Copies a table tabulated on the host (a kernel parameter) to device memory, an entry a thread:
/// the draws index it at random, which a parameter's constant bank serialises. A launch rather
/// than asarray's copy of host memory, which a graph capture refuses.
struct upload_table {
  inversion_table t;
  inversion_table* out;
  CUPP_HD void operator()(index_t i) const {
    if (i < inversion_table::max_count) {
      out->cdf[i] = t.cdf[i];
    } else {
      out->guide[i - inversion_table::max_count] = t.guide[i - inversion_table::max_count];
    }
  }
};

/// Draws by a table (inversion.hpp) alone: a kernel without the set-up's other method (BTPE
/// beside the binomial's inversion held the kernel at 64 registers).
template <class Setup, class T> struct store_inverted {
  T* out;
  call_key key;
  Setup setup;
  CUPP_HD void operator()(index_t i) const {
    element_stream s(key, static_cast<std::uint64_t>(i));
    out[i] = static_cast<T>(setup.result_of(draw_inverted(s, setup.inv, setup.table)));
  }
};

/// The draws of a prepared set-up; one that inverts a table reads it from scratch memory,
/// uploaded first.
template <class Dist, class T>
void launch_prepared(const call_key& key, T* out, index_t n, typename Dist::setup setup) {
  if (n <= 0) return;
  if constexpr (requires { setup.tabulated(); }) {
    if (const inversion_law* law = setup.tabulated()) {
      upload_table up{{}, nullptr};
      tabulate(*law, up.t);
      const scratch mem(sizeof(inversion_table));
      up.out = static_cast<inversion_table*>(mem.data());
      launch_for_each(inversion_table::max_count + inversion_table::guides, up);
      setup.table = up.out;
      launch_for_each(n, store_inverted<typename Dist::setup, T>{out, key, setup});
      return;
    }
  }
  launch_for_each(n, store_prepared<Dist, T>{out, key, setup, {}});
}

template <class Dist, class T, class P>
void generate(const call_key& key, T* out, index_t n, const param_pack<P>& params) {
  if constexpr (has_setup<Dist>()) {
    if (params.scalars()) { // checked on the host already
      launch_prepared<Dist, T>(key, out, n, prepare_scalars<Dist>(params));
      return;
    }
  }
  if constexpr (is_packed<Dist>()) {
    if (params.scalars()) {
      launch_packed(n, out,
                    packed_eval<Dist, T, P>{key, params.p[0].value, params.p[1].value, n, {}});
      return;
    }
  }
  const bool related = !params.scalars();
  if constexpr (is_packed<Dist>()) {
    launch_transform(n, out, element_eval<Dist, T, P>{key, params, fault_slot(), related, {}});
  } else {
    // one element per thread: launch_transform's four, each a copy of a rejection loop with its
    // inlined logarithms, made poisson's kernel ten times slower on the H200 (instruction cache)
    launch_for_each(n, store_each<Dist, T, P>{out, {key, params, fault_slot(), related, {}}});
  }
}

#define CUPP_RANDOM_GENERATE(Dist, T, P)                                                           \
  template void generate<Dist, T, P>(const call_key&, T*, index_t, const param_pack<P>&);

} // namespace cupp::detail::random
