// norm, vector_norm, matrix_norm and cond against NumPy (test/fixtures/linalg.txt: every ord and
// axis form of np.linalg.norm, every p of np.linalg.cond), and their errors.
#include "linalg/linalg_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/linalg/norms.hpp>
#include <cupp/manipulation/views.hpp>

#include <limits>

using namespace cupp_test;
namespace la = cupp::linalg;

namespace {

la::norm_ord parse_ord(const std::string& s) {
  if (s == "None") return {};
  if (s == "fro" || s == "nuc") return s.c_str();
  return std::stod(s); // "inf", "-inf", "2", "3.5"
}

cupp::axes parse_axes(const std::string& s) {
  if (s == "None") return cupp::all_axes;
  std::vector<std::int64_t> list;
  std::istringstream in(s);
  for (std::string e; std::getline(in, e, ',');)
    list.push_back(std::stoll(e));
  return list.size() == 1 ? cupp::axes(list[0]) : cupp::axes(list);
}

// "norm:<ord>:<axis>" split in two
std::pair<std::string, std::string> parameters(const std::string& name) {
  const auto a = name.find(':'), b = name.find(':', a + 1);
  return {name.substr(a + 1, b - a - 1), name.substr(b + 1)};
}

} // namespace

TEMPLATE_LIST_TEST_CASE("norm over every ord and axis equals NumPy's", "[linalg][norm]",
                        linalg_dtypes) {
  using T = TestType;
  for (const auto& f : linalg_fixtures("norm:")) {
    if (!fixture_for<T>(f)) continue;
    const auto [ord, axis] = parameters(f.name);
    CAPTURE(f.name);
    const auto x = array_of<T>(fixture_values(f, 0), f.a_shape);
    const auto r = la::norm(x, parse_ord(ord), parse_axes(axis));
    STATIC_REQUIRE(std::is_same_v<decltype(r), const cupp::ndarray<cupp::real_t<T>>>);
    CHECK(relative_error(values_of(r), fixture_values(f, 1, true)) < tolerance<T>() * 10);
    const auto kept = la::norm(x, parse_ord(ord), parse_axes(axis), true);
    CHECK(kept.ndim() == x.ndim());
  }
}

TEMPLATE_LIST_TEST_CASE("cond for every p equals NumPy's", "[linalg][norm]", linalg_dtypes) {
  using T = TestType;
  for (const auto& f : linalg_fixtures("cond:")) {
    if (!fixture_for<T>(f)) continue;
    CAPTURE(f.name);
    const auto x = array_of<T>(fixture_values(f, 0), f.a_shape);
    const auto r = la::cond(x, parse_ord(parameters(f.name).first));
    CHECK(r.shape() == cupp::shape_t{f.a_shape[0]});
    CHECK(relative_error(values_of(r), fixture_values(f, 1, true)) < tolerance<T>() * 100);
  }
  // a singular matrix: inf for the norm-based p, no error
  const auto z = cupp::zeros<T>({2, 2});
  CHECK(values_of(la::cond(z, 1))[0].real() == std::numeric_limits<double>::infinity());
}

// The 2-norm of one array as a host loop: sqrt of the sum of |x|^2 in double.
template <class T> double host_norm(const cupp::ndarray<T>& x) {
  double sq = 0;
  for (const zd z : values_of(x))
    sq += std::norm(z);
  return std::sqrt(sq);
}

TEMPLATE_LIST_TEST_CASE("the 2-norm of long runs, views and reversed views equals a host loop",
                        "[linalg][norm]", linalg_dtypes) {
  using T = TestType;
  // 3 x 65537: rows of an odd length, long enough for chunked runs and 16-byte loads, and a
  // row start that is not 16-byte aligned
  const auto x = random_matrices<T>({3, 65537}, 0.0, 5);
  const auto close = [](double got, double want) {
    return std::abs(got - want) <= tolerance<T>() * 10 * want;
  };
  CHECK(close(values_of(la::norm(x))[0].real(), host_norm(x)));
  const auto rows = values_of(la::norm(x, {}, 1));
  const auto cols = values_of(la::norm(x, {}, 0));
  for (std::int64_t r = 0; r < 3; ++r)
    CHECK(close(rows[r].real(), host_norm(x(r).copy())));
  for (std::int64_t c : {0, 1, 65536})
    CHECK(close(cols[c].real(), host_norm(cupp::transpose(x)(c).copy())));
  const auto t = cupp::transpose(random_matrices<T>({5, 7}, 0.0, 6)); // strides (1, 7)
  CHECK(close(values_of(la::norm(t))[0].real(), host_norm(t.copy())));
  const auto rev = cupp::flip(x, 1); // negative strides
  CHECK(close(values_of(la::norm(rev, {}, 1))[2].real(), host_norm(x(2).copy())));
  CHECK(close(values_of(la::norm(cupp::flip(x)))[0].real(), host_norm(x)));
  const auto one = random_matrices<T>({1, 1}, 0.0, 7).reshape(cupp::shape_t{});
  CHECK(close(values_of(la::norm(one))[0].real(), host_norm(one))); // 0-d
  CHECK(values_of(la::norm(cupp::zeros<T>({0})))[0].real() == 0.0);
}

TEMPLATE_LIST_TEST_CASE("vector_norm and matrix_norm (the array API's)", "[linalg][norm]",
                        linalg_dtypes) {
  using T = TestType;
  const auto x = random_matrices<T>({2, 3, 4}, 0.0, 3);
  const auto v = values_of(x);
  double sq = 0, l1 = 0;
  for (const zd z : v) {
    sq += std::norm(z);
    l1 += std::abs(z);
  }
  CHECK(std::abs(values_of(la::vector_norm(x))[0].real() - std::sqrt(sq)) <
        tolerance<T>() * 10 * std::sqrt(sq));
  CHECK(std::abs(values_of(la::vector_norm(x, cupp::all_axes, false, 1))[0].real() - l1) <
        tolerance<T>() * 10 * l1);
  CHECK(la::vector_norm(x, cupp::all_axes, true).shape() == cupp::shape_t{1, 1, 1});
  CHECK(relative_error(values_of(la::vector_norm(x, 2)), values_of(la::norm(x, {}, 2))) < 1e-6);
  CHECK(la::matrix_norm(x).shape() == cupp::shape_t{2});
  CHECK(relative_error(values_of(la::matrix_norm(x, false, "nuc")),
                       values_of(la::norm(x, "nuc", cupp::axes(-2, -1)))) < 1e-6);
  CHECK(la::matrix_norm(x, true).shape() == cupp::shape_t{2, 1, 1});
}

TEST_CASE("norm errors read like NumPy's", "[linalg][norm][errors]") {
  const auto x = cupp::ones<double>({2, 3, 4});
  CHECK_THROWS_WITH_WORDS(la::norm(x, 2), cupp::value_error, "Improper number of dimensions");
  CHECK_THROWS_WITH_WORDS(la::norm(x, "fro", 1), cupp::value_error,
                          "Invalid norm order 'fro' for vectors");
  CHECK_THROWS_WITH_WORDS(la::norm(x, 3, cupp::axes(1, 2)), cupp::value_error,
                          "Invalid norm order for matrices");
  CHECK_THROWS_WITH_WORDS(la::norm(x, {}, cupp::axes(1, 1)), cupp::value_error,
                          "Duplicate axes given");
  CHECK_THROWS_AS(la::norm(x, {}, 3), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS(la::norm_ord("max"), cupp::value_error, "Invalid norm order 'max'");
  CHECK_THROWS_WITH_WORDS(la::cond(cupp::zeros<double>({0, 0})), cupp::linalg_error,
                          "cond is not defined on empty arrays");
  CHECK_THROWS_WITH_WORDS(la::matrix_norm(cupp::ones<float>({3})), cupp::linalg_error,
                          "1-dimensional array given");
}

TEST_CASE("vector_norm over several axes is one vector norm, cond of a zero matrix is inf",
          "[linalg][norm]") {
  const auto x = cupp::arange<double>(24).reshape(cupp::shape_t{2, 3, 4});
  double sq = 0;
  for (int i = 0; i < 24; ++i)
    sq += double(i) * i;
  CHECK(std::abs(la::vector_norm(x, cupp::axes(0, 1, 2)).item() - std::sqrt(sq)) < 1e-9);
  // axes (0, 2): for each middle index j the largest of x[:, j, :] is x[1, j, 3] = 15 + 4 j
  const auto r = la::vector_norm(x, cupp::axes(0, 2), true, INFINITY);
  CHECK(r.shape() == cupp::shape_t{1, 3, 1});
  CHECK(r.get() == std::vector<double>{15, 19, 23});
  CHECK(la::cond(cupp::zeros<double>({2, 2})).item() == std::numeric_limits<double>::infinity());
  CHECK_THROWS_WITH_WORDS(la::vector_norm(x, cupp::all_axes, false, "fro"), cupp::value_error,
                          "Invalid norm order 'fro' for vectors");
}
