// libFuzzer harness: macro expansion. The input up to the first NUL is the text of a rule's
// msg:, logdata: or setvar: (`%{TX.x}`, `%{ARGS.name}`, `%{MATCHED_VARS}`, …); the pieces after
// it, split at NULs, are values put into TX, ARGS, cookies, request headers and the matched
// variables, so that references find values of any shape and size.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/macro.h"
#include "engine/transaction_state.h"
#include "fuzz_support.h"

namespace {

const rampart::Config& config() {
  static const std::unique_ptr<rampart::Config> c = rampart::fuzz::load_rules("SecRuleEngine On\n");
  return *c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  std::string_view text = rampart::fuzz::next_piece(in);
  rampart::fuzz::QuietLog log;
  rampart::TransactionState tx(config(), log);
  tx.request_headers.push_back({"Host", "fuzz.example"});
  // Each value under a fixed name and under a name made of itself.
  for (int i = 0; !in.empty() && i < 16; ++i) {
    std::string_view value = rampart::fuzz::next_piece(in);
    std::string_view name = std::string_view("abcdefghijklmnop").substr(i, 1);
    tx.tx.set(name, value);
    tx.tx.set(value, name);
    tx.args_get.push_back({name, value});
    tx.args_get.push_back({value, name});
    tx.cookies.push_back({name, value});
    tx.request_headers.push_back({value, value});
    tx.matched_vars.add(std::string("ARGS:") + std::string(name), value);
    tx.matched_var.assign(value);
    tx.matched_var_name.assign(name);
  }

  rampart::MacroString macro(text);
  std::string out;
  macro.expand(tx, out);
  // No macro, no change: the text is its own expansion. (Expansions are not compared with each
  // other: %{DURATION} and the TIME variables change between two calls.)
  if (!macro.has_macros() && out != text) __builtin_trap();
  std::string buffer;
  macro.view(tx, buffer);
  return 0;
}
