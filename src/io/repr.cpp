// NumPy's array repr: element formatting (FloatingFormat in 'maxprec' mode, integer and bool
// formats) and the nested layout with line wrapping and summarisation (_formatArray).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/half.hpp>
#include <cupp/io/repr.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace cupp::detail {

namespace {

constexpr std::size_t line_width = 75;
constexpr index_t threshold = 1000;
constexpr index_t edge_items = 3;
constexpr int precision = 8;

// The float formats NumPy's Dragon4 prints in their own precision.
enum class precision_of { half, single, twice };

std::string rounded(double v, precision_of p, std::chars_format fmt, int digits) {
  char buf[512];
  const auto r = p == precision_of::single
                     ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), fmt, digits)
                     : std::to_chars(buf, buf + sizeof buf, v, fmt, digits);
  return std::string(buf, r.ptr);
}

// Shortest round-trip digits of v in its own precision. to_chars knows float and double; a
// float16 takes the fewest digits whose value rounds back to the same float16.
std::string shortest(double v, precision_of p, std::chars_format fmt) {
  if (p == precision_of::half) {
    for (int digits = 0;; ++digits) {
      std::string s = rounded(v, p, fmt, digits);
      if (double_to_half_bits(std::strtod(s.c_str(), nullptr)) == double_to_half_bits(v)) return s;
    }
  }
  char buf[128];
  const auto r = p == precision_of::single
                     ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), fmt)
                     : std::to_chars(buf, buf + sizeof buf, v, fmt);
  return std::string(buf, r.ptr);
}

// x rounded to the precision (a float16 or float32 operation's result)
double in_precision(double x, precision_of p) {
  if (p == precision_of::half) return half_bits_to_float(double_to_half_bits(x));
  return p == precision_of::single ? static_cast<float>(x) : x;
}

// ml_dtypes prints a bfloat16 as C++ streams print its float value ("%g": 1, 2.5, 0.100098).
std::string bfloat16_text(double v) {
  if (std::isnan(v)) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Splits "123.45" / "1.5e-10" into integer part, fraction digits and exponent text.
struct parts {
  std::string int_part, frac, exp;
};

parts split(const std::string& s) {
  parts p;
  const auto e = s.find('e');
  const std::string mant = e == std::string::npos ? s : s.substr(0, e);
  if (e != std::string::npos) p.exp = s.substr(e + 1);
  const auto dot = mant.find('.');
  p.int_part = mant.substr(0, dot);
  if (dot != std::string::npos) p.frac = mant.substr(dot + 1);
  while (!p.frac.empty() && p.frac.back() == '0')
    p.frac.pop_back();
  return p;
}

// Dragon4 in "unique" mode with a precision cutoff: the shortest digits that round-trip, rounded
// to `precision` fraction digits when they are longer.
parts unique_digits(double v, precision_of f, bool scientific) {
  const auto fmt = scientific ? std::chars_format::scientific : std::chars_format::fixed;
  parts p = split(shortest(v, f, fmt));
  if (static_cast<int>(p.frac.size()) > precision) p = split(rounded(v, f, fmt, precision));
  return p;
}

std::string pad_left(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// NumPy's FloatingFormat; `plus` is its sign='+' (a complex number's imaginary parts: every value
// carries its sign).
class float_format {
public:
  float_format(const std::vector<double>& shown, precision_of f, bool plus = false)
      : f_(f), plus_(plus) {
    std::vector<double> finite;
    bool has_nonfinite = false, neg_inf = false;
    for (double v : shown) {
      if (std::isfinite(v)) {
        finite.push_back(v);
      } else {
        has_nonfinite = true;
        neg_inf = neg_inf || (std::isinf(v) && v < 0);
      }
    }
    double max_val = 0, min_val = 0;
    bool any_nonzero = false;
    for (double v : finite) {
      const double a = std::fabs(v);
      if (a == 0) continue;
      max_val = any_nonzero ? std::max(max_val, a) : a;
      min_val = any_nonzero ? std::min(min_val, a) : a;
      any_nonzero = true;
    }
    // NumPy 2.4's cutoff is 10^min(8, finfo.precision): 1e3, 1e6, 1e8; the ratio is computed in
    // the array's dtype
    const double cutoff = f == precision_of::half ? 1e3 : (f == precision_of::single ? 1e6 : 1e8);
    exp_ = any_nonzero &&
           (max_val >= cutoff || min_val < 1e-4 || in_precision(max_val / min_val, f) > 1000.0);
    for (double v : finite) {
      const parts p = digits(v);
      pad_left_ = std::max(pad_left_, p.int_part.size());
      frac_width_ = std::max(frac_width_, p.frac.size());
      if (exp_) exp_size_ = std::max(exp_size_, p.exp.size() - 1);
    }
    // pad_right: what follows the integer part and the decimal point
    pad_right_ = exp_ ? exp_size_ + 2 + frac_width_ : frac_width_;
    if (has_nonfinite) {
      const std::size_t offset = pad_right_ + 1;
      const std::size_t nan_len = 3, inf_len = 3 + (neg_inf || plus_ ? 1 : 0);
      if (nan_len > offset) pad_left_ = std::max(pad_left_, nan_len - offset);
      if (inf_len > offset) pad_left_ = std::max(pad_left_, inf_len - offset);
    }
  }

  std::string operator()(double v) const {
    if (!std::isfinite(v)) {
      const std::string sign = std::isinf(v) && v < 0 ? "-" : (plus_ ? "+" : "");
      return pad_left(sign + (std::isnan(v) ? "nan" : "inf"), pad_left_ + pad_right_ + 1);
    }
    parts p = digits(v);
    if (exp_) {
      // NumPy's Dragon4 gives every value the common number of fraction digits (min_digits) with
      // the digits of its exact binary value (float16 6e-08 prints 5.96e-08 beside 6.55e+04),
      // then the exponent goes to a common digit count
      if (p.frac.size() < frac_width_)
        p = signed_parts(
            v, split(rounded(v, f_, std::chars_format::scientific, static_cast<int>(frac_width_))));
      std::string frac = p.frac + std::string(frac_width_ - p.frac.size(), '0');
      std::string sign = p.exp.substr(0, 1), digits = p.exp.substr(1);
      while (digits.size() < exp_size_)
        digits = "0" + digits;
      return pad_left(p.int_part, pad_left_) + "." + frac + "e" + sign + digits;
    }
    return pad_left(p.int_part, pad_left_) + "." + p.frac +
           std::string(pad_right_ - p.frac.size(), ' ');
  }

private:
  parts digits(double v) const { return signed_parts(v, unique_digits(v, f_, exp_)); }
  parts signed_parts(double v, parts p) const {
    if (plus_ && !std::signbit(v)) p.int_part = "+" + p.int_part;
    return p;
  }

  precision_of f_;
  bool plus_;
  bool exp_ = false;
  std::size_t pad_left_ = 0, pad_right_ = 0, frac_width_ = 0, exp_size_ = 0;
};

// The flat indices of the elements NumPy shows (edge items of every axis when summarising).
void shown_indices(const shape_t& shape, bool summarize, int axis, index_t base,
                   std::vector<index_t>& out) {
  if (axis == shape.size()) {
    out.push_back(base);
    return;
  }
  index_t inner = 1;
  for (int d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  const index_t n = shape[axis];
  for (index_t i = 0; i < n; ++i) {
    if (summarize && 2 * edge_items < n && i == edge_items) i = n - edge_items;
    shown_indices(shape, summarize, axis + 1, base + i * inner, out);
  }
}

void extend_line(std::string& s, std::string& line, const std::string& word, std::size_t width,
                 const std::string& next_line_prefix) {
  bool wrap = line.size() + word.size() > width;
  if (line.size() <= next_line_prefix.size()) wrap = false; // wrapping would not help
  if (wrap) {
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    s += line + "\n";
    line = next_line_prefix;
  }
  line += word;
}

struct layout {
  const shape_t& shape;
  bool summarize;
  std::function<std::string(index_t)> element; // formatted element by flat index

  std::string recurse(int axis, index_t base, const std::string& hanging, std::size_t width) const {
    if (axis == shape.size()) return element(base);
    const std::string next_hanging = hanging + " ";
    const std::size_t next_width = width - 1;
    index_t inner = 1;
    for (int d = axis + 1; d < shape.size(); ++d)
      inner *= shape[d];
    const index_t n = shape[axis];
    const bool summary = summarize && 2 * edge_items < n;
    const index_t leading = summary ? edge_items : 0;
    const index_t trailing = summary ? edge_items : n;
    std::string s;
    if (axis == shape.size() - 1) {
      const std::size_t elem_width = width - 1; // room for ", " or "]"
      std::string line = hanging;
      for (index_t i = 0; i < leading; ++i) {
        extend_line(s, line, recurse(axis + 1, base + i * inner, next_hanging, next_width),
                    elem_width, hanging);
        line += ", ";
      }
      if (summary) {
        extend_line(s, line, "...", elem_width, hanging);
        line += ", ";
      }
      for (index_t i = trailing; i > 1; --i) {
        extend_line(s, line, recurse(axis + 1, base + (n - i) * inner, next_hanging, next_width),
                    elem_width, hanging);
        line += ", ";
      }
      extend_line(s, line, recurse(axis + 1, base + (n - 1) * inner, next_hanging, next_width),
                  elem_width, hanging);
      s += line;
    } else {
      const std::string line_sep = "," + std::string(shape.size() - axis - 1, '\n');
      for (index_t i = 0; i < leading; ++i)
        s += hanging + recurse(axis + 1, base + i * inner, next_hanging, next_width) + line_sep;
      if (summary) s += hanging + "..." + line_sep;
      for (index_t i = trailing; i > 1; --i)
        s += hanging + recurse(axis + 1, base + (n - i) * inner, next_hanging, next_width) +
             line_sep;
      s += hanging + recurse(axis + 1, base + (n - 1) * inner, next_hanging, next_width);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }
};

} // namespace

std::string format_repr(const repr_input& in) {
  const index_t size = shape_size(in.shape);
  const bool summarize = size > threshold;
  std::vector<index_t> shown;
  if (size > 0) shown_indices(in.shape, summarize, 0, 0, shown);

  std::function<std::string(index_t)> element;
  if (in.kind == repr_kind::complex64 || in.kind == repr_kind::complex128) {
    // ComplexFloatingFormat: a column of real parts, a column of signed imaginary parts, the 'j'
    // before the imaginary column's trailing padding
    std::vector<double> re, im;
    for (index_t i : shown) {
      re.push_back(in.values[i].f);
      im.push_back(in.imag[i]);
    }
    const precision_of f =
        in.kind == repr_kind::complex64 ? precision_of::single : precision_of::twice;
    float_format real_fmt(re, f), imag_fmt(im, f, true);
    element = [&in, real_fmt, imag_fmt](index_t i) {
      std::string imag = imag_fmt(in.imag[i]);
      const auto end = imag.find_last_not_of(' ') + 1;
      return real_fmt(in.values[i].f) + imag.substr(0, end) + "j" + imag.substr(end);
    };
  } else if (in.kind == repr_kind::bfloat16) {
    element = [&in](index_t i) { return bfloat16_text(in.values[i].f); };
  } else if (in.kind == repr_kind::float16 || in.kind == repr_kind::float32 ||
             in.kind == repr_kind::float64) {
    std::vector<double> vals;
    for (index_t i : shown)
      vals.push_back(in.values[i].f);
    const precision_of f = in.kind == repr_kind::float16   ? precision_of::half
                           : in.kind == repr_kind::float32 ? precision_of::single
                                                           : precision_of::twice;
    float_format fmt(vals, f);
    element = [&in, fmt](index_t i) { return fmt(in.values[i].f); };
  } else {
    auto text = [&in](index_t i) {
      switch (in.kind) {
      case repr_kind::boolean:
        return std::string(in.values[i].u ? "True" : "False");
      case repr_kind::signed_int:
        return std::to_string(in.values[i].i);
      default:
        return std::to_string(in.values[i].u);
      }
    };
    std::size_t width = 0;
    for (index_t i : shown)
      width = std::max(width, text(i).size());
    element = [text, width](index_t i) { return pad_left(text(i), width); };
  }

  const std::string prefix = "array(";
  std::string body = "[]";
  if (size > 0) {
    const layout l{in.shape, summarize, element};
    // array2string reserves room for the closing ")" in the line width
    body = l.recurse(0, 0, std::string(prefix.size() + 1, ' '), line_width - 1);
  }
  std::vector<std::string> extras;
  if ((size == 0 && !(in.shape.size() == 1)) || size > threshold)
    extras.push_back("shape=" + shape_repr(in.shape));
  if (!in.dtype_implied || size == 0) extras.push_back(std::string("dtype=") + in.dtype);
  if (extras.empty()) return prefix + body + ")";
  std::string arr = prefix + body + ",";
  std::string extra;
  for (std::size_t k = 0; k < extras.size(); ++k)
    extra += (k ? ", " : "") + extras[k];
  extra += ")";
  const std::size_t last_line = arr.size() - (arr.rfind('\n') + 1);
  const std::string spacer =
      last_line + extra.size() + 1 > line_width ? "\n" + std::string(prefix.size(), ' ') : " ";
  return arr + spacer + extra;
}

namespace {
// Python's repr of a float inside a complex repr: the shortest round-trip digits, fixed notation
// for 1e-4 <= |v| < 1e16, else d.ddde+XX; no ".0" for whole numbers. NumPy's complex64 prints
// its float32 parts alike, with fixed notation below 1e6 only.
std::string python_float(double v, bool single) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  const parts p = split(shortest(v, single ? precision_of::single : precision_of::twice,
                                 std::chars_format::scientific));
  const bool negative = p.int_part[0] == '-';
  const std::string digits = p.int_part.substr(negative ? 1 : 0) + p.frac;
  const int e = std::stoi(p.exp);
  std::string out = negative ? "-" : "";
  const double mag = std::fabs(v);
  if (mag != 0 && (mag < 1e-4 || mag >= (single ? 1e6 : 1e16))) {
    out += digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "");
    const std::string exp = std::to_string(e < 0 ? -e : e);
    return out + "e" + (e < 0 ? "-" : "+") + (exp.size() < 2 ? "0" : "") + exp;
  }
  if (e < 0) return out + "0." + std::string(static_cast<std::size_t>(-e - 1), '0') + digits;
  const auto whole = static_cast<std::size_t>(e) + 1;
  if (digits.size() <= whole) return out + digits + std::string(whole - digits.size(), '0');
  return out + digits.substr(0, whole) + "." + digits.substr(whole);
}
} // namespace

std::string complex_scalar_repr(double re, double im, bool single) {
  const std::string imag = python_float(im, single) + "j";
  if (re == 0 && !std::signbit(re)) return imag; // Python: 1j, -2j
  return "(" + python_float(re, single) + (imag[0] == '-' ? "" : "+") + imag + ")";
}

} // namespace cupp::detail

namespace cupp {
std::ostream& operator<<(std::ostream& os, const shape_t& shape) { return os << shape_repr(shape); }
} // namespace cupp
