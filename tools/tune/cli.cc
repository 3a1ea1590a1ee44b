#include "tune/cli.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "log/log_reader.h"
#include "tune/proposals.h"

namespace rampart::tune {

namespace {

constexpr const char* kUsage =
    "usage: rampart tune [options] --audit-log LOG [--audit-log LOG]...\n"
    "  Reads Rampart or ModSecurity audit logs (Native or JSON, files, Concurrent directories,\n"
    "  .gz, - for stdin) and proposes CRS exclusions for the rules that hit the same argument\n"
    "  from many clients: ctl:ruleRemoveTargetById scoped to the path, or SecRuleUpdateTargetById\n"
    "  when the hits are on many paths. Printed for review, never applied.\n"
    "  --min-hits N     hits a (rule, argument) needs to be proposed (5)\n"
    "  --min-clients N  distinct client addresses it needs (3): one attacker is not a pattern\n"
    "  --max-paths N    beyond this many paths, one site-wide exclusion (3)\n"
    "  --first-id N     id of the first proposed SecRule (10000)\n"
    "  --output FILE    write the proposals there instead of stdout\n";

bool number(const char* text, long long& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtoll(text, &end, 10);
  return errno == 0 && end != text && *end == '\0' && out > 0;
}

}  // namespace

int main_tune(int argc, char** argv) {
  Thresholds t;
  std::vector<std::string> logs;
  std::string output;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    bool takes_value = a == "--audit-log" || a == "--min-hits" || a == "--min-clients" ||
                       a == "--max-paths" || a == "--first-id" || a == "--output";
    if (!takes_value) {
      if (a.size() > 1 && a[0] == '-') {
        std::fprintf(stderr, "rampart tune: unknown option %s\n%s", a.c_str(), kUsage);
        return 2;
      }
      logs.push_back(a);
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "rampart tune: %s needs a value\n", a.c_str());
      return 2;
    }
    const char* v = argv[++i];
    if (a == "--audit-log") {
      logs.push_back(v);
    } else if (a == "--output") {
      output = v;
    } else {
      long long n = 0;
      if (!number(v, n) || n > 1000000000) {
        std::fprintf(stderr, "rampart tune: %s: '%s' is not a positive number\n", a.c_str(), v);
        return 2;
      }
      if (a == "--min-hits") t.min_hits = static_cast<uint64_t>(n);
      if (a == "--min-clients") t.min_clients = static_cast<uint64_t>(n);
      if (a == "--max-paths") t.max_paths = static_cast<size_t>(n);
      if (a == "--first-id") t.first_id = static_cast<int>(n);
    }
  }
  if (logs.empty()) {
    std::fprintf(stderr, "rampart tune: --audit-log LOG is required\n%s", kUsage);
    return 2;
  }

  Collector collector;
  logtool::AuditLogReader reader(
      [&](logtool::Entry& e) {
        collector.add(e);
        return true;
      },
      [](const logtool::Problem& p) {
        std::fprintf(stderr, "rampart tune: %s\n", p.to_string().c_str());
      });
  std::string note;
  for (const std::string& log : logs) {
    reader.read(log);
    note += (note.empty() ? "" : ", ") + log;
  }
  if (reader.stats().entries == 0) {
    std::fprintf(stderr, "rampart tune: no audit-log entry could be read\n");
    return 1;
  }
  note = std::to_string(collector.transactions()) + " transactions (" +
         std::to_string(collector.with_alerts()) + " with alerts) in " + note;
  std::string text = render(collector.proposals(t), t, note);
  if (output.empty()) {
    std::fputs(text.c_str(), stdout);
    return 0;
  }
  std::ofstream out(output);
  out << text;
  if (!out.flush()) {
    std::fprintf(stderr, "rampart tune: cannot write %s: %s\n", output.c_str(),
                 std::strerror(errno));
    return 2;
  }
  return 0;
}

}  // namespace rampart::tune
