// Audit log part K prints each matched rule as ModSecurity v2 does: `SecRule "VARS" "OP"
// "ACTIONS"`, each argument log-escaped, with the actions of a chain starter merged with the
// SecDefaultAction of its phase (v2's implicit "phase:2,log,auditlog,pass" when there is none).
// Built once per rule at config time, so the log only copies a string.
//
// v2's merge, as its part K shows it (checked against mod_security2 2.9.7):
//   - the default's actions come first, in their order;
//   - an action that may appear once (id, phase, msg, severity, status, ...) replaces the
//     default's in place;
//   - the disruptive/flow group (pass, deny, block, allow, drop, redirect, proxy, skip,
//     skipAfter), log/nolog and auditlog/noauditlog each keep only the rule's action, moved to
//     where the rule has it;
//   - repeatable actions (t, tag, setvar, ctl, ...) are appended;
//   - a value is printed without its quotes unless it contains a space: msg:'x y', tag:a,b.
// Chain links are not merged with the defaults; their actions are reprinted the same way.
#include "log/audit_log.h"

#include <algorithm>

#include "engine/collection.h"
#include "log/alert.h"

namespace rampart::log {

namespace {

constexpr std::string_view kImplicitDefaults = "phase:2,log,auditlog,pass";

struct Written {
  std::string name, value;
  bool has_value = false;
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The list has already been accepted by the action parser, so this only needs to split it.
std::vector<Written> split(std::string_view text) {
  std::vector<Written> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (is_space(text[i]) || text[i] == ',')) ++i;
    if (i >= text.size()) break;
    size_t start = i;
    while (i < text.size() && text[i] != ':' && text[i] != ',') ++i;
    Written w;
    w.name = trim(text.substr(start, i - start));
    if (i < text.size() && text[i] == ':') {
      w.has_value = true;
      ++i;
      while (i < text.size() && is_space(text[i])) ++i;
      if (i < text.size() && text[i] == '\'') {
        for (++i; i < text.size() && text[i] != '\''; ++i) {
          if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\'') ++i;
          w.value += text[i];
        }
        while (i < text.size() && text[i] != ',') ++i;  // the closing quote and spaces
      } else {
        size_t vstart = i;
        while (i < text.size() && text[i] != ',') ++i;
        w.value = trim(text.substr(vstart, i - vstart));
      }
    }
    out.push_back(std::move(w));
  }
  return out;
}

bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (iequals(n, name)) return true;
  return false;
}

// 0: no group; otherwise the group whose members replace each other.
int group_of(std::string_view name) {
  if (one_of(name,
             {"pass", "deny", "block", "allow", "drop", "redirect", "proxy", "skip", "skipAfter"}))
    return 1;
  if (one_of(name, {"log", "nolog"})) return 2;
  if (one_of(name, {"auditlog", "noauditlog"})) return 3;
  return 0;
}

bool repeatable(std::string_view name) {
  return one_of(name,
                {"t", "tag", "setvar", "setenv", "ctl", "initcol", "expirevar", "deprecatevar",
                 "sanitiseArg", "sanitiseRequestHeader", "sanitiseResponseHeader",
                 "sanitiseMatchedBytes", "xmlns", "exec", "append", "prepend"});
}

void add(std::vector<Written>& list, Written w) {
  if (int g = group_of(w.name)) {
    std::erase_if(list, [&](const Written& x) { return group_of(x.name) == g; });
  } else if (!repeatable(w.name)) {
    for (auto it = list.begin(); it != list.end(); ++it) {
      if (!iequals(it->name, w.name)) continue;
      *it = std::move(w);
      std::string name = it->name;
      list.erase(std::remove_if(std::next(it), list.end(),
                                [&](const Written& x) { return iequals(x.name, name); }),
                 list.end());
      return;
    }
  }
  list.push_back(std::move(w));
}

std::string print(const std::vector<Written>& list) {
  std::string out;
  for (const Written& w : list) {
    if (!out.empty()) out += ',';
    out += w.name;
    if (!w.has_value) continue;
    bool quote = w.value.find(' ') != std::string::npos;
    out += ':';
    if (quote) out += '\'';
    out += w.value;
    if (quote) out += '\'';
  }
  return out;
}

}  // namespace

std::string expanded_actions(const std::string* defaults, std::string_view actions) {
  std::vector<Written> list;
  if (defaults) list = split(defaults->empty() ? kImplicitDefaults : std::string_view(*defaults));
  for (Written& w : split(actions)) add(list, std::move(w));
  return print(list);
}

std::string rule_text(std::string_view directive, const std::vector<std::string>& words,
                      const std::string* defaults) {
  // SecRule VARS OP [ACTIONS]; SecAction ACTIONS.
  size_t actions_at = directive == "SecAction" ? 0 : 2;
  std::string out(directive);
  for (size_t i = 0; i < words.size() && i < actions_at; ++i)
    out += " \"" + escape(words[i]) + "\"";
  bool has_actions = words.size() > actions_at;
  if (has_actions || defaults) {
    std::string_view actions = has_actions ? std::string_view(words[actions_at]) : "";
    out += " \"" + escape(expanded_actions(defaults, actions)) + "\"";
  }
  return out;
}

}  // namespace rampart::log
