// Joining braced lists (issue 13): `cp::stack({a, b})` deduces the dtype; `cp::stack<double>(
// {a_f32, b_i64})` converts each array (NumPy's dtype=), against NumPy's results written out.
#include "common/shapes.hpp"
#include "common/testing.hpp"

#include <cupp/manipulation/join.hpp>
#include <cupp/math/arithmetic.hpp>

using namespace cupp_test;

TEST_CASE("joining braced lists deduces the dtype", "[manipulation][join]") {
  const auto a = cupp::asarray<float>({{1, 2}, {3, 4}});
  const auto b = cupp::asarray<float>({{5, 6}, {7, 8}});
  // np.concatenate([a, b]), axis=1; np.stack([a, b]), axis=-1
  CHECK_ARR(cupp::concatenate({a, b}), S(4, 2), 1, 2, 3, 4, 5, 6, 7, 8);
  CHECK_ARR(cupp::concatenate({a, b}, 1), S(2, 4), 1, 2, 5, 6, 3, 4, 7, 8);
  CHECK_ARR(cupp::stack({a, b}), S(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8);
  CHECK_ARR(cupp::stack({a, b}, -1), S(2, 2, 2), 1, 5, 2, 6, 3, 7, 4, 8);
  CHECK_ARR(cupp::vstack({a, b}), S(4, 2), 1, 2, 3, 4, 5, 6, 7, 8);
  CHECK_ARR(cupp::hstack({a, b}), S(2, 4), 1, 2, 5, 6, 3, 4, 7, 8);
  CHECK_ARR(cupp::dstack({a, b}), S(2, 2, 2), 1, 5, 2, 6, 3, 7, 4, 8);
  const auto x = cupp::asarray<int>({1, 2, 3}), y = cupp::asarray<int>({4, 5, 6});
  CHECK_ARR(cupp::column_stack({x, y}), S(3, 2), 1, 4, 2, 5, 3, 6);
  CHECK_ARR(cupp::hstack({x, y, x}), S(9), 1, 2, 3, 4, 5, 6, 1, 2, 3);
  CHECK_ARR(cupp::vstack({x, y}), S(2, 3), 1, 2, 3, 4, 5, 6);
  // the explicit dtype of a same-dtype list is the plain list, no conversion
  CHECK_ARR(cupp::stack<int>({x, y}), S(2, 3), 1, 2, 3, 4, 5, 6);
  CHECK_THROWS_WITH_WORDS(cupp::stack({x, cupp::asarray<int>({1, 2})}), cupp::value_error,
                          "all input arrays must have the same shape");
}

TEST_CASE("joining a list of several dtypes names the result's dtype", "[manipulation][join]") {
  const auto f = cupp::asarray<float>({0.5f, 1.5f});
  const auto i = cupp::asarray<std::int64_t>({-3, 4});
  const auto u = cupp::asarray<std::uint8_t>({200, 7});
  const auto t = cupp::asarray<bool>({true, false});
  // np.stack([f, i, u, t], dtype=np.float64) and np.concatenate(..., dtype=np.float64)
  const cupp::ndarray<double> s = cupp::stack<double>({f, i, u, t});
  CHECK_ARR(s, S(4, 2), 0.5, 1.5, -3.0, 4.0, 200.0, 7.0, 1.0, 0.0);
  CHECK_ARR(cupp::concatenate<double>({f, i}), S(4), 0.5, 1.5, -3.0, 4.0);
  // integers into a wider integer (same kind); expressions convert too
  CHECK_ARR(cupp::concatenate<std::int64_t>({i, u, u * 2}), S(6), -3, 4, 200, 7, 144, 14);
  CHECK_ARR(cupp::vstack<float>({f, u}), S(2, 2), 0.5f, 1.5f, 200.0f, 7.0f);
  CHECK_ARR(cupp::hstack<float>({f, u}), S(4), 0.5f, 1.5f, 200.0f, 7.0f);
  CHECK_ARR(cupp::dstack<double>({f, i}), S(1, 2, 2), 0.5, -3.0, 1.5, 4.0);
  CHECK_ARR(cupp::column_stack<double>({f, i}), S(2, 2), 0.5, -3.0, 1.5, 4.0);
  // np.concatenate([i, u], dtype=np.int8): int64 -> int8 is 'same_kind' (it wraps)
  CHECK_ARR(cupp::concatenate<std::int8_t>({i, u}), S(4), -3, 4, -56, 7);
  // (a float into an integer dtype does not compile: 'same_kind' refuses it, as NumPy's
  // TypeError "Cannot cast array data from dtype('float32') to dtype('int64')")
}
