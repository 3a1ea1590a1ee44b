// libFuzzer harness: the rule-file parser. Any text must load or be refused with an error;
// never crash, hang or leak.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rampart/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rampart::Config config;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!config.load_string(text, "/fuzz/rules.conf")) config.finish();
  return 0;
}
