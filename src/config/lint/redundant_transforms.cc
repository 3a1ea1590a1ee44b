// t: steps that cannot change anything: an idempotent transformation right after itself, or a
// case conversion that the next step converts again.
#include <array>
#include <string_view>

#include "config/lint/checks.h"
#include "engine/collection.h"
#include "transforms/transform.h"

namespace rampart::lint {

namespace {

// Applying one of these to its own output gives the same text.
constexpr std::array<std::string_view, 14> kIdempotent = {
    "lowercase",        "uppercase",     "trim",
    "trimLeft",         "trimRight",     "compressWhitespace",
    "removeWhitespace", "removeNulls",   "replaceNulls",
    "normalizePath",    "normalisePath", "normalizePathWin",
    "normalisePathWin", "cmdLine"};

bool idempotent(std::string_view name) {
  for (std::string_view n : kIdempotent)
    if (iequals(n, name)) return true;
  return false;
}

bool case_fold(std::string_view name) {
  return iequals(name, "lowercase") || iequals(name, "uppercase");
}

}  // namespace

void check_redundant_transforms(const Rules& rules, Findings& out) {
  for (const auto& rule : rules) {
    if (rule->is_marker) continue;
    for_each_link(*rule, [&](const Rule& link) {
      const auto& t = link.transforms;
      for (size_t i = 0; i + 1 < t.size(); ++i) {
        std::string_view a = t[i]->name, b = t[i + 1]->name;
        if (iequals(a, b) && idempotent(a)) {
          out.warn(link, "t:" + std::string(a) + " twice in a row: the second changes nothing");
        } else if (case_fold(a) && case_fold(b)) {
          out.warn(link, "t:" + std::string(a) + " is undone by the t:" + std::string(b) +
                             " right after it; keep one");
        }
      }
    });
  }
}

}  // namespace rampart::lint
