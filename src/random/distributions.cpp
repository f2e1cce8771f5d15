// The Generator's per-element distributions (random/generator.hpp): NumPy's parameter
// constraints and extra checks, and one kernel per distribution (detail/random/distributions.hpp).
#include "draw.hpp"

#include <cupp/detail/random/distributions.hpp>

namespace cupp::random {
using dr::constraint;
using drawing::draw;

namespace {
bool all_scalar(std::initializer_list<const param*> ps) {
  for (const param* p : ps)
    if (p->is_array()) return false;
  return true;
}
// The relation of Dist's scalar parameters, checked at once (arrays: in the kernel).
template <class Dist> void check_relation(double p0, double p1, double p2 = 0) {
  const dr::relation_fault f = Dist::relation(p0, p1, p2);
  if (f != dr::relation_fault::none) dr::raise_relation(f, false);
}
} // namespace

template <class T> ndarray<T> Generator::standard_gamma(const param& shape, const size_arg& size) {
  if constexpr (std::is_same_v<T, float>) {
    return draw<dr::standard_gamma_f_dist, float>(
        bits_, {{shape, constraint::non_negative, "shape"}}, size);
  } else {
    return draw<dr::standard_gamma_dist, double>(
        bits_, {{shape, constraint::non_negative, "shape"}}, size);
  }
}
template <class T> void Generator::standard_gamma(const param& shape, ndarray<T>& out) {
  if (!out.is_c_contiguous())
    throw value_error("Supplied output array must be C-contiguous, writable, aligned, and in "
                      "machine byte-order.");
  const std::initializer_list<drawing::spec> specs{{shape, constraint::non_negative, "shape"}};
  const auto pk = drawing::pack(specs, drawing::result_shape(specs, out.shape()));
  if constexpr (std::is_same_v<T, float>) {
    drawing::fill<dr::standard_gamma_f_dist>(bits_, out, pk);
  } else {
    drawing::fill<dr::standard_gamma_dist>(bits_, out, pk);
  }
}
template ndarray<float> Generator::standard_gamma<float>(const param&, const size_arg&);
template ndarray<double> Generator::standard_gamma<double>(const param&, const size_arg&);
template void Generator::standard_gamma<float>(const param&, ndarray<float>&);
template void Generator::standard_gamma<double>(const param&, ndarray<double>&);

ndarray<double> Generator::beta(const param& a, const param& b, const size_arg& size) {
  return draw<dr::beta_dist, double>(
      bits_, {{a, constraint::positive, "a"}, {b, constraint::positive, "b"}}, size);
}
ndarray<double> Generator::chisquare(const param& df, const size_arg& size) {
  return draw<dr::chisquare_dist, double>(bits_, {{df, constraint::positive, "df"}}, size);
}
ndarray<double> Generator::f(const param& dfnum, const param& dfden, const size_arg& size) {
  return draw<dr::f_dist, double>(
      bits_, {{dfnum, constraint::positive, "dfnum"}, {dfden, constraint::positive, "dfden"}},
      size);
}
ndarray<double> Generator::gamma(const param& shape, const param& scale, const size_arg& size) {
  return draw<dr::gamma_dist, double>(
      bits_,
      {{shape, constraint::non_negative, "shape"}, {scale, constraint::non_negative, "scale"}},
      size);
}
ndarray<double> Generator::gumbel(const param& loc, const param& scale, const size_arg& size) {
  return draw<dr::gumbel_dist, double>(
      bits_, {{loc, constraint::none, "loc"}, {scale, constraint::non_negative, "scale"}}, size);
}
ndarray<double> Generator::laplace(const param& loc, const param& scale, const size_arg& size) {
  return draw<dr::laplace_dist, double>(
      bits_, {{loc, constraint::none, "loc"}, {scale, constraint::non_negative, "scale"}}, size);
}
ndarray<double> Generator::logistic(const param& loc, const param& scale, const size_arg& size) {
  return draw<dr::logistic_dist, double>(
      bits_, {{loc, constraint::none, "loc"}, {scale, constraint::non_negative, "scale"}}, size);
}
ndarray<double> Generator::lognormal(const param& mean, const param& sigma, const size_arg& size) {
  return draw<dr::lognormal_dist, double>(
      bits_, {{mean, constraint::none, "mean"}, {sigma, constraint::non_negative, "sigma"}}, size);
}
ndarray<double> Generator::noncentral_chisquare(const param& df, const param& nonc,
                                                const size_arg& size) {
  return draw<dr::noncentral_chisquare_dist, double>(
      bits_, {{df, constraint::positive, "df"}, {nonc, constraint::non_negative, "nonc"}}, size);
}
ndarray<double> Generator::noncentral_f(const param& dfnum, const param& dfden, const param& nonc,
                                        const size_arg& size) {
  return draw<dr::noncentral_f_dist, double>(bits_,
                                             {{dfnum, constraint::positive, "dfnum"},
                                              {dfden, constraint::positive, "dfden"},
                                              {nonc, constraint::non_negative, "nonc"}},
                                             size);
}
ndarray<double> Generator::pareto(const param& a, const size_arg& size) {
  return draw<dr::pareto_dist, double>(bits_, {{a, constraint::positive, "a"}}, size);
}
ndarray<double> Generator::power(const param& a, const size_arg& size) {
  return draw<dr::power_dist, double>(bits_, {{a, constraint::positive, "a"}}, size);
}
ndarray<double> Generator::rayleigh(const param& scale, const size_arg& size) {
  return draw<dr::rayleigh_dist, double>(bits_, {{scale, constraint::non_negative, "scale"}}, size);
}
ndarray<double> Generator::standard_cauchy(const size_arg& size) {
  return draw<dr::standard_cauchy_dist, double>(bits_, {}, size);
}
ndarray<double> Generator::standard_t(const param& df, const size_arg& size) {
  return draw<dr::standard_t_dist, double>(bits_, {{df, constraint::positive, "df"}}, size);
}
ndarray<double> Generator::triangular(const param& left, const param& mode, const param& right,
                                      const size_arg& size) {
  if (all_scalar({&left, &mode, &right}))
    check_relation<dr::triangular_dist>(left.value(), mode.value(), right.value());
  return draw<dr::triangular_dist, double>(
      bits_,
      {{left, constraint::none, ""}, {mode, constraint::none, ""}, {right, constraint::none, ""}},
      size);
}
ndarray<double> Generator::vonmises(const param& mu, const param& kappa, const size_arg& size) {
  return draw<dr::vonmises_dist, double>(
      bits_, {{mu, constraint::none, "mu"}, {kappa, constraint::non_negative, "kappa"}}, size);
}
ndarray<double> Generator::wald(const param& mean, const param& scale, const size_arg& size) {
  return draw<dr::wald_dist, double>(
      bits_, {{mean, constraint::positive, "mean"}, {scale, constraint::positive, "scale"}}, size);
}
ndarray<double> Generator::weibull(const param& a, const size_arg& size) {
  return draw<dr::weibull_dist, double>(bits_, {{a, constraint::non_negative, "a"}}, size);
}

// ---- discrete ----------------------------------------------------------------------------------

ndarray<std::int64_t> Generator::binomial(const param& n, const param& p, const size_arg& size) {
  if (all_scalar({&n, &p})) { // NumPy checks p first; n as an integer (5.7 is 5)
    dr::check_scalar(constraint::bounded_0_1, p.value(), "p");
    if (static_cast<std::int64_t>(n.value()) < 0) throw value_error("n < 0");
  }
  return draw<dr::binomial_dist, std::int64_t>(
      bits_, {{n, constraint::non_negative, "n"}, {p, constraint::bounded_0_1, "p"}}, size);
}
ndarray<std::int64_t> Generator::geometric(const param& p, const size_arg& size) {
  return draw<dr::geometric_dist, std::int64_t>(bits_, {{p, constraint::bounded_gt_0_1, "p"}},
                                                size);
}
ndarray<std::int64_t> Generator::hypergeometric(const param& ngood, const param& nbad,
                                                const param& nsample, const size_arg& size) {
  if (all_scalar({&ngood, &nbad, &nsample})) // NumPy checks these before the counts' signs
    check_relation<dr::hypergeometric_dist>(ngood.value(), nbad.value(), nsample.value());
  return draw<dr::hypergeometric_dist, std::int64_t>(
      bits_,
      {{ngood, constraint::non_negative, "ngood"},
       {nbad, constraint::non_negative, "nbad"},
       {nsample, constraint::non_negative, "nsample"}},
      size);
}
ndarray<std::int64_t> Generator::logseries(const param& p, const size_arg& size) {
  return draw<dr::logseries_dist, std::int64_t>(bits_, {{p, constraint::bounded_lt_0_1, "p"}},
                                                size);
}
ndarray<std::int64_t> Generator::negative_binomial(const param& n, const param& p,
                                                   const size_arg& size) {
  if (all_scalar({&n, &p})) {
    dr::check_scalar(constraint::positive_not_nan, n.value(), "n");
    dr::check_scalar(constraint::bounded_gt_0_1, p.value(), "p");
    check_relation<dr::negative_binomial_dist>(n.value(), p.value());
  }
  return draw<dr::negative_binomial_dist, std::int64_t>(
      bits_, {{n, constraint::positive_not_nan, "n"}, {p, constraint::bounded_gt_0_1, "p"}}, size);
}
ndarray<std::int64_t> Generator::poisson(const param& lam, const size_arg& size) {
  return draw<dr::poisson_dist, std::int64_t>(bits_, {{lam, constraint::poisson, "lam"}}, size);
}
ndarray<std::int64_t> Generator::zipf(const param& a, const size_arg& size) {
  return draw<dr::zipf_dist, std::int64_t>(bits_, {{a, constraint::gt_1, "a"}}, size);
}

} // namespace cupp::random
