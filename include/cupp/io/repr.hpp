#pragma once
/// \file
/// The dtype-independent part of NumPy's array repr, compiled once in src/io/repr.cpp.

#include <cupp/core/shape.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace cupp::detail {

enum class repr_kind {
  boolean,
  signed_int,
  unsigned_int,
  float16,
  bfloat16,
  float32,
  float64,
  complex64,
  complex128
};

union repr_value {
  double f;
  std::int64_t i;
  std::uint64_t u;
};

struct repr_input {
  shape_t shape;
  const char* dtype = "";
  bool dtype_implied = false; // float64, int64 and bool print without ", dtype=..."
  repr_kind kind = repr_kind::float64;
  std::vector<repr_value> values; // all elements in C order (bool as u; complex: real parts)
  std::vector<double> imag;       // the imaginary parts of complex elements
};

/// NumPy's `repr()` of the array described by `in` (linewidth 75, threshold 1000, edgeitems 3,
/// precision 8, floatmode 'maxprec'); bfloat16 elements as ml_dtypes prints them (C++'s default
/// float output, six significant digits, no padding); complex elements as NumPy's
/// ComplexFloatingFormat (the real parts and the signed imaginary parts formatted as two float
/// columns: `1.+2.j`).
[[nodiscard]] std::string format_repr(const repr_input& in);

/// Python's repr of the complex number re + im j (`(1+2j)`, `1j`, `(nan-infj)`), each part in the
/// shortest digits that round-trip in its precision (`single`: a complex64's float32 parts).
[[nodiscard]] std::string complex_scalar_repr(double re, double im, bool single);

} // namespace cupp::detail
