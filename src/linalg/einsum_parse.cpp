// NumPy's C einsum parser (numpy/_core/src/multiarray/einsum.c.src), for np.einsum_path: its
// checks in its order and its messages (NumPy's default einsum is the C one). The ellipsis becomes
// letters the subscripts do not use, as in einsumfunc.py, so that every later step sees one letter
// an axis.
#define CUPP_HOST_ONLY_TU
#include "einsum_parse.hpp"

#include <cupp/core/error.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace cupp::linalg::impl {

namespace {

constexpr int max_operands = 64; // NumPy's NPY_MAXARGS (the output takes one)
constexpr int max_output_dims = 64;

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

std::string quoted(char c) { return std::string("'") + c + "'"; }

// One operand's subscripts: a letter per axis, 0 for the axes the ellipsis covers.
std::string parse_operand(std::string_view sub, int ndim, int iop, std::array<int, 128>& counts) {
  std::string labels;
  int ellipsis = -1;
  for (std::size_t i = 0; i < sub.size(); ++i) {
    const char c = sub[i];
    if (is_letter(c)) {
      if (static_cast<int>(labels.size()) >= ndim)
        throw value_error("einstein sum subscripts string contains too many subscripts for "
                          "operand " +
                          std::to_string(iop));
      labels += c;
      ++counts[static_cast<unsigned char>(c)];
    } else if (c == '.') {
      if (ellipsis != -1 || i + 2 >= sub.size() || sub[i + 1] != '.' || sub[i + 2] != '.')
        throw value_error("einstein sum subscripts string contains a '.' that is not part of an "
                          "ellipsis ('...') in operand " +
                          std::to_string(iop));
      i += 2;
      ellipsis = static_cast<int>(labels.size());
    } else if (c != ' ') {
      throw value_error("invalid subscript " + quoted(c) +
                        " in einstein sum subscripts string, subscripts must be letters");
    }
  }
  const int n = labels.size();
  if (ellipsis == -1) {
    if (n != ndim)
      throw value_error("operand has more dimensions than subscripts given in einstein sum, but "
                        "no '...' ellipsis provided to broadcast the extra dimensions.");
    return labels;
  }
  return labels.substr(0, ellipsis) + std::string(ndim - n, '\0') + labels.substr(ellipsis);
}

// The output's subscripts after "->": `broadcast` zeros where the ellipsis is.
std::string parse_output(std::string_view sub, int broadcast, const std::array<int, 128>& counts) {
  std::string labels;
  bool ellipsis = false;
  for (std::size_t i = 0; i < sub.size(); ++i) {
    const char c = sub[i];
    if (is_letter(c)) {
      if (sub.find(c, i + 1) != std::string_view::npos)
        throw value_error("einstein sum subscripts string includes output subscript " + quoted(c) +
                          " multiple times");
      if (counts[static_cast<unsigned char>(c)] == 0)
        throw value_error("einstein sum subscripts string included output subscript " + quoted(c) +
                          " which never appeared in an input");
      if (static_cast<int>(labels.size()) >= max_output_dims)
        throw value_error("einstein sum subscripts string contains too many subscripts in the "
                          "output");
      labels += c;
    } else if (c == '.') {
      if (ellipsis || i + 2 >= sub.size() || sub[i + 1] != '.' || sub[i + 2] != '.')
        throw value_error("einstein sum subscripts string contains a '.' that is not part of an "
                          "ellipsis ('...') in the output");
      i += 2;
      ellipsis = true;
      labels += std::string(broadcast, '\0');
    } else if (c != ' ') {
      throw value_error("invalid subscript " + quoted(c) +
                        " in einstein sum subscripts string, subscripts must be letters");
    }
  }
  if (!ellipsis && broadcast > 0)
    throw value_error("output has more dimensions than subscripts given in einstein sum, but no "
                      "'...' ellipsis provided to broadcast the extra dimensions.");
  return labels;
}

// NumPy's nditer spelling of a shape: leading new axes (-1) left out, "(n,)" for one value.
std::string iter_shape(const std::vector<index_t>& v) {
  std::size_t i = 0;
  while (i < v.size() && v[i] < 0)
    ++i;
  if (i == v.size()) return "()";
  std::string s = "(" + std::to_string(v[i]);
  for (++i; i < v.size(); ++i)
    s += v[i] < 0 ? ",newaxis" : "," + std::to_string(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

// The shape checks of C einsum, in its order: the single operand's view, each operand's
// diagonals, then the iterator's broadcasting of every operand (its message).
void check_extents(const std::vector<std::string>& in, const std::string& out,
                   const std::vector<shape_t>& shapes, einsum_parsed& p) {
  const int nop = in.size();
  auto dims_message = [](const std::string& head, char c, index_t a, index_t b) {
    return value_error(head + " for collapsing index " + quoted(c) + " don't match (" +
                       std::to_string(a) + " != " + std::to_string(b) + ")");
  };
  if (nop == 1) { // NumPy first tries a view, which stops at the first summed axis
    std::vector<index_t> seen(out.size(), 0);
    for (int i = 0; i < shapes[0].size(); ++i) {
      const auto at = out.find(in[0][i]);
      if (at == std::string::npos) break;
      if (seen[at] != 0 && seen[at] != shapes[0][i])
        throw dims_message("dimensions in single operand", in[0][i], seen[at], shapes[0][i]);
      seen[at] = shapes[0][i];
    }
  }
  // each operand's axes after its repeated letters merge: (letter, extent) in order
  std::vector<std::vector<std::pair<char, index_t>>> merged(nop);
  for (int op = 0; op < nop; ++op)
    for (int i = 0; i < shapes[op].size(); ++i) {
      const char c = in[op][i];
      auto it = std::find_if(merged[op].begin(), merged[op].end(),
                             [c](const auto& e) { return e.first == c; });
      if (it == merged[op].end()) {
        merged[op].emplace_back(c, shapes[op][i]);
      } else if (it->second != shapes[op][i]) {
        throw dims_message("dimensions in operand " + std::to_string(op), c, it->second,
                           shapes[op][i]);
      }
    }
  std::string iter = out; // the iterator's axes: the output's, then the summed letters
  for (int c = 0; c < 128; ++c)
    if (p.size[c] == -1 && out.find(static_cast<char>(c)) == std::string::npos)
      iter += static_cast<char>(c);
  bool ok = true;
  for (const char c : iter) {
    index_t extent = 1;
    for (const auto& m : merged)
      for (const auto& [l, e] : m)
        if (l == c && e != 1) {
          ok &= extent == 1 || extent == e;
          extent = e;
        }
    p.size[static_cast<unsigned char>(c)] = extent;
  }
  if (ok) return;
  std::string msg = "operands could not be broadcast together with remapped shapes "
                    "[original->remapped]: ";
  for (const auto& m : merged) {
    std::vector<index_t> original, remapped;
    for (const auto& e : m)
      original.push_back(e.second);
    for (const char c : iter) {
      auto it = std::find_if(m.begin(), m.end(), [c](const auto& e) { return e.first == c; });
      remapped.push_back(it == m.end() ? -1 : it->second);
    }
    msg += iter_shape(original) + "->" + iter_shape(remapped) + " ";
  }
  throw value_error(msg);
}

} // namespace

einsum_parsed parse_einsum(std::string_view subs, const std::vector<shape_t>& shapes) {
  const int nop = shapes.size();
  if (nop >= max_operands) throw value_error("too many operands provided to einstein sum function");
  if (nop < 1) throw value_error("not enough operands provided to einstein sum function");
  std::array<int, 128> counts{};
  std::vector<std::string> in(nop);
  std::size_t pos = 0;
  for (int op = 0; op < nop; ++op) {
    const std::size_t end = std::min(subs.find_first_of(",-", pos), subs.size());
    const char at = end < subs.size() ? subs[end] : '\0';
    if (op == nop - 1 && at == ',')
      throw value_error("more operands provided to einstein sum function than specified in the "
                        "subscripts string");
    if (op < nop - 1 && at != ',')
      throw value_error("fewer operands provided to einstein sum function than specified in the "
                        "subscripts string");
    in[op] = parse_operand(subs.substr(pos, end - pos), shapes[op].size(), op, counts);
    pos = op < nop - 1 ? end + 1 : end;
  }
  int broadcast = 0;
  for (const auto& s : in)
    broadcast = std::max<int>(broadcast, std::count(s.begin(), s.end(), '\0'));
  std::string out;
  const std::string_view rest = subs.substr(pos);
  if (rest.empty()) { // implicit: the ellipsis, then the letters seen once in ASCII order
    out = std::string(broadcast, '\0');
    for (int c = 0; c < 128; ++c)
      if (counts[c] == 1) out += static_cast<char>(c);
  } else {
    if (rest.size() < 2 || rest[0] != '-' || rest[1] != '>')
      throw value_error("einstein sum subscript string does not contain proper '->' output "
                        "specified");
    out = parse_output(rest.substr(2), broadcast, counts);
  }
  // the ellipsis' axes as unused letters, right-aligned across the operands as NumPy's
  std::string spare;
  for (const char* c = einsum_letters; *c; ++c)
    if (counts[static_cast<unsigned char>(*c)] == 0) spare += *c;
  if (static_cast<int>(spare.size()) < broadcast)
    throw value_error("einstein sum subscript string has too many distinct labels");
  auto name = [&](std::string& s) {
    const int zeros = std::count(s.begin(), s.end(), '\0');
    int k = broadcast - zeros;
    for (char& c : s)
      if (c == '\0') c = spare[k++];
  };
  for (auto& s : in)
    name(s);
  name(out);
  einsum_parsed p;
  for (const auto& s : in)
    for (const char c : s)
      p.size[static_cast<unsigned char>(c)] = -1; // a letter in use; its extent comes next
  check_extents(in, out, shapes, p);
  p.inputs = std::move(in);
  p.output = std::move(out);
  return p;
}

} // namespace cupp::linalg::impl
