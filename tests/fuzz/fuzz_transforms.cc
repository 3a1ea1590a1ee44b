// libFuzzer harness: every transformation on any input, alone and after urlDecodeUni (the usual
// first step of CRS pipelines). A transformation must leave an input that holds none of its
// trigger bytes unchanged (TransformDef::triggers): the evaluator skips it for such values.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "transforms/transform.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rampart::transforms;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  TransformContext ctx{nullptr};
  const TransformDef* first = find("urlDecodeUni");
  std::string decoded;
  if (first == nullptr || !apply(*first, in, decoded, ctx)) decoded.assign(in);
  for (const TransformDef& t : all()) {
    for (std::string_view value : {in, std::string_view(decoded)}) {
      std::string out;
      bool changed = apply(t, value, out, ctx);
      if (changed && t.triggers && !t.triggers->any_of(value)) {
        std::fprintf(stderr, "t:%.*s changed a value without its trigger bytes\n",
                     static_cast<int>(t.name.size()), t.name.data());
        std::abort();
      }
    }
  }
  return 0;
}
