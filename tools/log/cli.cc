#include "cli.h"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "filter.h"
#include "log_reader.h"
#include "output.h"
#include "report_html.h"
#include "summary.h"

namespace rampart::logtool {
namespace {

constexpr const char* kUsage =
    "usage: rampart log [options] [FILE|DIR|-]...\n"
    "  Reads ModSecurity v2 audit logs, Native or JSON: Serial log files, Concurrent storage\n"
    "  directories (walked recursively), .gz files, or stdin (- or no FILE).\n"
    "filters (different options must all match; a repeated option matches any of its values):\n"
    "  --since TIME, --until TIME   2024-10-02T12:00[:00][+02:00] or 02/Oct/2024:12:00:00 +0200\n"
    "  --rule ID                    942100, 942* or 942000-942999\n"
    "  --tag TAG                    attack-sqli, paranoia-level/* (case-insensitive)\n"
    "  --severity LEVEL             at least this severe: CRITICAL keeps EMERGENCY..CRITICAL\n"
    "  --ip ADDR|CIDR               client address: 192.0.2.7, 10.0.0.0/8, 2001:db8::/32\n"
    "  --uri REGEX                  PCRE2 search in the request URI (path and query)\n"
    "  --status CODE                403, 4xx or 400-499\n"
    "  --blocked, --passed          only intercepted / only not intercepted transactions\n"
    "output (default: one table row per transaction):\n"
    "  --json                       JSON, one object per line (with --summary: one object)\n"
    "  --show UNIQUE_ID             one transaction in full\n"
    "  --summary                    top rules, client IPs and URIs; blocked/passed over time\n"
    "  --top N                      rows per top list (default 10)\n"
    "  --bucket minute|hour|day     timeline bucket (default minute; widens for long spans)\n"
    "  --report FILE.html           self-contained HTML report\n"
    "  --report-last N              transactions kept in full in the report (default 200, max "
    "2000)\n"
    "  --limit N                    stop after N matching transactions\n"
    "Damaged or truncated entries are reported on stderr with file, line and byte offset and\n"
    "skipped; see docs/audit-log.md.\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "rampart log: %s\n%s", message.c_str(), kUsage);
  return 2;
}

bool to_size(const std::string& s, std::size_t& out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

void write_out(const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
}

struct Options {
  Filter filter;
  std::vector<std::string> inputs;
  bool json = false, summary = false;
  std::string show, report;
  std::size_t top = 10, report_last = kReportDefaultTransactions, limit = 0;
  std::int64_t bucket_s = 60;
};

bool takes_value(const std::string& arg) {
  for (const char* name :
       {"--since", "--until", "--rule", "--tag", "--severity", "--ip", "--uri", "--status",
        "--show", "--report", "--top", "--limit", "--report-last", "--bucket"})
    if (arg == name) return true;
  return false;
}

// Fills `o`; returns an error message for bad usage, or empty.
std::string parse_options(int argc, char** argv, Options& o) {
  bool no_more_options = false;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (no_more_options || arg == "-" || arg.empty() || arg[0] != '-') {
      o.inputs.push_back(arg);
      continue;
    }
    if (arg == "--") {
      no_more_options = true;
      continue;
    }
    std::string value;
    bool has_value = false;
    if (auto eq = arg.find('='); eq != std::string::npos) {
      value = arg.substr(eq + 1), arg = arg.substr(0, eq), has_value = true;
    }
    auto flag = [&](const char* name) { return arg == name; };
    auto take = [&]() -> bool {
      if (has_value) return true;
      if (i + 1 >= argc) return false;
      value = argv[++i];
      return true;
    };
    std::string err;
    if (flag("--json"))
      o.json = true;
    else if (flag("--summary"))
      o.summary = true;
    else if (flag("--blocked"))
      o.filter.set_blocked(true);
    else if (flag("--passed"))
      o.filter.set_blocked(false);
    else if (flag("-h") || flag("--help"))
      return "help";
    else if (!takes_value(arg))
      return "unknown option " + arg;
    else if (!take())
      return arg + " needs a value";
    else if (flag("--since"))
      err = o.filter.set_since(value);
    else if (flag("--until"))
      err = o.filter.set_until(value);
    else if (flag("--rule"))
      err = o.filter.add_rule(value);
    else if (flag("--tag"))
      err = o.filter.add_tag(value);
    else if (flag("--severity"))
      err = o.filter.set_severity(value);
    else if (flag("--ip"))
      err = o.filter.add_ip(value);
    else if (flag("--uri"))
      err = o.filter.set_uri(value);
    else if (flag("--status"))
      err = o.filter.add_status(value);
    else if (flag("--show"))
      o.show = value, o.filter.set_unique_id(value);
    else if (flag("--report"))
      o.report = value;
    else if (flag("--top"))
      err = to_size(value, o.top) && o.top > 0 ? "" : "--top needs a number above 0";
    else if (flag("--limit"))
      err = to_size(value, o.limit) ? "" : "--limit needs a number";
    else if (flag("--report-last")) {
      if (!to_size(value, o.report_last) || o.report_last > kReportMaxTransactions)
        err = "--report-last needs a number from 0 to " + std::to_string(kReportMaxTransactions);
    } else if (flag("--bucket")) {
      if (value == "minute")
        o.bucket_s = 60;
      else if (value == "hour")
        o.bucket_s = 3600;
      else if (value == "day")
        o.bucket_s = 86400;
      else
        err = "--bucket is minute, hour or day, not '" + value + "'";
    }
    if (!err.empty()) return err;
  }
  if (!o.show.empty() && (o.summary || !o.report.empty()))
    return "--show prints one transaction; it does not go with --summary or --report";
  return {};
}

}  // namespace

int main_log(int argc, char** argv) {
  Options o;
  std::string err = parse_options(argc, argv, o);
  if (err == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (!err.empty()) return usage_error(err);
  if (o.inputs.empty()) {
    if (isatty(STDIN_FILENO)) return usage_error("no FILE given and stdin is a terminal");
    o.inputs.push_back("-");
  }

  Summary summary(o.bucket_s);
  HtmlReport report(o.report_last);
  const bool listing = o.show.empty() && !o.summary && o.report.empty();
  std::size_t matched = 0;
  if (listing && !o.json) write_out(table_header());

  AuditLogReader reader(
      [&](Entry& e) {
        if (!o.filter.matches(e)) return true;
        ++matched;
        if (!o.show.empty()) {
          write_out(o.json ? entry_json(e) : entry_full_text(e));
          return false;  // unique ids are unique: stop reading
        }
        if (o.summary || !o.report.empty()) summary.add(e);
        if (!o.report.empty()) report.add(e);
        if (listing) write_out(o.json ? entry_json(e) : table_row(e));
        return o.limit == 0 || matched < o.limit;
      },
      [](const Problem& p) { std::fprintf(stderr, "rampart log: %s\n", p.to_string().c_str()); });

  for (const auto& path : o.inputs)
    if (!reader.read(path)) break;
  std::fflush(stdout);

  const ReadStats& st = reader.stats();
  if (st.skipped > 0)
    std::fprintf(stderr, "rampart log: %llu damaged or truncated entr%s skipped (see above)\n",
                 static_cast<unsigned long long>(st.skipped), st.skipped == 1 ? "y" : "ies");
  if (o.summary) write_out(o.json ? summary_json(summary, o.top) : summary_text(summary, o.top));
  if (!o.report.empty()) {
    std::ofstream out(o.report, std::ios::binary | std::ios::trunc);
    out << report.render(summary, o.inputs, o.top);
    out.close();
    if (!out) {
      std::fprintf(stderr, "rampart log: cannot write %s: %s\n", o.report.c_str(),
                   std::strerror(errno));
      return 1;
    }
    std::fprintf(stderr, "rampart log: wrote %s (%zu transactions, %zu in full)\n",
                 o.report.c_str(), matched, std::min(matched, o.report_last));
  }
  if (!o.show.empty() && matched == 0) {
    std::fprintf(stderr, "rampart log: no transaction with unique id %s in the input\n",
                 o.show.c_str());
    return 1;
  }
  if (st.files == 0) return 1;
  return 0;
}

}  // namespace rampart::logtool
