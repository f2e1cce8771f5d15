#pragma once
// Helpers of the cupx::signal tests: SciPy's results (test/fixtures/signal_design.txt, written by
// scripts/gen_signal_fixtures.py) and the comparisons of arrays, of root sets (as multisets) and
// of second-order sections with stated tolerances.
#include "testing.hpp"

#include <cupx/signal/representations.hpp>

#include <cupp/creation.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace cupp_test {

/// One line of signal_design.txt: the arguments by name and SciPy's outputs.
struct signal_case {
  std::string func, text;
  std::map<std::string, std::string> args;
  std::map<std::string, std::pair<char, std::vector<double>>> outputs;

  [[nodiscard]] bool has(const std::string& key) const {
    return args.count(key) != 0 && !args.at(key).empty() && args.at(key) != "none";
  }
  [[nodiscard]] const std::string& str(const std::string& key) const { return args.at(key); }
  [[nodiscard]] std::vector<double> reals(const std::string& key) const {
    std::vector<double> v;
    std::istringstream in(args.at(key));
    for (std::string w; std::getline(in, w, ',');)
      v.push_back(w == "none" ? std::nan("") : std::strtod(w.c_str(), nullptr));
    return v;
  }
  [[nodiscard]] double real(const std::string& key) const { return reals(key).at(0); }
  [[nodiscard]] std::optional<double> opt(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    return real(key);
  }
  [[nodiscard]] cupp::index_t integer(const std::string& key) const {
    return static_cast<cupp::index_t>(real(key));
  }
  [[nodiscard]] bool flag(const std::string& key) const { return real(key) != 0.0; }
  /// A complex list argument (interleaved as "re,im" by numpy's repr? no: complex128 as a pair)
  [[nodiscard]] std::vector<std::complex<double>> complexes(const std::string& key) const {
    std::vector<std::complex<double>> v;
    std::istringstream in(args.at(key));
    for (std::string w; std::getline(in, w, ',');)
      v.push_back(parse_complex(w));
    return v;
  }
  [[nodiscard]] cupp::ndarray<double> array(const std::string& key) const {
    return cupp::asarray(reals(key));
  }
  [[nodiscard]] cupp::ndarray<cupp::complex128> carray(const std::string& key) const {
    return cupp::asarray(complexes(key));
  }
  /// An output's values (real) or its complex values.
  [[nodiscard]] const std::vector<double>& out(const std::string& name) const {
    REQUIRE(outputs.count(name));
    return outputs.at(name).second;
  }
  [[nodiscard]] std::vector<std::complex<double>> cout(const std::string& name) const {
    REQUIRE(outputs.count(name));
    const auto& [kind, v] = outputs.at(name);
    std::vector<std::complex<double>> c;
    if (kind == 'c')
      for (std::size_t i = 0; i + 1 < v.size(); i += 2)
        c.emplace_back(v[i], v[i + 1]);
    else
      for (const double x : v)
        c.emplace_back(x, 0.0);
    return c;
  }
  /// Python's repr of a complex: "(1+2j)", "2j", "(-0-1j)".
  static std::complex<double> parse_complex(std::string w) {
    w.erase(std::remove(w.begin(), w.end(), '('), w.end());
    w.erase(std::remove(w.begin(), w.end(), ')'), w.end());
    if (w.empty() || w.back() != 'j') return {std::strtod(w.c_str(), nullptr), 0.0};
    w.pop_back();
    // split at the last + or - that is not an exponent's sign or the leading sign
    std::size_t cut = std::string::npos;
    for (std::size_t i = w.size(); i-- > 1;)
      if ((w[i] == '+' || w[i] == '-') && w[i - 1] != 'e' && w[i - 1] != 'E') {
        cut = i;
        break;
      }
    if (cut == std::string::npos) return {0.0, std::strtod(w.c_str(), nullptr)};
    return {std::strtod(w.substr(0, cut).c_str(), nullptr),
            std::strtod(w.substr(cut).c_str(), nullptr)};
  }
};

/// The cases of `func` in signal_design.txt, or in another fixture file of the same format (at
/// least one).
inline std::vector<signal_case> signal_cases(const std::string& func,
                                             const std::string& file = "signal_design.txt") {
  std::ifstream in(std::string(CUPP_TEST_FIXTURES) + "/" + file);
  REQUIRE(in.good());
  std::vector<signal_case> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream parts(line);
    std::string head;
    std::getline(parts, head, '|');
    signal_case c;
    std::istringstream h(head);
    std::string keys;
    h >> c.func >> keys;
    if (c.func != func) continue;
    c.text = head;
    std::istringstream k(keys == "-" ? "" : keys);
    for (std::string kv; std::getline(k, kv, ';');) {
      const auto eq = kv.find('=');
      c.args[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    for (std::string field; std::getline(parts, field, '|');) {
      std::istringstream f(field);
      std::string tag;
      f >> tag;
      const auto eq = tag.find('=');
      std::vector<double> v;
      for (std::string w; f >> w;)
        v.push_back(std::strtod(w.c_str(), nullptr));
      c.outputs[tag.substr(0, eq)] = {tag[eq + 1], v};
    }
    out.push_back(std::move(c));
  }
  REQUIRE(!out.empty());
  return out;
}

/// Values within rtol of the largest magnitude of the wanted ones (and of 1 below it).
inline void check_close(const std::string& what, const std::vector<double>& got,
                        const std::vector<double>& want, double rtol) {
  REQUIRE(got.size() == want.size());
  double scale = 0.0;
  for (const double w : want)
    scale = std::max(scale, std::fabs(w));
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(std::fabs(got[i] - want[i]) <= rtol * std::max(scale, 1e-300)) &&
        !(std::isnan(got[i]) && std::isnan(want[i]))) {
      std::ostringstream msg;
      msg.precision(17);
      msg << what << " element " << i << ": got " << got[i] << ", want " << want[i] << " (rtol "
          << rtol << " of " << scale << ")";
      FAIL_CHECK(msg.str());
      return;
    }
}
inline void check_close(const std::string& what, const cupp::ndarray<double>& got,
                        const std::vector<double>& want, double rtol) {
  check_close(what, got.get(), want, rtol);
}
/// Complex values, each within rtol of the largest magnitude.
inline void check_close(const std::string& what, const std::vector<std::complex<double>>& got,
                        const std::vector<std::complex<double>>& want, double rtol) {
  REQUIRE(got.size() == want.size());
  double scale = 0.0;
  for (const auto w : want)
    scale = std::max(scale, std::abs(w));
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(std::abs(got[i] - want[i]) <= rtol * scale)) {
      std::ostringstream msg;
      msg.precision(17);
      msg << what << " element " << i << ": got " << got[i] << ", want " << want[i];
      FAIL_CHECK(msg.str());
      return;
    }
}
inline std::vector<std::complex<double>> host_complex(const cupp::ndarray<cupp::complex128>& a) {
  std::vector<std::complex<double>> v;
  for (const auto x : a.get())
    v.emplace_back(x.real(), x.imag());
  return v;
}

/// Roots compared as multisets: each wanted root matched with the nearest unmatched one got,
/// within rtol of max(1, |root|).
inline void check_roots(const std::string& what, const std::vector<std::complex<double>>& got,
                        const std::vector<std::complex<double>>& want, double rtol) {
  REQUIRE(got.size() == want.size());
  std::vector<bool> used(got.size(), false);
  for (const auto w : want) {
    std::size_t best = got.size();
    double bd = 0.0;
    for (std::size_t i = 0; i < got.size(); ++i)
      if (!used[i] && (best == got.size() || std::abs(got[i] - w) < bd)) {
        best = i;
        bd = std::abs(got[i] - w);
      }
    if (!(bd <= rtol * std::max(1.0, std::abs(w)))) {
      std::ostringstream msg;
      msg.precision(17);
      msg << what << ": no root near " << w << " (nearest " << got[best] << ")";
      FAIL_CHECK(msg.str());
      return;
    }
    used[best] = true;
  }
}
inline void check_roots(const std::string& what, const cupp::ndarray<cupp::complex128>& got,
                        const std::vector<std::complex<double>>& want, double rtol) {
  check_roots(what, host_complex(got), want, rtol);
}
/// A scalar within rtol of the wanted value.
inline void check_scalar(const std::string& what, double got, double want, double rtol) {
  if (!(std::fabs(got - want) <= rtol * std::max(std::fabs(want), 1e-300))) {
    std::ostringstream msg;
    msg.precision(17);
    msg << what << ": got " << got << ", want " << want;
    FAIL_CHECK(msg.str());
  }
}
/// A zpk result against the case's z, p, k outputs.
inline void check_zpk(const signal_case& c, const cupx::signal::zpk& f, double rtol) {
  if (c.outputs.count("z")) {
    check_roots(c.text + " z", f.z, c.cout("z"), rtol);
  } else {
    CHECK(f.z.size() == 0);
  }
  check_roots(c.text + " p", f.p, c.cout("p"), rtol);
  check_scalar(c.text + " k", f.k, c.out("k").at(0), rtol);
}
/// Second-order sections: the shape, and each row within rtol of its largest magnitude.
inline void check_sos(const signal_case& c, const cupp::ndarray<double>& s, double rtol) {
  const auto shape = c.out("shape");
  REQUIRE(s.shape() == cupp::shape_t{static_cast<cupp::index_t>(shape[0]), 6});
  const auto got = s.get();
  const auto& want = c.out("sos");
  for (std::size_t r = 0; r < want.size() / 6; ++r)
    for (int half = 0; half < 2; ++half) {
      const std::size_t at = r * 6 + static_cast<std::size_t>(half) * 3;
      check_close(c.text + " sos row " + std::to_string(r),
                  std::vector<double>(got.begin() + static_cast<std::ptrdiff_t>(at),
                                      got.begin() + static_cast<std::ptrdiff_t>(at + 3)),
                  std::vector<double>(want.begin() + static_cast<std::ptrdiff_t>(at),
                                      want.begin() + static_cast<std::ptrdiff_t>(at + 3)),
                  rtol);
    }
}

/// A shape written as the fixture's reals.
inline cupp::shape_t shape_of(const std::vector<double>& v) {
  cupp::shape_t s;
  for (const double e : v)
    s.push_back(static_cast<cupp::index_t>(e));
  return s;
}

/// The named data arrays of signal_peaks.txt (its "data" cases), read once.
inline const std::map<std::string, std::vector<double>>& peaks_data() {
  static const auto m = [] {
    std::map<std::string, std::vector<double>> d;
    for (const auto& c : signal_cases("data", "signal_peaks.txt"))
      d[c.str("name")] = c.outputs.at("v").second;
    return d;
  }();
  return m;
}

} // namespace cupp_test
