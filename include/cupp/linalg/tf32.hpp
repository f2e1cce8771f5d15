#pragma once
/// \file
/// The TF32 switch of float32 GEMMs: CuPy's CUPY_TF32=1 and PyTorch's `allow_tf32`. When on,
/// float32 GEMMs (matmul, dot, and the products inside einsum, tensordot, inner, outer...) run on
/// tensor cores with their inputs rounded to TF32 (a 10-bit mantissa) and float32 sums: several
/// times the float32 rate, about 1e-3 relative error. Off by default; CUPP_TF32=1 in the
/// environment turns it on (read at the first GEMM or query). Process-wide; no effect on the host
/// backend (its sgemm is float32). Defined in src/linalg/matmul.cpp; the CUDA backend's GEMMs read
/// it at each call.

namespace cupp::linalg {
void allow_tf32(bool on) noexcept;
/// Whether float32 GEMMs may use TF32 (allow_tf32, CUPP_TF32).
[[nodiscard]] bool tf32_allowed() noexcept;
} // namespace cupp::linalg
