// np.einsum_path (linalg/einsum_path.hpp) and the plan np.einsum runs: the subscripts parsed by
// einsum_parse.cpp (NumPy's C parser), then the path of NumPy's einsumfunc.py: the greedy and
// optimal searches, their cost model and memory limit, the contraction list and the report.
#define CUPP_HOST_ONLY_TU
#include <cupp/linalg/einsum_path.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "einsum_parse.hpp"

namespace cupp {

namespace {

using linalg::impl::einsum_letters;
using linalg::impl::einsum_parsed;

using letter_set = std::uint64_t; // bit i: einsum_letters[i]

int bit_of(char c) { return c <= 'Z' ? c - 'A' : 26 + (c - 'a'); }

letter_set set_of(const std::string& s) {
  letter_set r = 0;
  for (const char c : s)
    r |= letter_set{1} << bit_of(c);
  return r;
}

struct cost_model {
  const std::array<index_t, 128>& size;
  letter_set output;
  double memory_limit;

  [[nodiscard]] double size_of(letter_set s) const {
    double r = 1;
    for (int i = 0; i < 52; ++i)
      if (s >> i & 1) r *= static_cast<double>(size[static_cast<unsigned char>(einsum_letters[i])]);
    return r;
  }
  // _flop_count: one multiply per extra term, one add if something is summed
  [[nodiscard]] double flops(letter_set contract, bool inner, std::size_t terms) const {
    return size_of(contract) *
           static_cast<double>(std::max<std::size_t>(1, terms - 1) + (inner ? 1 : 0));
  }
};

struct contraction_sets {
  letter_set result = 0, removed = 0, contract = 0;
  std::vector<letter_set> remaining; // the sets not taken, then the result
};

// _find_contraction
contraction_sets find_contraction(const std::vector<int>& positions,
                                  const std::vector<letter_set>& sets, letter_set output) {
  contraction_sets c;
  letter_set remain = output;
  for (int i = 0; i < static_cast<int>(sets.size()); ++i) {
    if (std::find(positions.begin(), positions.end(), i) != positions.end()) {
      c.contract |= sets[i];
    } else {
      c.remaining.push_back(sets[i]);
      remain |= sets[i];
    }
  }
  c.result = remain & c.contract;
  c.removed = c.contract & ~c.result;
  c.remaining.push_back(c.result);
  return c;
}

using path_t = std::vector<std::vector<int>>;

std::vector<int> all_of(int n) {
  std::vector<int> r(n);
  std::iota(r.begin(), r.end(), 0);
  return r;
}

path_t optimal_path(const std::vector<letter_set>& sets, const cost_model& m) {
  struct state {
    double cost;
    path_t positions;
    std::vector<letter_set> remaining;
  };
  const int n = sets.size();
  std::vector<state> full{{0, {}, sets}};
  auto cheapest = [](const std::vector<state>& v) { // the first of the least cost, as min()
    return std::min_element(v.begin(), v.end(),
                            [](const state& a, const state& b) { return a.cost < b.cost; });
  };
  for (int it = 0; it < n - 1; ++it) {
    std::vector<state> next;
    for (const state& s : full)
      for (int i = 0; i < n - it; ++i)
        for (int j = i + 1; j < n - it; ++j) {
          contraction_sets c = find_contraction({i, j}, s.remaining, m.output);
          if (m.size_of(c.result) > m.memory_limit) continue;
          path_t p = s.positions;
          p.push_back({i, j});
          next.push_back({s.cost + m.flops(c.contract, c.removed != 0, 2), std::move(p),
                          std::move(c.remaining)});
        }
    if (next.empty()) {
      path_t p = cheapest(full)->positions;
      p.push_back(all_of(n - it));
      return p;
    }
    full = std::move(next);
  }
  return cheapest(full)->positions;
}

path_t greedy_path(std::vector<letter_set> sets, const cost_model& m) {
  const int n0 = sets.size();
  if (n0 == 1) return {{0}};
  if (n0 == 2) return {{0, 1}};
  const contraction_sets all = find_contraction(all_of(n0), sets, m.output);
  const double naive = m.flops(all.contract, all.removed != 0, n0);
  struct candidate {
    std::pair<double, double> sort; // (-removed size, cost)
    std::pair<int, int> pos;
    std::vector<letter_set> sets;
  };
  double path_cost = 0;
  // _parse_possible_contraction
  auto consider = [&](int x, int y) -> std::optional<candidate> {
    contraction_sets c = find_contraction({x, y}, sets, m.output);
    const double new_size = m.size_of(c.result);
    if (new_size > m.memory_limit) return std::nullopt;
    const double removed = m.size_of(sets[x]) + m.size_of(sets[y]) - new_size;
    const double cost = m.flops(c.contract, c.removed != 0, 2);
    if (path_cost + cost > naive) return std::nullopt;
    return candidate{{-removed, cost}, {x, y}, std::move(c.remaining)};
  };
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < n0; ++i)
    for (int j = i + 1; j < n0; ++j)
      pairs.emplace_back(i, j);
  std::vector<candidate> known;
  path_t path;
  for (int it = 0; it < n0 - 1; ++it) {
    for (const auto& [x, y] : pairs) { // outer products are left for later
      if ((sets[x] & sets[y]) == 0) continue;
      if (auto c = consider(x, y)) known.push_back(std::move(*c));
    }
    if (known.empty()) {
      for (int i = 0; i < static_cast<int>(sets.size()); ++i)
        for (int j = i + 1; j < static_cast<int>(sets.size()); ++j)
          if (auto c = consider(i, j)) known.push_back(std::move(*c));
      if (known.empty()) {
        path.push_back(all_of(sets.size()));
        break;
      }
    }
    const candidate best =
        *std::min_element(known.begin(), known.end(),
                          [](const candidate& a, const candidate& b) { return a.sort < b.sort; });
    // _update_other_results: the candidates of other pairs, renumbered after this contraction
    const auto [bx, by] = best.pos;
    std::vector<candidate> kept;
    for (candidate& c : known) {
      const auto [x, y] = c.pos;
      if (x == bx || x == by || y == bx || y == by) continue;
      c.sets.erase(c.sets.begin() + (by - (by > x) - (by > y)));
      c.sets.erase(c.sets.begin() + (bx - (bx > x) - (bx > y)));
      c.sets.insert(c.sets.end() - 1, best.sets.back());
      c.pos = {x - (x > bx) - (x > by), y - (y > bx) - (y > by)};
      kept.push_back(std::move(c));
    }
    known = std::move(kept);
    sets = best.sets;
    const int fresh = sets.size() - 1; // only pairs with the new tensor are new
    pairs.clear();
    for (int i = 0; i < fresh; ++i)
      pairs.emplace_back(i, fresh);
    path.push_back({best.pos.first, best.pos.second});
    path_cost += best.sort.second;
  }
  return path;
}

std::string format(const char* fmt, double v) {
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), fmt, v);
  return buf.data();
}

std::string padded(const std::string& s, std::size_t width) { // Python's "%<width>s"
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += (i ? "," : "") + v[i];
  return s;
}

} // namespace

einsum_path_info einsum_path(std::string_view subscripts, const std::vector<shape_t>& shapes,
                             einsum_optimize optimize) {
  const einsum_parsed p = linalg::impl::parse_einsum(subscripts, shapes);
  einsum_path_info info;
  info.inputs = p.inputs;
  info.output = p.output;
  const int n = p.inputs.size();
  std::vector<letter_set> sets;
  letter_set indices = 0;
  for (const auto& s : p.inputs) {
    sets.push_back(set_of(s));
    indices |= sets.back();
  }
  const letter_set output = set_of(p.output);
  // the memory limit: the largest operand or output (extents of repeated letters counted twice)
  auto term_size = [&](const std::string& s) {
    double r = 1;
    for (const char c : s)
      r *= static_cast<double>(p.size[static_cast<unsigned char>(c)]);
    return r;
  };
  double largest = term_size(p.output);
  for (const auto& s : p.inputs)
    largest = std::max(largest, term_size(s));
  const cost_model model{p.size, output, largest};
  if (optimize == einsum_optimize::none || n <= 2 || indices == output) {
    info.path = {all_of(n)};
  } else if (optimize == einsum_optimize::greedy) {
    info.path = greedy_path(sets, model);
  } else {
    info.path = optimal_path(sets, model);
  }

  // the contraction list and its costs, as einsum_path builds them
  std::vector<std::string> terms = p.inputs;
  double cost = 0, largest_result = 0;
  std::size_t scale = 0;
  std::string rows;
  for (std::size_t s = 0; s < info.path.size(); ++s) {
    std::vector<int> take = info.path[s];
    std::sort(take.rbegin(), take.rend());
    const contraction_sets c = find_contraction(take, sets, output);
    sets = c.remaining;
    cost += model.flops(c.contract, c.removed != 0, take.size());
    scale = std::max<std::size_t>(scale, std::popcount(c.contract));
    largest_result = std::max(largest_result, model.size_of(c.result));
    einsum_contraction step{take, {}, {}};
    for (const int t : take) {
      step.inputs.push_back(terms[t]);
      terms.erase(terms.begin() + t);
    }
    if (s + 1 == info.path.size()) {
      step.result = p.output;
    } else { // intermediates' letters by (extent, letter)
      for (int i = 0; i < 52; ++i)
        if (c.result >> i & 1) step.result += einsum_letters[i];
      std::stable_sort(step.result.begin(), step.result.end(), [&](char a, char b) {
        return p.size[static_cast<unsigned char>(a)] < p.size[static_cast<unsigned char>(b)];
      });
    }
    terms.push_back(step.result);
    rows += "\n" + padded(std::to_string(std::popcount(c.contract)), 4) + "    " +
            padded(joined(step.inputs) + "->" + step.result, 24) + " " +
            padded(joined(terms) + "->" + p.output, 40);
    info.contractions.push_back(std::move(step));
  }

  // the report, NumPy's text ("inner" when a letter is shared between operands)
  std::size_t letters_per_operand = 0;
  for (const auto& t : p.inputs)
    letters_per_operand += std::popcount(set_of(t));
  const auto distinct = static_cast<std::size_t>(std::popcount(indices));
  info.naive_flops = model.flops(indices, letters_per_operand > distinct, n);
  info.optimized_flops = cost + 1;
  info.largest_intermediate = largest_result;
  const std::string rule(74, '-');
  info.report =
      "  Complete contraction:  " + joined(p.inputs) + "->" + p.output + "\n" +
      "         Naive scaling:  " + std::to_string(distinct) + "\n" +
      "     Optimized scaling:  " + std::to_string(scale) + "\n" +
      "      Naive FLOP count:  " + format("%.3e", info.naive_flops) + "\n" +
      "  Optimized FLOP count:  " + format("%.3e", info.optimized_flops) + "\n" +
      "   Theoretical speedup:  " + format("%3.3f", info.naive_flops / info.optimized_flops) +
      "\n" + "  Largest intermediate:  " + format("%.3e", largest_result) + " elements\n" + rule +
      "\n" + padded("scaling", 6) + " " + padded("current", 24) + " " + padded("remaining", 40) +
      "\n" + rule + rows;
  return info;
}

} // namespace cupp
