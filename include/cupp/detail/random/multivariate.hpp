#pragma once
/// \file
/// The row-valued distributions of numpy.random.Generator: one element index draws a row of k
/// values, written to out[0], out[stride], ..., out[(k - 1) * stride] (every entry is written).
/// Ported from NumPy's random_multinomial (distributions.c), Generator.dirichlet
/// (_generator.pyx), random_mvhg_count.c and random_mvhg_marginals.c, without temporary arrays:
/// where NumPy allocates one, the output row holds the state.

#include <cupp/core/config.hpp>
#include <cupp/detail/random/continuous.hpp>
#include <cupp/detail/random/discrete.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cstdint>

namespace cupp::detail::random {

/// numpy.random.Generator.multinomial: n >= 0 an integer, pvals[0..k) in [0, 1] with
/// sum(pvals[:-1]) <= 1 (the last is ignored), k >= 1. NumPy's random_multinomial: sequential
/// binomials, count j from the trials left with probability pvals[j] / (1 - pvals[0..j)); the
/// last count takes the trials left.
struct multinomial_row {
  CUPP_HD void operator()(element_stream& s, double n, const double* pvals, index_t k,
                          std::int64_t* out, index_t out_stride) const {
    for (index_t j = 0; j < k; ++j)
      out[j * out_stride] = 0;
    double remaining_p = 1.0;
    auto left = static_cast<std::int64_t>(n);
    for (index_t j = 0; j + 1 < k; ++j) {
      const std::int64_t x = binomial(s, left, pvals[j] / remaining_p);
      out[j * out_stride] = x;
      left -= x;
      if (left <= 0) break;
      remaining_p -= pvals[j];
    }
    if (left > 0) out[(k - 1) * out_stride] = left;
  }
};

/// numpy.random.Generator.dirichlet: alpha[0..k) >= 0. As NumPy: when every alpha is below 0.1,
/// stick-breaking with betas, x_j = acc * Beta(alpha_j, alpha_{j+1} + ... + alpha_{k-1}) of the
/// stick acc left (normalizing gammas would risk 0 / 0: all of them 0); else gammas divided by
/// their sum.
struct dirichlet_row {
  CUPP_HD void operator()(element_stream& s, const double* alpha, index_t k, double* out,
                          index_t out_stride) const {
    bool small = k > 0;
    for (index_t j = 0; j < k; ++j)
      if (!(alpha[j] < 0.1)) small = false; // NaN too, as NumPy's alpha.max() < 0.1
    if (!small) {
      double acc = 0.;
      for (index_t j = 0; j < k; ++j) {
        out[j * out_stride] = standard_gamma(s, alpha[j]);
        acc = acc + out[j * out_stride];
      }
      const double invacc = 1. / acc;
      for (index_t j = 0; j < k; ++j)
        out[j * out_stride] = out[j * out_stride] * invacc;
      return;
    }
    // out[j] first holds the cumulative sum alpha[j] + ... + alpha[k - 1], summed from the right
    // as NumPy's alpha_csum; step j reads out[j + 1] before writing out[j]. All alpha 0: the
    // sums are the row of zeros NumPy returns.
    double csum = 0.0;
    for (index_t j = k - 1; j >= 0; --j) {
      csum += alpha[j];
      out[j * out_stride] = csum;
    }
    if (!(csum > 0)) return;
    double acc = 1.;
    index_t j = 0;
    while (j + 1 < k) {
      const double rest = out[(j + 1) * out_stride];
      const double v = beta(s, alpha[j], rest);
      out[j * out_stride] = acc * v;
      acc *= 1. - v;
      ++j;
      if (rest == 0) break; // v is 1: the stick is used up, the other entries are 0
    }
    for (; j + 1 < k; ++j)
      out[j * out_stride] = 0;
    out[(k - 1) * out_stride] = acc;
  }
};

/// The frame of both multivariate hypergeometric methods, as NumPy's: the row starts at 0;
/// nothing is drawn from an empty urn or for an empty sample; when nsample > total / 2 the
/// complement is drawn (`draw(n, total)` fills the row with the counts of n items) and the row
/// becomes colors - counts.
template <class Draw>
CUPP_HD void mvhg_row(std::int64_t nsample, const std::int64_t* colors, index_t k,
                      std::int64_t* out, index_t out_stride, Draw draw) {
  std::int64_t total = 0;
  for (index_t i = 0; i < k; ++i) {
    out[i * out_stride] = 0;
    total += colors[i];
  }
  if (total == 0 || nsample == 0) return;
  const bool more_than_half = nsample > total / 2;
  draw(more_than_half ? total - nsample : nsample, total);
  if (more_than_half)
    for (index_t i = 0; i < k; ++i)
      out[i * out_stride] = colors[i] - out[i * out_stride];
}

/// numpy.random.Generator.multivariate_hypergeometric(method='count'): colors[0..k) >= 0 with
/// sum(colors) <= INT64_MAX / 8 (NumPy's limit), 0 <= nsample <= sum(colors). Counts and
/// nsample are int64 as in NumPy (sums beyond 2^53 are allowed).
///
/// NumPy's count method draws the sample from an array of total color labels by a partial
/// Fisher-Yates shuffle: its j-th item is uniform over the total - j items not drawn yet, one
/// random_interval(total - j - 1) each. An element of a kernel cannot allocate that array, so the
/// same draws pick the item among the remaining ones listed color by color: with
/// colors[i] - out[i] items of color i left, draw r uniform in [0, total - j) and take the first
/// color whose running sum of items left exceeds r. Each item is still uniform among those left,
/// so the counts have exactly NumPy's distribution; the state is the output row itself, at O(k)
/// work per item instead of O(1).
struct multivariate_hypergeometric_count_row {
  CUPP_HD void operator()(element_stream& s, std::int64_t nsample, const std::int64_t* colors,
                          index_t k, std::int64_t* out, index_t out_stride) const {
    mvhg_row(nsample, colors, k, out, out_stride, [&](std::int64_t n, std::int64_t total) {
      for (std::int64_t j = 0; j < n; ++j) {
        auto r = static_cast<std::int64_t>(
            random_interval(s, static_cast<std::uint64_t>(total - j - 1)));
        index_t i = 0;
        for (;; ++i) {
          const std::int64_t left = colors[i] - out[i * out_stride];
          if (r < left) break;
          r -= left;
        }
        ++out[i * out_stride];
      }
    });
  }
};

/// numpy.random.Generator.multivariate_hypergeometric(method='marginals'): colors[0..k) >= 0
/// with sum(colors) < 1e9 (NumPy's limit), 0 <= nsample <= sum(colors), k >= 1. NumPy's
/// random_mvhg_marginals: color j's count is a hypergeometric draw of the items left to draw
/// from colors[j] good and the later colors' items bad; the last color takes what is left.
struct multivariate_hypergeometric_marginals_row {
  CUPP_HD void operator()(element_stream& s, std::int64_t nsample, const std::int64_t* colors,
                          index_t k, std::int64_t* out, index_t out_stride) const {
    mvhg_row(nsample, colors, k, out, out_stride, [&](std::int64_t n, std::int64_t total) {
      std::int64_t left = n, remaining = total;
      for (index_t j = 0; left > 0 && j + 1 < k; ++j) {
        remaining -= colors[j];
        const std::int64_t r = hypergeometric(s, colors[j], remaining, left);
        out[j * out_stride] = r;
        left -= r;
      }
      if (left > 0) out[(k - 1) * out_stride] = left;
    });
  }
};

} // namespace cupp::detail::random
