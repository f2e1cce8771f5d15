// What this cupp is and what it runs on (CuPy's `python -c "import cupy; cupy.show_config()"`):
// version, backend, CUDA and library versions, devices and memory pools. Attach its output to bug
// reports.
#include <cupp/cupp.hpp>

int main() { cupp::show_config(); }
