// Transformation functions (t:name). Each one lives in its own file and has one row in registry.cc.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace rampart::transforms {

// Transforms `in`. Returns true when the value changed, and only then writes the result to `out`:
// an unchanged value costs no copy. `out` is empty on entry; `in` never aliases `out`.
using TransformFn = bool (*)(std::string_view in, std::string& out);

struct TransformDef {
  std::string_view name;  // as written in rules, e.g. "urlDecodeUni"
  TransformFn fn;
};

// Looks a transformation up by name, ignoring case. nullptr when unknown. "none" is not in the
// table: the rule parser treats it as "clear the pipeline".
const TransformDef* find(std::string_view name);

// Every registered transformation, for docs, lint and "did you mean" hints.
std::span<const TransformDef> all();

}  // namespace rampart::transforms
