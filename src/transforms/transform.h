// Transformation functions (t:name). Each one lives in its own file and has one row in registry.cc.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/byte_mask.h"

namespace rampart::transforms {

// Transforms `in`. Returns true when the value changed, and only then writes the result to `out`:
// an unchanged value costs no copy. `out` is empty on entry; `in` never aliases `out`.
using TransformFn = bool (*)(std::string_view in, std::string& out);

// What a transformation may need from the configuration: only t:urlDecodeUni has a use for it
// (SecUnicodeMapFile's code point -> byte table, null when none is loaded).
struct TransformContext {
  const std::vector<int16_t>* unicode_map = nullptr;
};
using TransformCtxFn = bool (*)(std::string_view in, std::string& out, const TransformContext& ctx);

struct TransformDef {
  std::string_view name;  // as written in rules, e.g. "urlDecodeUni"
  TransformFn fn;
  TransformCtxFn ctx_fn = nullptr;  // used instead of fn when set and given a context
  // The bytes without one of which the transformation leaves a value as it is ('%' and '+' for
  // t:urlDecode); nullopt when it may change any value (t:length, t:md5). The evaluator passes a
  // value that holds none of a pipeline's trigger bytes straight through, without running the
  // pipeline or looking the value up in the transformation cache: most request values are plain
  // words. transforms/triggers_test.cc checks each set against its transformation.
  std::optional<ByteMask> triggers = std::nullopt;
};

// Runs `t`, with the configuration's context for the transformations that take one.
inline bool apply(const TransformDef& t, std::string_view in, std::string& out,
                  const TransformContext& ctx) {
  return t.ctx_fn ? t.ctx_fn(in, out, ctx) : t.fn(in, out);
}

// Looks a transformation up by name, ignoring case. nullptr when unknown. "none" is not in the
// table: the rule parser treats it as "clear the pipeline".
const TransformDef* find(std::string_view name);

// Every registered transformation, for docs, lint and "did you mean" hints.
std::span<const TransformDef> all();

}  // namespace rampart::transforms
