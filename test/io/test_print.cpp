// operator<< / repr against NumPy's repr of the same arrays (test/fixtures/repr.inc).
#include "common/testing.hpp"

#include <cupp/io/print.hpp>
#include <cupp/math/arithmetic.hpp>

#include <sstream>

TEST_CASE("repr matches NumPy", "[io][print]"){
#define CUPP_REPR(NAME, T, SHAPE, VALUES, EXPECTED)                                                \
  {                                                                                                \
    INFO(#NAME);                                                                                   \
    const cupp::shape_t shape SHAPE;                                                               \
    const std::vector<T> values VALUES;                                                            \
    std::unique_ptr<T[]> buffer(new T[values.size()]);                                             \
    for (std::size_t i = 0; i < values.size(); ++i)                                                \
      buffer[i] = values[i];                                                                       \
    const auto a = cupp::asarray(buffer.get(), shape);                                             \
    CHECK(cupp::repr(a) == std::string(EXPECTED));                                                 \
  }
#define CUPP_COMPLEX_SCALAR(RE, IM, SINGLE, EXPECTED)
#include "fixtures/repr.inc"
#undef CUPP_REPR
#undef CUPP_COMPLEX_SCALAR
}

TEST_CASE("complex scalars print as Python's and NumPy's complex repr", "[io][print][complex]"){
#define CUPP_REPR(NAME, T, SHAPE, VALUES, EXPECTED)
#define CUPP_COMPLEX_SCALAR(RE, IM, SINGLE, EXPECTED)                                              \
  {                                                                                                \
    INFO(EXPECTED);                                                                                \
    if (SINGLE) {                                                                                  \
      CHECK(cupp::repr(cupp::complex64(static_cast<float>(RE), static_cast<float>(IM))) ==         \
            EXPECTED);                                                                             \
    } else {                                                                                       \
      CHECK(cupp::repr(cupp::complex128(RE, IM)) == EXPECTED);                                     \
    }                                                                                              \
  }
#include "fixtures/repr.inc"
#undef CUPP_REPR
#undef CUPP_COMPLEX_SCALAR
}

TEST_CASE("operator<< prints arrays, views and expressions", "[io][print]") {
  std::ostringstream os;
  const auto m = cupp::arange<float>(4).reshape({2, 2});
  os << m.transpose() << "|" << (m + 1.0f);
  CHECK(os.str() == "array([[0., 2.],\n       [1., 3.]], dtype=float32)|"
                    "array([[1., 2.],\n       [3., 4.]], dtype=float32)");
}
