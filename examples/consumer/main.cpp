// A program built against an installed cupp: y = x * a + b (the seed's ElementwiseKernel example)
// as a fused expression, checked on the host.
#include <cupp/cupp.hpp>

#include <iostream>

int main() {
  namespace cp = cupp;
  const auto x = cp::arange<float>(10);
  const cp::ndarray<float> y = x * 2.0f + 1.0f;
  std::cout << y << "\n"; // array([ 1.,  3.,  5., ..., 19.], dtype=float32)
  return cp::sum(y).item() == 100.0f ? 0 : 1;
}
