// `rampart log --report out.html`: one self-contained page (inline CSS, SVG and a few lines of
// JS; nothing fetched) with the blocked/passed timeline, the top rules, IPs and URIs, and the
// last N transactions in full for drill-down. Everything from the log is HTML-escaped: audit
// logs hold attackers' payloads.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "entry.h"
#include "summary.h"

namespace rampart::logtool {

inline constexpr std::size_t kReportDefaultTransactions = 200;
inline constexpr std::size_t kReportMaxTransactions = 2000;
// Raw text kept per transaction in the report (a page of many MB would not open).
inline constexpr std::size_t kReportRawBytes = 64 * 1024;

class HtmlReport {
 public:
  explicit HtmlReport(std::size_t keep = kReportDefaultTransactions) : keep_(keep) {}
  // Keeps the entry among the last `keep` seen (its raw text cut to kReportRawBytes).
  void add(const Entry& e);
  std::string render(const Summary& summary, const std::vector<std::string>& sources,
                     std::size_t top) const;

 private:
  std::size_t keep_;
  std::deque<Entry> last_;
};

std::string html_escape(std::string_view s);

}  // namespace rampart::logtool
