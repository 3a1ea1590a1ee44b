#include "report_html.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "log_time.h"
#include "output.h"

namespace rampart::logtool {
namespace {

constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px;color:#222;background:#fafafa}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd}
.meta{color:#666;font-size:12px}.cards{display:flex;gap:12px;margin:12px 0}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 16px}
.card b{display:block;font-size:22px}.blocked{color:#b3261e}.passed{color:#44546a}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #e3e3e3;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f0f0f0}td.n{text-align:right;font-variant-numeric:tabular-nums}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:16px}
#timeline{background:#fff;border:1px solid #ddd;width:100%;height:auto}
details.tx{background:#fff;border:1px solid #ddd;margin:4px 0;border-radius:4px}
details.tx summary{cursor:pointer;padding:4px 8px;font-family:ui-monospace,monospace;font-size:12px}
details.tx[data-blocked="1"] summary{border-left:4px solid #b3261e}
details.tx[data-blocked="0"] summary{border-left:4px solid #8aa}
details.tx pre{margin:0;padding:8px;background:#f6f6f6;overflow:auto;max-height:480px;font-size:12px;white-space:pre-wrap;word-break:break-all}
.rule{margin:4px 8px}.rid{font-weight:bold}
a.f{color:#0b57d0;cursor:pointer;text-decoration:underline}
#q{width:320px;padding:4px}
)";

// Filters the drill-down list by text; rule ids and IPs in the tables set the filter.
constexpr const char* kScript = R"(
(function(){
  var q=document.getElementById('q'),n=document.getElementById('shown');
  function apply(){var t=q.value.toLowerCase(),c=0;
    document.querySelectorAll('details.tx').forEach(function(d){
      var ok=!t||d.getAttribute('data-search').indexOf(t)>=0;d.style.display=ok?'':'none';if(ok)c++;});
    n.textContent=c;}
  q.addEventListener('input',apply);
  document.querySelectorAll('a.f').forEach(function(a){a.addEventListener('click',function(){
    q.value=a.textContent;apply();document.getElementById('transactions').scrollIntoView();});});
  apply();
})();
)";

std::string num(std::uint64_t n) {
  return std::to_string(n);
}

std::string chart(const Summary& s) {
  const auto& buckets = s.timeline.buckets();
  const int width = 1100, height = 220, left = 50, bottom = 30, top = 10;
  std::uint64_t max = 1;
  for (const auto& [start, c] : buckets) max = std::max(max, c.blocked + c.passed);
  std::string out = "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
                    std::to_string(width) + " " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"blocked and passed requests over time\">";
  int plot_w = width - left - 10, plot_h = height - top - bottom;
  out += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(top + plot_h) +
         "\" x2=\"" + std::to_string(left + plot_w) + "\" y2=\"" + std::to_string(top + plot_h) +
         "\" stroke=\"#999\"/>";
  out += "<text x=\"" + std::to_string(left - 6) + "\" y=\"" + std::to_string(top + 10) +
         "\" text-anchor=\"end\" font-size=\"11\">" + num(max) + "</text>";
  out += "<text x=\"" + std::to_string(left - 6) + "\" y=\"" + std::to_string(top + plot_h) +
         "\" text-anchor=\"end\" font-size=\"11\">0</text>";
  if (buckets.empty()) return out + "</svg>";
  // Bars over the whole span, empty buckets included, so gaps in traffic show as gaps.
  std::int64_t first = buckets.begin()->first, last = buckets.rbegin()->first;
  std::int64_t w = s.timeline.width_s();
  std::int64_t slots = (last - first) / w + 1;
  double slot_w = static_cast<double>(plot_w) / static_cast<double>(slots);
  char buf[512];
  for (const auto& [start, c] : buckets) {
    double x = left + static_cast<double>((start - first) / w) * slot_w;
    double bw = std::clamp(slot_w * 0.85, 1.0, 60.0);  // one huge bar looks like a box
    double hb = plot_h * static_cast<double>(c.blocked) / static_cast<double>(max);
    double hp = plot_h * static_cast<double>(c.passed) / static_cast<double>(max);
    std::string label = format_time(start * 1000000, s.utc_offset_min, false);
    std::snprintf(
        buf, sizeof buf,
        "<g class=\"bar\"><title>%s: %llu blocked, %llu passed</title>"
        "<rect class=\"b\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#b3261e\"/>"
        "<rect class=\"p\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
        "fill=\"#9fb3c8\"/></g>",
        label.c_str(), static_cast<unsigned long long>(c.blocked),
        static_cast<unsigned long long>(c.passed), x, top + plot_h - hb, bw, hb, x,
        top + plot_h - hb - hp, bw, hp);
    out += buf;
  }
  // Labels at the ends and the middle.
  std::vector<std::int64_t> ticks = {0};
  if (slots >= 3) ticks.push_back(slots / 2);
  if (slots >= 2) ticks.push_back(slots - 1);
  for (std::int64_t k : ticks) {
    double x = left + static_cast<double>(k) * slot_w;
    std::snprintf(buf, sizeof buf,
                  "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"%s\">%s</text>", x,
                  height - 10,
                  k == 0           ? "start"
                  : k == slots - 1 ? "end"
                                   : "middle",
                  format_time((first + k * w) * 1000000, s.utc_offset_min, false).c_str());
    out += buf;
  }
  return out + "</svg>";
}

std::string top_table(const char* id, const char* key_name, const TopK& top, std::size_t n,
                      bool labels) {
  std::string out = "<table id=\"" + std::string(id) + "\"><tr><th>" + key_name +
                    "</th><th>count</th><th>blocked</th>" + (labels ? "<th>message</th>" : "") +
                    "</tr>";
  for (const auto& item : top.top(n)) {
    out += "<tr><td><a class=\"f\">" + html_escape(item.key) + "</a></td><td class=\"n\">" +
           num(item.count) + (item.error ? " (&plusmn;" + num(item.error) + ")" : "") +
           "</td><td class=\"n\">" + num(item.blocked) + "</td>";
    if (labels) out += "<td>" + html_escape(item.label) + "</td>";
    out += "</tr>";
  }
  return out + "</table>";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string transaction(const Entry& e) {
  std::string ids = rule_ids(e);
  std::string search = lower(e.unique_id + " " + e.client_ip + " " + e.request_line + " " +
                             std::to_string(e.status) + " " + ids);
  std::string out = "<details class=\"tx\" id=\"tx-" + html_escape(e.unique_id) +
                    "\" data-blocked=\"" + (e.blocked() ? "1" : "0") + "\" data-search=\"" +
                    html_escape(search) + "\"><summary>" +
                    html_escape(format_time(e.time_us, e.utc_offset_min)) + " &nbsp;" +
                    html_escape(e.client_ip) + " &nbsp;" + std::to_string(e.status) + " " +
                    (e.blocked() ? "<b class=\"blocked\">blocked</b>" : "passed") + " &nbsp;" +
                    html_escape(e.method + " " + e.uri.substr(0, 120)) +
                    (ids.empty() ? "" : " &nbsp;[" + html_escape(ids) + "]") + "</summary>";
  for (const auto& m : e.messages) {
    out += "<div class=\"rule\"><span class=\"rid\">" + html_escape(m.id) + "</span> " +
           html_escape(m.severity) + " " + html_escape(m.msg) + "<br><small>" +
           html_escape(m.action + " " + m.rule_message) + "</small></div>";
  }
  out += "<pre>" + html_escape(e.raw);
  if (e.raw_dropped) out += "\n[... " + num(e.raw_dropped) + " more bytes not shown]";
  return out + "</pre></details>\n";
}

}  // namespace

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        // Control bytes other than newline and tab are not allowed in HTML text.
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
          out += "&#xFFFD;";
        else
          out += static_cast<char>(c);
    }
  }
  return out;
}

void HtmlReport::add(const Entry& e) {
  if (keep_ == 0) return;
  if (last_.size() >= keep_) last_.pop_front();
  last_.push_back(e);
  Entry& kept = last_.back();
  if (kept.raw.size() > kReportRawBytes) {
    kept.raw_dropped += kept.raw.size() - kReportRawBytes;
    kept.raw.resize(kReportRawBytes);
    kept.raw.shrink_to_fit();
  }
}

std::string HtmlReport::render(const Summary& s, const std::vector<std::string>& sources,
                               std::size_t top) const {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
      "<title>Rampart audit-log report</title><style>";
  out += kStyle;
  out += "</style></head><body>\n<h1>Rampart audit-log report</h1><div class=\"meta\">";
  std::string src;
  for (const auto& p : sources) src += (src.empty() ? "" : ", ") + p;
  out += "Read from " + html_escape(src.empty() ? "-" : src);
  if (s.total > 0)
    out += " &middot; " + html_escape(format_time(s.first_us, s.utc_offset_min)) + " to " +
           html_escape(format_time(s.last_us, s.utc_offset_min));
  out += "</div>\n<div class=\"cards\"><div class=\"card\">transactions<b id=\"total\">" +
         num(s.total) + "</b></div><div class=\"card blocked\">blocked<b id=\"blocked\">" +
         num(s.blocked) + "</b></div><div class=\"card passed\">passed<b id=\"passed\">" +
         num(s.total - s.blocked) + "</b></div></div>\n";
  out += "<h2>Blocked (red) and passed requests per " + html_escape(s.timeline.width_name()) +
         "</h2>" + chart(s) + "\n";
  out += "<h2>Top rules</h2>" + top_table("top-rules", "rule id", s.rules, top, true) + "\n";
  out += "<div class=\"cols\"><div><h2>Top client IPs</h2>" +
         top_table("top-ips", "client ip", s.ips, top, false) + "</div><div><h2>Top URIs</h2>" +
         top_table("top-uris", "path", s.uris, top, false) + "</div></div>\n";
  out += "<h2 id=\"transactions\">Last " + num(last_.size()) +
         " transactions, newest first (<span id=\"shown\">" + num(last_.size()) +
         "</span> shown)</h2><p><input id=\"q\" placeholder=\"filter: rule id, IP, URI, status, "
         "unique id\"> Click a rule id or IP above to filter.</p>\n";
  for (auto it = last_.rbegin(); it != last_.rend(); ++it) out += transaction(*it);
  out += "<script>";
  out += kScript;
  out += "</script></body></html>\n";
  return out;
}

}  // namespace rampart::logtool
