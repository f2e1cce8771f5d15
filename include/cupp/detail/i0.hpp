#pragma once
/// \file
/// The modified Bessel function I0 as numpy.i0 and scipy.special.i0 compute it (Cephes' Chebyshev
/// expansions): the series, for cupx::special's i0 and i0e kernels (host and device), and
/// host_i0 for the Kaiser windows of cupp (windows.hpp) and cupx::signal.

#include <cupp/core/config.hpp>
#include <cupp/detail/chebyshev.hpp>

#include <cmath>

namespace cupp::detail {

/// e^-x I0(x) on [0, 8] as a Chebyshev series in y = x / 2 - 2 (numpy.i0's _i0A); S drops the S
/// highest orders (a float kernel's truncation).
template <int S = 0, class T> CUPP_HD inline T i0_cheb_small(T y) {
  constexpr double a[] = {
      -4.4153416464793395e-18, 3.3307945188222384e-17,  -2.431279846547955e-16,
      1.715391285555133e-15,   -1.1685332877993451e-14, 7.676185498604936e-14,
      -4.856446783111929e-13,  2.95505266312964e-12,    -1.726826291441556e-11,
      9.675809035373237e-11,   -5.189795601635263e-10,  2.6598237246823866e-09,
      -1.300025009986248e-08,  6.046995022541919e-08,   -2.670793853940612e-07,
      1.1173875391201037e-06,  -4.4167383584587505e-06, 1.6448448070728896e-05,
      -5.754195010082104e-05,  0.00018850288509584165,  -0.0005763755745385824,
      0.0016394756169413357,   -0.004324309995050576,   0.010546460394594998,
      -0.02373741480589947,    0.04930528423967071,     -0.09490109704804764,
      0.17162090152220877,     -0.3046826723431984,     0.6767952744094761,
  };
  return chbevl<S>(y, a);
}

/// e^-x sqrt(x) I0(x) on [8, inf) as a Chebyshev series in y = 32 / x - 2 (numpy.i0's _i0B).
template <int S = 0, class T> CUPP_HD inline T i0_cheb_large(T y) {
  constexpr double b[] = {
      -7.233180487874754e-18,  -4.830504485944182e-18,  4.46562142029676e-17,
      3.461222867697461e-17,   -2.8276239805165836e-16, -3.425485619677219e-16,
      1.7725601330565263e-15,  3.8116806693526224e-15,  -9.554846698828307e-15,
      -4.150569347287222e-14,  1.54008621752141e-14,    3.8527783827421426e-13,
      7.180124451383666e-13,   -1.7941785315068062e-12, -1.3215811840447713e-11,
      -3.1499165279632416e-11, 1.1889147107846439e-11,  4.94060238822497e-10,
      3.3962320257083865e-09,  2.266668990498178e-08,   2.0489185894690638e-07,
      2.8913705208347567e-06,  6.889758346916825e-05,   0.0033691164782556943,
      0.8044904110141088,
  };
  return chbevl<S>(y, b);
}

/// numpy.i0 of one value on the host.
inline double host_i0(double x) {
  x = std::fabs(x);
  if (x <= 8.0) return std::exp(x) * i0_cheb_small(x / 2.0 - 2.0);
  return std::exp(x) * i0_cheb_large(32.0 / x - 2.0) / std::sqrt(x);
}

} // namespace cupp::detail
