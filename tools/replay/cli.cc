#include "replay/cli.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "rampart/config.h"
#include "replay/evaluate.h"
#include "replay/inputs.h"
#include "replay/output.h"
#include "replay/profile_report.h"

namespace rampart::replay {

namespace {

constexpr const char* kUsage =
    "usage: rampart replay --rules CONF [--rules CONF]... [options] [--requests] [FILE|DIR|-]...\n"
    "  Evaluates the rule set offline against recorded requests: raw HTTP files, HAR files, or\n"
    "  Rampart/ModSecurity audit logs (parts B and C; F and E run phases 3 and 4). Directories\n"
    "  are read recursively; no input or - reads stdin. Per request: the verdict, the rules\n"
    "  that fired (* marks the one that intercepted), the CRS anomaly scores, the time.\n"
    "  --rules CONF        a rule file (Include followed), loaded in the order given\n"
    "  --diff CONF2        a second rule set (repeatable, like --rules): print only requests\n"
    "                      whose verdict differs; exit 1 when any does\n"
    "  --diff-rules        with --diff, also requests whose verdict is the same but whose fired\n"
    "                      rules differ\n"
    "  --as-configured     keep the files' SecRuleEngine and SecRequestBodyAccess (by default\n"
    "                      replay turns both On, to show what blocking mode would do)\n"
    "  --profile           after the requests, the slowest rules and transformations\n"
    "  --profile-html FILE also a flame-style picture of rule time, as an HTML page\n"
    "  --top N             rows of the profile tables (20)\n"
    "  --repeat N          evaluate each request N times (steadier profile figures)\n"
    "  --json              one JSON object per request instead of text\n"
    "  --quiet             no per-request output (totals and profile only)\n"
    "  --body-limit BYTES  the largest audit-log entry replayed (64 MiB)\n";

struct Options {
  std::vector<std::string> rules, diff, inputs;
  bool as_configured = false, profile = false, json = false, quiet = false, diff_rules = false;
  std::string profile_html;
  size_t top = 20, repeat = 1, body_limit = size_t{64} << 20;
};

bool parse_number(const char* text, size_t& out) {
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v == 0) return false;
  out = static_cast<size_t>(v);
  return true;
}

// Returns 0 to go on, or the exit code.
int parse_args(int argc, char** argv, Options& o) {
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "rampart replay: %s needs a value\n", a.c_str());
        return nullptr;
      }
      return argv[++i];
    };
    const char* v = nullptr;
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return -1;
    } else if (a == "--rules" || a == "--diff" || a == "--requests" || a == "--profile-html") {
      if (!(v = value())) return 2;
      if (a == "--rules") o.rules.push_back(v);
      if (a == "--diff") o.diff.push_back(v);
      if (a == "--requests") o.inputs.push_back(v);
      if (a == "--profile-html") o.profile_html = v, o.profile = true;
    } else if (a == "--top" || a == "--repeat" || a == "--body-limit") {
      if (!(v = value())) return 2;
      size_t& field = a == "--top" ? o.top : a == "--repeat" ? o.repeat : o.body_limit;
      if (!parse_number(v, field)) {
        std::fprintf(stderr, "rampart replay: %s: '%s' is not a positive number\n", a.c_str(), v);
        return 2;
      }
    } else if (a == "--as-configured") {
      o.as_configured = true;
    } else if (a == "--profile") {
      o.profile = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--quiet") {
      o.quiet = true;
    } else if (a == "--diff-rules") {
      o.diff_rules = true;
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      std::fprintf(stderr, "rampart replay: unknown option %s\n%s", a.c_str(), kUsage);
      return 2;
    } else {
      o.inputs.push_back(a);
    }
  }
  if (o.rules.empty()) {
    std::fprintf(stderr, "rampart replay: --rules CONF is required\n%s", kUsage);
    return 2;
  }
  if (!o.diff.empty() && o.profile) {
    std::fprintf(stderr, "rampart replay: --profile profiles one rule set; drop --diff\n");
    return 2;
  }
  if (o.diff_rules && o.diff.empty()) {
    std::fprintf(stderr, "rampart replay: --diff-rules needs --diff\n");
    return 2;
  }
  if (o.inputs.empty()) o.inputs.push_back("-");
  return 0;
}

// The rule files in order, as httpd's Include lines would load them; replay writes no audit or
// debug log whatever the files say, and runs in blocking mode unless told otherwise.
std::unique_ptr<Config> load_rules(const std::vector<std::string>& files, bool as_configured) {
  auto config = std::make_unique<Config>();
  for (const std::string& f : files) {
    if (auto err = config->load_file(f, /*ignore_unknown=*/true)) {
      std::fprintf(stderr, "%s\n", err->to_string().c_str());
      return nullptr;
    }
  }
  if (auto err = config->finish()) {
    std::fprintf(stderr, "%s\n", err->to_string().c_str());
    return nullptr;
  }
  SourceLocation here{"(rampart replay)", 0};
  std::vector<std::pair<const char*, const char*>> overrides = {{"SecAuditEngine", "Off"},
                                                                {"SecDebugLogLevel", "0"}};
  if (!as_configured) {
    overrides.emplace_back("SecRuleEngine", "On");
    overrides.emplace_back("SecRequestBodyAccess", "On");
  }
  for (auto [directive, value] : overrides) {
    if (auto err = config->apply(directive, value, here)) {
      std::fprintf(stderr, "%s\n", err->to_string().c_str());
      return nullptr;
    }
  }
  return config;
}

// Evaluates `r` `repeat` times; the outcome of the last, the time of all averaged.
Outcome run(const Config& config, const Request& r, size_t repeat, Profile* profile) {
  Outcome o;
  double micros = 0;
  for (size_t i = 0; i < repeat; ++i) {
    o = evaluate(config, r, profile);
    micros += o.micros;
    if (profile) ++profile->transactions;
  }
  o.micros = micros / static_cast<double>(repeat);
  return o;
}

}  // namespace

int main_replay(int argc, char** argv) {
  Options o;
  if (int rc = parse_args(argc, argv, o); rc != 0) return rc < 0 ? 0 : rc;
  std::unique_ptr<Config> a = load_rules(o.rules, o.as_configured);
  if (!a) return 2;
  std::unique_ptr<Config> b;
  if (!o.diff.empty() && !(b = load_rules(o.diff, o.as_configured))) return 2;

  Profile profile;
  Totals t;
  auto on_problem = [&](const std::string& p) {
    std::fprintf(stderr, "rampart replay: %s\n", p.c_str());
  };
  auto on_request = [&](Request& r) {
    ++t.requests;
    Outcome oa = run(*a, r, o.repeat, o.profile ? &profile : nullptr);
    t.micros += oa.micros;
    if (oa.blocked) ++t.blocked;
    if (!b) {
      if (!o.quiet) print_outcome(stdout, t.requests, r, oa, o.json);
      return;
    }
    Outcome ob = run(*b, r, o.repeat, nullptr);
    bool verdict_changed = oa.verdict != ob.verdict;
    bool rules_changed = !only_in(oa, ob).empty() || !only_in(ob, oa).empty();
    if (verdict_changed) {
      ++t.changed;
      if (ob.blocked && !oa.blocked) ++t.newly_blocked;
      if (oa.blocked && !ob.blocked) ++t.newly_passed;
    } else if (rules_changed) {
      ++t.rules_differ;
    }
    if (!o.quiet && (verdict_changed || (o.diff_rules && rules_changed)))
      print_difference(stdout, t.requests, r, oa, ob, o.json);
  };
  for (const std::string& input : o.inputs) {
    InputStats stats;
    read_inputs(input, o.body_limit, on_request, on_problem, stats);
    t.problems += stats.problems;
  }
  if (!o.json) print_totals(stdout, t, b != nullptr);
  if (o.profile) {
    print_profile(o.json ? stderr : stdout, profile, o.top,
                  t.micros * static_cast<double>(o.repeat));
    if (!o.profile_html.empty() && !write_profile_html(o.profile_html, profile)) {
      std::fprintf(stderr, "rampart replay: cannot write %s: %s\n", o.profile_html.c_str(),
                   std::strerror(errno));
      return 2;
    }
  }
  if (t.requests == 0) {
    std::fprintf(stderr, "rampart replay: no request could be read\n");
    return 1;
  }
  return t.changed > 0 ? 1 : 0;
}

}  // namespace rampart::replay
