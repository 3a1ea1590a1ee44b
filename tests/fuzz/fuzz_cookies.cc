// libFuzzer harness: the Cookie header and urlencoded parsers on their own, without the rest of a
// transaction (fuzz_request reaches them too, but among a whole rule set). The first byte picks
// SecCookieV0Separator and SecArgumentSeparator; the rest is the header or query string. Checks
// the parsers' documented promises, not only that they do not crash.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "body/cookies.h"
#include "body/urlencoded.h"
#include "engine/transaction_state.h"
#include "fuzz_support.h"

namespace {

const rampart::Config& config() {
  static const std::unique_ptr<rampart::Config> c = rampart::fuzz::load_rules("SecRuleEngine On\n");
  return *c;
}

bool inside(std::string_view part, std::string_view whole) {
  return part.empty() ||
         (part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  constexpr char kSeparators[] = {';', ',', '&', ' '};
  char separator = kSeparators[data[0] % std::size(kSeparators)];
  std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  rampart::fuzz::QuietLog log;
  rampart::TransactionState tx(config(), log);
  std::vector<rampart::Param> out;

  // v0 keeps names and values as sent: views into the header, never an empty name.
  rampart::body::parse_cookies_v0(in, separator, out);
  for (const rampart::Param& p : out) {
    if (p.name.empty() || !inside(p.name, in) || !inside(p.value, in)) __builtin_trap();
  }
  out.clear();
  rampart::body::parse_cookies_v1(tx, in, out);
  out.clear();

  // Decoding only ever shortens: a %XX or '+' never becomes more than one byte.
  rampart::body::parse_urlencoded(tx, in, separator, out);
  for (const rampart::Param& p : out) {
    if (p.name.size() + p.value.size() > in.size()) __builtin_trap();
  }
  return 0;
}
