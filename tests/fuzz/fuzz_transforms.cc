// libFuzzer harness: every transformation on any input, alone and after urlDecodeUni (the usual
// first step of CRS pipelines).
#include <cstddef>
#include <cstdint>
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
    std::string out;
    apply(t, in, out, ctx);
    out.clear();
    apply(t, decoded, out, ctx);
  }
  return 0;
}
