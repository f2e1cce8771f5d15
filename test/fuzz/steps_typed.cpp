// The differential fuzzer's sorting and indexing steps (test/fuzz/steps.hpp).
#include "steps.hpp"

#include <cupp/array/manipulation.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fuzz {
namespace {

// "1:none:-2" as a cupp::slice.
cupp::slice parse_slice(const std::string& t) {
  std::optional<cupp::index_t> part[3];
  std::stringstream ss(t);
  std::string p;
  for (int i = 0; i < 3 && std::getline(ss, p, ':'); ++i)
    if (p != "none") part[i] = std::stoll(p);
  return {part[0], part[1], part[2]};
}

// x[(slice(None),) * axis + (item,)]: the axis moved to the front and indexed there (the other
// axes keep their order); a slice's result moves back.
template <class T, class I>
cupp::ndarray<T> index_along(const cupp::ndarray<T>& x, cupp::index_t axis, const I& item) {
  const auto moved = cupp::moveaxis(x, axis, 0);
  if constexpr (std::is_same_v<I, cupp::slice>) {
    return cupp::moveaxis(moved(item), 0, axis);
  } else {
    return moved(item);
  }
}

} // namespace

// The sorting and indexing steps, on the typed array (cupp::array has no methods for them).
array typed_step(const std::string& op, const std::vector<operand>& in, const keywords& kw) {
  const array& a = *in.at(0).a;
  const cupp::index_t axis = op == "sort" || op == "argsort" ? 0 : kw.integer("axis", 0);
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
    if (op == "sort") return cupp::sort(x, kw.axis());
    if (op == "argsort") return cupp::argsort(x, kw.axis(), "stable");
    if (op == "unique") return cupp::unique(x);
    if (op == "getitem") return index_along(x, axis, kw.integer("index", 0));
    if (op == "getslice") return index_along(x, axis, parse_slice(kw.kv.at("slice")));
    if (op == "take") return cupp::take(x, cupp::asarray(*kw.list("indices")), axis);
    if (op == "mask") return cupp::ndarray<T>(x(in.at(1).a->template astype<bool>()));
    // the writes: y = x.copy(); y[...] = v, v cast as NumPy does (unsafely, as astype)
    cupp::ndarray<T> y = x.copy();
    const auto value = [&](std::size_t i) {
      return in.at(i).a->astype(a.dtype()).template as<T>();
    };
    if (op == "setslice") {
      index_along(y, axis, parse_slice(kw.kv.at("slice"))).assign(value(1));
    } else if (op == "setitems") { // y[(slice(None),) * axis + ([i, j, ...],)] = v
      const auto idx = cupp::asarray(*kw.list("indices"));
      const cupp::slice all{};
      switch (axis < 0 ? axis + x.ndim() : axis) {
      case 0:
        y(idx) = value(1);
        break;
      case 1:
        y(all, idx) = value(1);
        break;
      case 2:
        y(all, all, idx) = value(1);
        break;
      case 3:
        y(all, all, all, idx) = value(1);
        break;
      case 4:
        y(all, all, all, all, idx) = value(1);
        break;
      default: // the generator writes along the first 5 axes
        throw std::invalid_argument("setitems along axis " + std::to_string(axis));
      }
    } else if (op == "setmask") { // y[m] = v
      y(in.at(1).a->template astype<bool>()) = value(2);
    } else {
      throw std::invalid_argument("unknown operation " + op);
    }
    return y;
  });
}

} // namespace fuzz
