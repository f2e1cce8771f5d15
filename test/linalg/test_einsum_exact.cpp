// np.einsum of bool, the integers and the 16-bit floats against NumPy (test/fixtures/einsum.txt):
// integers wrap in their dtype and bool sums are logical or, as NumPy's einsum (no BLAS: the fused
// product and sum); float16 and bfloat16 products run as float32 GEMMs. The float dtypes, errors
// and paths are in test_einsum.cpp.
#include "linalg/einsum_testing.hpp"

using namespace cupp_test;

using einsum_exact_dtypes =
    std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
               std::uint16_t, std::uint32_t, std::uint64_t, cupp::float16, cupp::bfloat16>;

TEMPLATE_LIST_TEST_CASE("einsum of the exact and 16-bit dtypes is NumPy's", "[linalg][einsum]",
                        einsum_exact_dtypes) {
  check_einsum_values<TestType>();
}
