#include "tune/proposals.h"

#include <algorithm>

namespace rampart::tune {

namespace {

// CRS's scoring and reporting rules: they name TX variables, not request data.
bool is_scoring_target(std::string_view target) {
  return target.starts_with("TX:") || target.starts_with("tx:");
}

std::string path_of(std::string_view uri) {
  return std::string(uri.substr(0, uri.find('?')));
}

std::string quoted(std::string_view s, size_t max) {
  std::string out;
  for (char c : s.substr(0, max)) {
    if (c == '\n' || c == '\r') c = ' ';
    out += c;
  }
  if (s.size() > max) out += "...";
  return out;
}

// A path for a rule's operator argument: `"` and `\` escaped, as the rule parser unescapes them.
std::string escape_param(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string alert_target(const logtool::RuleMessage& m) {
  // The operator's message ends with ` at NAME.`, written by the engine after any request data
  // it quotes: the last ` at ` cannot be forged by a client. The data's `found within NAME: `
  // (CRS's logdata) comes after the matched text, which a client chooses, so it is the fallback.
  std::string_view msg = m.rule_message;
  if (size_t at = msg.rfind(" at "); at != std::string_view::npos) {
    std::string_view name = msg.substr(at + 4);
    if (name.ends_with('.')) name.remove_suffix(1);
    if (!name.empty() && name.find(' ') == std::string_view::npos) return std::string(name);
  }
  constexpr std::string_view kWithin = "found within ";
  if (size_t at = m.data.find(kWithin); at != std::string::npos) {
    std::string_view rest = std::string_view(m.data).substr(at + kWithin.size());
    // `ARGS:q: value` — the name ends at the ": " after its collection's colon.
    size_t colon = rest.find(':');
    size_t end = colon == std::string_view::npos ? rest.find(": ") : rest.find(": ", colon + 1);
    std::string_view name = rest.substr(0, end);
    if (!name.empty()) return std::string(name);
  }
  return {};
}

bool writable_target(std::string_view target) {
  return !target.empty() && target.find_first_of("\"',; \t\\|") == std::string_view::npos;
}

void Collector::add(const logtool::Entry& e) {
  ++transactions_;
  if (e.messages.empty()) return;
  ++with_alerts_;
  std::string path = path_of(e.uri);
  std::set<std::pair<std::string, std::string>> seen;  // count a combination once per request
  for (const logtool::RuleMessage& m : e.messages) {
    if (m.id.empty()) continue;
    std::string target = alert_target(m);
    if (target.empty() || is_scoring_target(target)) continue;
    auto key = std::make_pair(m.id, target);
    if (!seen.insert(key).second) continue;
    Group& g = groups_[key];
    if (g.msg.empty()) {
      g.msg = m.msg;
      g.example_id = e.unique_id;
      g.example_data = m.data;
    }
    PathStats& p = g.paths[path];
    ++p.hits;
    if (e.blocked()) ++p.blocked;
    p.clients.insert(e.client_ip);
  }
}

std::vector<Proposal> Collector::proposals(const Thresholds& t) const {
  std::vector<Proposal> out;
  for (const auto& [key, g] : groups_) {
    Proposal p;
    p.rule_id = key.first;
    p.target = key.second;
    p.rule_msg = g.msg;
    p.example_id = g.example_id;
    p.example_data = g.example_data;
    std::set<std::string> clients;
    std::vector<std::pair<uint64_t, std::string>> paths;  // hits, path
    for (const auto& [path, s] : g.paths) {
      p.hits += s.hits;
      p.blocked += s.blocked;
      clients.insert(s.clients.begin(), s.clients.end());
      paths.emplace_back(s.hits, path);
    }
    p.clients = clients.size();
    if (p.hits < t.min_hits || p.clients < t.min_clients) continue;
    if (paths.size() <= t.max_paths) {
      std::sort(paths.begin(), paths.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      for (const auto& [hits, path] : paths) p.paths.push_back(path);
    }
    out.push_back(std::move(p));
  }
  std::sort(out.begin(), out.end(), [](const Proposal& a, const Proposal& b) {
    return a.hits != b.hits ? a.hits > b.hits : a.rule_id < b.rule_id;
  });
  return out;
}

std::string render(const std::vector<Proposal>& proposals, const Thresholds& t,
                   const std::string& source_note) {
  std::string before, after, skipped;
  int id = t.first_id;
  for (const Proposal& p : proposals) {
    std::string why = "# " + p.rule_id + " \"" + p.rule_msg + "\" on " + p.target +
                      (p.paths.empty() ? " on many paths" : "") + ": " + std::to_string(p.hits) +
                      " hits from " + std::to_string(p.clients) + " clients, " +
                      std::to_string(p.blocked) + " in blocked requests\n#   e.g. " + p.example_id +
                      ": " + quoted(p.example_data, 120) + "\n";
    if (!writable_target(p.target)) {
      skipped += why + "#   (not proposed: the target name needs quoting; exclude it by hand)\n";
      continue;
    }
    if (p.paths.empty()) {
      after += why + "SecRuleUpdateTargetById " + p.rule_id + " \"!" + p.target + "\"\n\n";
      continue;
    }
    for (const std::string& path : p.paths) {
      before += why + "SecRule REQUEST_FILENAME \"@streq " + escape_param(path) +
                "\" \\\n    \"id:" + std::to_string(id++) +
                ",phase:1,pass,t:none,nolog,ctl:ruleRemoveTargetById=" + p.rule_id + ";" +
                p.target + "\"\n\n";
    }
  }
  std::string out = "# rampart tune: " + source_note +
                    "\n# Proposed exclusions for review. Each one stops a rule from looking at one "
                    "argument:\n# check the example transactions (rampart log --show ID) before "
                    "pasting, and replay\n# the log with them (rampart replay --diff) to see what "
                    "changes.\n\n";
  if (before.empty() && after.empty() && skipped.empty())
    return out + "# Nothing to propose: no rule hit the same target from at least " +
           std::to_string(t.min_clients) + " clients " + std::to_string(t.min_hits) +
           " times or more.\n";
  if (!before.empty())
    out +=
        "# --- Before the CRS rules (REQUEST-900-EXCLUSION-RULES-BEFORE-CRS.conf) ---\n\n" + before;
  if (!after.empty())
    out +=
        "# --- After the CRS rules (RESPONSE-999-EXCLUSION-RULES-AFTER-CRS.conf) ---\n\n" + after;
  if (!skipped.empty()) out += "# --- Not proposed ---\n\n" + skipped;
  return out;
}

}  // namespace rampart::tune
