#include "replay/profile_report.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <tuple>
#include <vector>

#include "engine/rule.h"
#include "log/report_html.h"

namespace rampart::replay {

using logtool::html_escape;

namespace {

using RuleTimes = Profile::RuleTimes;

std::string rule_name(const RuleTimes& r) {
  if (!r.rule->id.empty()) return r.rule->id;
  return "line " + std::to_string(r.rule->where.line);
}

std::string where(const RuleTimes& r) {
  std::string file = r.rule->where.file;
  if (size_t slash = file.rfind('/'); slash != std::string::npos) file = file.substr(slash + 1);
  return file + ":" + std::to_string(r.rule->where.line);
}

int64_t total_ns(const std::vector<const RuleTimes*>& rules) {
  int64_t sum = 0;
  for (const RuleTimes* r : rules) sum += r->total_ns;
  return sum;
}

double percent(int64_t part, int64_t whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0;
}

// One rectangle of the picture: x and width in pixels, a label and a tooltip.
struct Box {
  double x, width;
  int level;
  std::string label, title, color;
};

std::string ms(int64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f ms", static_cast<double>(ns) / 1e6);
  return buf;
}

}  // namespace

void print_profile(std::FILE* out, const Profile& profile, size_t top, double replay_micros) {
  std::vector<const RuleTimes*> rules = profile.rules();
  std::sort(rules.begin(), rules.end(),
            [](const RuleTimes* a, const RuleTimes* b) { return a->total_ns > b->total_ns; });
  int64_t all = total_ns(rules);
  std::fprintf(out,
               "\nProfile: %llu transactions, %zu rules evaluated, rules %.3f ms of %.3f ms "
               "replay time\n",
               static_cast<unsigned long long>(profile.transactions), rules.size(),
               static_cast<double>(all) / 1e6, replay_micros / 1000);
  std::fprintf(out, "\nSlowest rules (of %zu)\n", rules.size());
  std::fprintf(out, "%10s %6s %9s %11s %8s %7s %7s  %-9s %5s  %s\n", "total ms", "%", "calls",
               "per call us", "matches", "t: %", "op %", "id", "phase", "where");
  for (size_t i = 0; i < rules.size() && i < top; ++i) {
    const RuleTimes& r = *rules[i];
    std::fprintf(
        out, "%10.3f %6.2f %9llu %11.2f %8llu %7.1f %7.1f  %-9s %5d  %s\n",
        static_cast<double>(r.total_ns) / 1e6, percent(r.total_ns, all),
        static_cast<unsigned long long>(r.calls),
        r.calls ? static_cast<double>(r.total_ns) / 1e3 / static_cast<double>(r.calls) : 0.0,
        static_cast<unsigned long long>(r.matches), percent(r.transform_ns, r.total_ns),
        percent(r.operator_ns, r.total_ns), rule_name(r).c_str(), r.rule->phase, where(r).c_str());
  }
  std::vector<const Profile::TransformTimes*> transforms = profile.transforms();
  std::sort(transforms.begin(), transforms.end(),
            [](const auto* a, const auto* b) { return a->total_ns > b->total_ns; });
  std::fprintf(out, "\nTransformations (cache misses only; the cache serves the rest)\n");
  std::fprintf(out, "%10s %6s %10s %11s  %s\n", "total ms", "%", "calls", "per call ns", "name");
  for (size_t i = 0; i < transforms.size() && i < top; ++i) {
    const auto& t = *transforms[i];
    std::fprintf(out, "%10.3f %6.2f %10llu %11.0f  %.*s\n", static_cast<double>(t.total_ns) / 1e6,
                 percent(t.total_ns, all), static_cast<unsigned long long>(t.calls),
                 t.calls ? static_cast<double>(t.total_ns) / static_cast<double>(t.calls) : 0.0,
                 static_cast<int>(t.name.size()), t.name.data());
  }
}

bool write_profile_html(const std::string& path, const Profile& profile) {
  constexpr double kWidth = 1200, kRow = 22;
  std::vector<const RuleTimes*> rules = profile.rules();
  int64_t all = total_ns(rules);
  std::map<int, std::vector<const RuleTimes*>> by_phase;
  for (const RuleTimes* r : rules) by_phase[r->rule->phase].push_back(r);
  double scale = all > 0 ? kWidth / static_cast<double>(all) : 0;

  std::vector<Box> boxes;
  boxes.push_back(
      {0, kWidth, 0, "all rules " + ms(all),
       "all rules: " + ms(all) + " over " + std::to_string(profile.transactions) + " transactions",
       "#c9c9c9"});
  const char* phase_colors[] = {"#bbb", "#8fb8de", "#9fd49f", "#f0c987", "#e8a0a0", "#c7a7d9"};
  double x = 0;
  for (auto& [phase, list] : by_phase) {
    std::sort(list.begin(), list.end(),
              [](const RuleTimes* a, const RuleTimes* b) { return a->total_ns > b->total_ns; });
    int64_t phase_ns = total_ns(list);
    std::string name = "phase " + std::to_string(phase);
    boxes.push_back({x, static_cast<double>(phase_ns) * scale, 1, name,
                     name + ": " + ms(phase_ns) + " (" + std::to_string(list.size()) + " rules)",
                     phase_colors[std::clamp(phase, 0, 5)]});
    double rx = x;
    for (const RuleTimes* r : list) {
      double w = static_cast<double>(r->total_ns) * scale;
      if (w < 0.5) {  // too thin to see: the rest of this phase's rules are thinner still
        break;
      }
      std::string per_call =
          r->calls ? std::to_string(r->total_ns / 1000 / static_cast<int64_t>(r->calls)) : "0";
      boxes.push_back({rx, w, 2, rule_name(*r),
                       "rule " + rule_name(*r) + " (" + where(*r) + "): " + ms(r->total_ns) + ", " +
                           std::to_string(r->calls) + " calls, " + per_call + " us per call, " +
                           std::to_string(r->matches) + " matches",
                       "#f2a65a"});
      int64_t other = std::max<int64_t>(0, r->total_ns - r->transform_ns - r->operator_ns);
      double sx = rx;
      for (auto [label, ns, color] :
           {std::tuple{std::string("t:"), r->transform_ns, "#e07b39"},
            std::tuple{"@" + r->rule->op_name, r->operator_ns, "#d45d2a"},
            std::tuple{std::string("targets, actions"), other, "#f7c08a"}}) {
        double sw = static_cast<double>(ns) * scale;
        if (sw >= 0.5)
          boxes.push_back({sx, sw, 3, label,
                           "rule " + rule_name(*r) + ", " + std::string(label) + ": " + ms(ns),
                           color});
        sx += sw;
      }
      rx += w;
    }
    x += static_cast<double>(phase_ns) * scale;
  }

  std::ofstream out(path);
  if (!out) return false;
  out << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>rampart replay "
         "profile</title>\n<style>body{font:13px sans-serif;margin:16px}svg text{font:11px "
         "sans-serif;pointer-events:none}rect{stroke:#fff;stroke-width:0.5}</style></head>"
         "<body>\n<h1>Rule time by phase, rule and part</h1>\n<p>"
      << profile.transactions << " transactions; width is time (" << html_escape(ms(all))
      << " in all). Hover a box for its figures.</p>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
         "width=\""
      << kWidth << "\" height=\"" << 4 * kRow << "\">\n";
  for (const Box& b : boxes) {
    double y = b.level * kRow;
    out << "<g><title>" << html_escape(b.title) << "</title><rect x=\"" << b.x << "\" y=\"" << y
        << "\" width=\"" << b.width << "\" height=\"" << kRow - 1 << "\" fill=\"" << b.color
        << "\"/>";
    if (b.width > 7.0 * static_cast<double>(b.label.size()))
      out << "<text x=\"" << b.x + 3 << "\" y=\"" << y + 15 << "\">" << html_escape(b.label)
          << "</text>";
    out << "</g>\n";
  }
  out << "</svg>\n</body></html>\n";
  return static_cast<bool>(out);
}

}  // namespace rampart::replay
