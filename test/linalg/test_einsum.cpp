// np.einsum and np.einsum_path against NumPy (test/fixtures/einsum.txt): the float and complex
// dtypes' values in every optimize mode and layout, mixed dtypes, every error with NumPy's message,
// NumPy's paths and reports. The exact dtypes are in test_einsum_exact.cpp.
#include "linalg/einsum_testing.hpp"

#include <cupp/creation.hpp>

using namespace cupp_test;
namespace cp = cupp;

using einsum_float_dtypes = std::tuple<float, double, cp::complex64, cp::complex128>;

TEMPLATE_LIST_TEST_CASE("einsum of the float dtypes is NumPy's", "[linalg][einsum]",
                        einsum_float_dtypes) {
  check_einsum_values<TestType>();
}

namespace {

// One mixed line, its operands' dtypes A and B: the result has NumPy's dtype and values.
template <class A, class B> void check_mixed(const std::vector<std::string>& f) {
  const auto space = f[4].find(' '), semi = f[5].find(';');
  const auto a = fixture_operands<A>(f[4].substr(0, space), f[5].substr(0, semi));
  const auto b = fixture_operands<B>(f[4].substr(space + 1), f[5].substr(semi + 1));
  const auto r = cp::einsum(f[1], a.at(0), b.at(0));
  CHECK(std::string(r.dtype()) == f[3]);
  check_einsum_result(r, f[6], f[7]);
}

} // namespace

TEST_CASE("einsum of mixed dtypes computes in the promoted dtype", "[linalg][einsum]") {
  int seen = 0;
  for (const auto& f : einsum_lines("mixed")) {
    INFO(f[1] << " " << f[2]);
    ++seen;
    if (f[2] == "float32,int64") {
      check_mixed<float, std::int64_t>(f);
    } else if (f[2] == "int8,uint8") {
      check_mixed<std::int8_t, std::uint8_t>(f);
    } else if (f[2] == "bool,float16") {
      check_mixed<bool, cp::float16>(f);
    } else if (f[2] == "complex64,float64") {
      check_mixed<cp::complex64, double>(f);
    } else if (f[2] == "int32,float32") {
      check_mixed<std::int32_t, float>(f);
    } else {
      FAIL("no test for " << f[2]);
    }
  }
  CHECK(seen == 5);
}

TEST_CASE("einsum raises NumPy's errors with its messages", "[linalg][einsum]") {
  for (const auto& f : einsum_lines("error")) {
    INFO("'" << f[1] << "' shapes " << f[2]);
    const auto shapes = einsum_shapes(f[2]);
    std::vector<cp::ndarray<double>> ops;
    for (const auto& s : shapes)
      ops.push_back(cp::zeros<double>(s));
    CHECK_THROWS_MATCHES(cp::einsum(f[1], ops), cp::value_error, cupp_test::contains({f[3]}));
    CHECK_THROWS_MATCHES(cp::einsum_path(f[1], shapes), cp::value_error,
                         cupp_test::contains({f[3]}));
  }
  CHECK_THROWS_MATCHES(
      cp::einsum_path("", {}), cp::value_error,
      cupp_test::contains({"not enough operands provided to einstein sum function"}));
  CHECK_THROWS_MATCHES(
      cp::einsum_path("i$,->", {{2, 3}, {}}), cp::value_error,
      cupp_test::contains({"invalid subscript '$' in einstein sum subscripts string, "
                           "subscripts must be letters"}));
}

TEST_CASE("einsum_path chooses NumPy's path and prints its report", "[linalg][einsum]") {
  for (const auto& f : einsum_lines("path")) {
    INFO(f[1] << " optimize " << f[2]);
    const auto opt = f[2] == "none"     ? cp::einsum_optimize::none
                     : f[2] == "greedy" ? cp::einsum_optimize::greedy
                                        : cp::einsum_optimize::optimal;
    const auto info = cp::einsum_path(f[1], einsum_shapes(f[3]), opt);
    std::string path;
    for (const auto& step : info.path) {
      path += path.empty() ? "" : ";";
      for (std::size_t i = 0; i < step.size(); ++i)
        path += (i ? "," : "") + std::to_string(step[i]);
    }
    CHECK(path == f[4]);
    std::string report = f[5];
    for (auto p = report.find("\\n"); p != std::string::npos; p = report.find("\\n", p))
      report.replace(p, 2, "\n");
    CHECK(info.report == report);
  }
  // from the operands themselves, greedy: NumPy 2.4's figures of its docstring example
  const auto info = cp::einsum_path("ij,jk,kl->il", cp::ones<float>({2, 2}),
                                    cp::ones<float>({2, 5}), cp::ones<double>({5, 2}));
  CHECK(info.path == std::vector<std::vector<int>>{{1, 2}, {0, 1}});
  CHECK(info.naive_flops == 120);
  CHECK(info.optimized_flops == 57);
  CHECK(info.largest_intermediate == 4);
  CHECK(info.contractions.size() == 2);
  CHECK(info.contractions[0].inputs == std::vector<std::string>{"kl", "jk"});
  CHECK(info.contractions[0].result == "jl");
  const std::vector<cp::ndarray<double>> ops{cp::ones<double>({2, 2}), cp::ones<double>({2, 5}),
                                             cp::ones<double>({5, 2})};
  CHECK(cp::einsum_path("ij,jk,kl->il", ops, cp::einsum_optimize::none).path ==
        std::vector<std::vector<int>>{{0, 1, 2}});
}

TEST_CASE("einsum of one operand without a sum is a view, as NumPy's", "[linalg][einsum]") {
  const cp::ndarray<double> a = cp::arange<double>(9).reshape(3, 3);
  const auto d = cp::einsum("ii->i", a);
  CHECK(d.owner() == a.owner());
  CHECK(d.strides() == cp::shape_t{4});
  const auto t = cp::einsum("ji", a);
  CHECK(t.owner() == a.owner());
  CHECK(t.get() == std::vector<double>{0, 3, 6, 1, 4, 7, 2, 5, 8});
  // a GEMM's result in the output's order is the GEMM's own buffer, C-contiguous
  CHECK(cp::einsum("ij,jk->ik", a, a).is_c_contiguous());
  CHECK(cp::einsum("bij,bjk->bik", a.reshape(1, 3, 3), a.reshape(1, 3, 3)).is_c_contiguous());
  // the operands in braces, a chosen order
  const auto r = cp::einsum("ij,jk,kl->il", {a, a, a}, cp::einsum_optimize::optimal);
  CHECK(r.shape() == cp::shape_t{3, 3});
  CHECK(r.get()[0] == 180); // (a @ a @ a)[0, 0]
}
