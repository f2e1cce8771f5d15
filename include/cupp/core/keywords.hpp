#pragma once
/// \file
/// NumPy's keyword arguments, spelled one way across cupp: a designated initializer of the
/// function's keyword struct, `cp::var(a, {.axis = 1, .ddof = 1})` for `np.var(a, axis=1, ddof=1)`,
/// `cp::sum(a, {.axis = {0, 2}, .keepdims = true})`. Each function family has one struct
/// (`reduce_kw`, `var_kw`, `sort_kw`...), defined next to its functions, whose members are
/// NumPy's keywords with NumPy's defaults, declared in NumPy's order: C++ requires designators in
/// declaration order, so `{.ddof = 1, .axis = 0}` does not compile (write them in NumPy's
/// signature order). Omitted keywords keep their defaults. The positional forms stay wherever
/// they are unambiguous (`cp::sum(a, 1)`, `cp::sum(a, {0, 2})` mean axes).
///
/// Every keyword struct starts with a `detail::kw_guard`, a type nothing converts to: a plain
/// braced list such as `{0, 2}` can then never initialise the struct (its first element would
/// have to become the guard), so it means the positional argument (`axes`), while a designated
/// list, which skips the guard, can only mean the struct. Without the guard `cp::sum(a, {0, 2})`
/// would be ambiguous between `axes{0, 2}` and `{.axis = 0, .keepdims = 2}`.
///
/// An empty `{}` is not "every keyword at its default": leave the argument out instead. Next to
/// a positional scalar `{}` means that scalar value-initialised (`cp::unique(x, {})` is
/// `equal_nan=false`), next to a positional class it is ambiguous.

namespace cupp::detail {

/// The first member of every keyword struct (see the file comment). Not an aggregate (it has a
/// constructor), so brace elision cannot skip it either.
struct kw_guard {
  constexpr kw_guard() noexcept {} // NOLINT(modernize-use-equals-default): keeps it no aggregate
};

} // namespace cupp::detail
