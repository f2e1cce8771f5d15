// cupx::signal's peak finding (find_peaks, peak_prominences, peak_widths, argrelmax/argrelmin)
// against SciPy's results in test/fixtures/signal_peaks.txt (scripts/gen_signal_peaks_fixtures.py),
// and SciPy's errors.
#include "signal_testing.hpp"

#include <cupx/signal/peaks.hpp>

#include <cupp/creation.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::check_close;
using cupp_test::signal_case;

const char* const peaks_file = "signal_peaks.txt";

cupp::ndarray<double> data_of(const signal_case& c, const std::string& key) {
  return cupp::asarray(cupp_test::peaks_data().at(c.str(key)));
}

std::vector<double> split(const std::string& s) {
  std::vector<double> v;
  std::size_t at = 0;
  while (at <= s.size()) {
    const auto comma = s.find(',', at);
    const std::string w = s.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    if (!w.empty()) v.push_back(w == "none" ? std::nan("") : std::strtod(w.c_str(), nullptr));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return v;
}

/// A condition as the fixture writes it (s:V, p:LO,HI, a:..., pa:.../...).
sig::peak_condition condition(const std::string& s) {
  const auto colon = s.find(':');
  const std::string kind = s.substr(0, colon), rest = s.substr(colon + 1);
  const auto bound = [](double v) -> sig::peak_bound {
    if (std::isnan(v)) return std::nullopt;
    return v;
  };
  if (kind == "s") return std::strtod(rest.c_str(), nullptr);
  if (kind == "a") return cupp::asarray(split(rest));
  if (kind == "p") {
    const auto v = split(rest);
    return {bound(v.at(0)), bound(v.at(1))};
  }
  const auto slash = rest.find('/');
  const auto side = [&](const std::string& w) -> sig::peak_bound {
    if (w == "none") return std::nullopt;
    const auto v = split(w);
    if (v.size() == 1) return v[0];
    return cupp::asarray(v);
  };
  return {side(rest.substr(0, slash)), side(rest.substr(slash + 1))};
}

template <class T>
void check_prop(const signal_case& c, const std::string& name,
                const std::optional<cupp::ndarray<T>>& got) {
  const bool want = c.outputs.count(name) != 0;
  INFO(c.text << " property " << name);
  REQUIRE(got.has_value() == want);
  if (!want) return;
  std::vector<double> g;
  for (const auto v : got->get())
    g.push_back(static_cast<double>(v));
  check_close(c.text + " " + name, g, c.out(name), 1e-12);
}

std::vector<double> as_double(const cupp::ndarray<index_t>& a) {
  std::vector<double> v;
  for (const auto i : a.get())
    v.push_back(static_cast<double>(i));
  return v;
}

// np.greater_equal as argrelextrema's comparator: at namespace scope, since a kernel's template
// argument cannot be a type local to a function (nvcc's host stub fails to name it)
struct peaks_greater_equal {
  CUPP_HD bool operator()(double a, double b) const { return a >= b; }
};

} // namespace

TEST_CASE("signal find_peaks matches SciPy", "[signal][peaks]") {
  int n = 0;
  for (const auto& c : cupp_test::signal_cases("find_peaks", peaks_file)) {
    sig::find_peaks_kw kw{};
    if (c.args.count("height")) kw.height = condition(c.str("height"));
    if (c.args.count("threshold")) kw.threshold = condition(c.str("threshold"));
    if (c.has("distance")) kw.distance = c.real("distance");
    if (c.args.count("prominence")) kw.prominence = condition(c.str("prominence"));
    if (c.args.count("width")) kw.width = condition(c.str("width"));
    if (c.has("wlen")) kw.wlen = c.real("wlen");
    if (c.has("rel_height")) kw.rel_height = c.real("rel_height");
    if (c.args.count("plateau_size")) kw.plateau_size = condition(c.str("plateau_size"));
    const auto [peaks, p] = sig::find_peaks(data_of(c, "x"), kw);
    INFO(c.text);
    CHECK(as_double(peaks) == c.out("peaks"));
    check_prop(c, "peak_heights", p.peak_heights);
    check_prop(c, "left_thresholds", p.left_thresholds);
    check_prop(c, "right_thresholds", p.right_thresholds);
    check_prop(c, "prominences", p.prominences);
    check_prop(c, "left_bases", p.left_bases);
    check_prop(c, "right_bases", p.right_bases);
    check_prop(c, "widths", p.widths);
    check_prop(c, "width_heights", p.width_heights);
    check_prop(c, "left_ips", p.left_ips);
    check_prop(c, "right_ips", p.right_ips);
    check_prop(c, "plateau_sizes", p.plateau_sizes);
    check_prop(c, "left_edges", p.left_edges);
    check_prop(c, "right_edges", p.right_edges);
    ++n;
  }
  CHECK(n > 150);
}

TEST_CASE("signal find_peaks of other dtypes and the keyword spellings", "[signal][peaks]") {
  const std::vector<double> v{0, 3, 1, 4, 4, 4, 2, 5, 0, 2, 2, 1};
  const auto x64 = cupp::asarray(v);
  const cupp::ndarray<float> x32 = x64.astype<float>();
  const cupp::ndarray<int> xi = x64.astype<int>();
  const auto [p0, q0] = sig::find_peaks(x64);
  CHECK(cupp_test::host(p0) == std::vector<index_t>{1, 4, 7, 9});
  CHECK(cupp_test::host(sig::find_peaks(x32).peaks) == std::vector<index_t>{1, 4, 7, 9});
  const auto [p1, q1] = sig::find_peaks(xi, {.height = {std::nullopt, 4.0}, .plateau_size = 1});
  CHECK(cupp_test::host(p1) == std::vector<index_t>{1, 4, 9});
  CHECK(q1.peak_heights->get() == std::vector<double>{3, 4, 2});
  CHECK(q1.plateau_sizes->get() == std::vector<index_t>{1, 3, 2});
  CHECK(q1.left_edges->get() == std::vector<index_t>{1, 3, 9});
  CHECK(q1.right_edges->get() == std::vector<index_t>{1, 5, 10});
  CHECK((!q1.prominences && !q1.widths && !q1.left_thresholds));
  const auto r = sig::find_peaks(x64, {.threshold = 1, .distance = 3, .prominence = {2, 10}});
  CHECK(cupp_test::host(r.peaks) == std::vector<index_t>{1, 7});
  CHECK(r.properties.prominences->get() == std::vector<double>{2, 5});
  // a strided, reversed view
  const auto rev = sig::find_peaks(x64(cupp::slice(std::nullopt, std::nullopt, -1)));
  CHECK(cupp_test::host(rev.peaks) == std::vector<index_t>{1, 4, 7, 10});
}

TEST_CASE("signal peak_prominences and peak_widths match SciPy", "[signal][peaks]") {
  for (const auto& c : cupp_test::signal_cases("peak_prominences", peaks_file)) {
    INFO(c.text);
    const auto x = data_of(c, "x");
    const auto pv = c.has("peaks") ? c.reals("peaks") : std::vector<double>{};
    const auto peaks = cupp::asarray(std::vector<index_t>(pv.begin(), pv.end()));
    const auto [prom, lb, rb] = sig::peak_prominences(x, peaks, c.opt("wlen"));
    check_close(c.text + " prominences", prom, c.out("prominences"), 1e-12);
    CHECK(as_double(lb) == c.out("left_bases"));
    CHECK(as_double(rb) == c.out("right_bases"));
  }
  for (const auto& c : cupp_test::signal_cases("peak_widths", peaks_file)) {
    INFO(c.text);
    const auto x = data_of(c, "x");
    const auto pv = c.has("peaks") ? c.reals("peaks") : std::vector<double>{};
    const auto peaks = cupp::asarray(std::vector<index_t>(pv.begin(), pv.end()));
    const auto wlen = c.opt("wlen");
    const auto w = c.flag("given")
                       ? sig::peak_widths(x, peaks, c.real("rel_height"),
                                          sig::peak_prominences(x, peaks, wlen))
                       : sig::peak_widths(x, peaks, c.real("rel_height"), std::nullopt, wlen);
    check_close(c.text + " widths", w.widths, c.out("widths"), 1e-12);
    check_close(c.text + " width_heights", w.width_heights, c.out("width_heights"), 1e-12);
    check_close(c.text + " left_ips", w.left_ips, c.out("left_ips"), 1e-12);
    check_close(c.text + " right_ips", w.right_ips, c.out("right_ips"), 1e-12);
  }
}

TEST_CASE("signal argrelmax and argrelmin match SciPy", "[signal][peaks]") {
  for (const char* func : {"argrelmax", "argrelmin"})
    for (const auto& c : cupp_test::signal_cases(func, peaks_file)) {
      INFO(c.text);
      cupp::shape_t shape;
      for (const double e : c.reals("shape"))
        shape.push_back(static_cast<index_t>(e));
      const auto xv = c.has("x") ? c.reals("x") : std::vector<double>{};
      const auto x = cupp::asarray(xv).reshape(shape);
      const auto mode = c.str("mode") == "wrap" ? sig::extrema_mode::wrap : sig::extrema_mode::clip;
      const auto order = static_cast<int>(c.integer("order"));
      const auto r = std::string(func) == "argrelmax"
                         ? sig::argrelmax(x, c.integer("axis"), order, mode)
                         : sig::argrelmin(x, c.integer("axis"), order, mode);
      REQUIRE(r.size() == shape.size());
      for (std::size_t d = 0; d < r.size(); ++d)
        CHECK(as_double(r[d]) == c.out("idx" + std::to_string(d)));
    }
  // any comparator: np.greater_equal
  const auto x = cupp::asarray(std::vector<double>{1, 2, 2, 1, 3});
  CHECK(cupp_test::host(sig::argrelextrema(x, peaks_greater_equal{})[0]) ==
        std::vector<index_t>{1, 2, 4});
}

TEST_CASE("signal peak finding errors", "[signal][peaks]") {
  using cupp::value_error;
  const auto x = cupp::asarray(std::vector<double>{0, 1, 0, 2, 0});
  const auto p = cupp::asarray(std::vector<index_t>{1, 3});
  CHECK_THROWS_WITH_WORDS(sig::find_peaks(x, {.distance = 0.5}), value_error,
                          "`distance` must be greater or equal to 1");
  CHECK_THROWS_WITH_WORDS(sig::find_peaks(x, {.prominence = 1, .wlen = 1}), value_error,
                          "`wlen` must be larger than 1, was 1");
  CHECK_THROWS_WITH_WORDS(sig::find_peaks(x, {.width = 1, .wlen = 0.5}), value_error,
                          "`wlen` must be larger than 1, was 0.5");
  CHECK_THROWS_WITH_WORDS(sig::find_peaks(x, {.width = 1, .rel_height = -0.1}), value_error,
                          "`rel_height` must be greater or equal to 0.0");
  CHECK_THROWS_WITH_WORDS(sig::find_peaks(x.reshape({1, 5})), value_error,
                          "`x` must be a 1-D array");
  CHECK_THROWS_WITH_WORDS(sig::find_peaks(x, {.height = cupp::asarray(std::vector<double>{1, 2})}),
                          value_error, "array size of lower interval border must match x");
  CHECK_THROWS_WITH_WORDS(
      sig::find_peaks(x, {.threshold = {0.0, cupp::asarray(std::vector<double>{1, 2})}}),
      value_error, "array size of upper interval border must match x");
  CHECK_THROWS_WITH_WORDS(sig::peak_prominences(x, cupp::asarray(std::vector<index_t>{1, 5})),
                          value_error, "peak 5 is not a valid index for `x`");
  CHECK_THROWS_WITH_WORDS(sig::peak_prominences(x, cupp::asarray(std::vector<index_t>{-1, 1})),
                          value_error, "peak -1 is not a valid index for `x`");
  CHECK_THROWS_WITH_WORDS(sig::peak_prominences(x, p, 1.0), value_error,
                          "`wlen` must be larger than 1");
  CHECK_THROWS_WITH_WORDS(sig::peak_prominences(x, p.reshape({1, 2})), value_error,
                          "`peaks` must be a 1-D array");
  CHECK_THROWS_WITH_WORDS(sig::peak_prominences(x, cupp::asarray(std::vector<double>{1.0})),
                          cupp::type_error, "cannot safely cast `peaks` to dtype('intp')");
  CHECK_THROWS_WITH_WORDS(sig::peak_widths(x, p, -1.0), value_error,
                          "`rel_height` must be greater or equal to 0.0");
  const sig::prominence_data bad{cupp::asarray(std::vector<double>{1, 2}),
                                 cupp::asarray(std::vector<index_t>{0, 4}),
                                 cupp::asarray(std::vector<index_t>{2, 4})};
  CHECK_THROWS_WITH_WORDS(sig::peak_widths(x, p, 0.5, bad), value_error,
                          "prominence data is invalid for peak 3");
  const sig::prominence_data short_data{cupp::asarray(std::vector<double>{1}),
                                        cupp::asarray(std::vector<index_t>{0}),
                                        cupp::asarray(std::vector<index_t>{2})};
  CHECK_THROWS_WITH_WORDS(sig::peak_widths(x, p, 0.5, short_data), value_error,
                          "arrays in `prominence_data` must have the same shape as `peaks`");
  CHECK_THROWS_WITH_WORDS(sig::argrelmax(x, 0, 0), value_error, "Order must be an int >= 1");
  CHECK_THROWS_AS(sig::argrelmax(x, 1), cupp::axis_error);
}
