// CRS material for tests that check the regex engine against real rules: every @rx pattern of the
// CRS rule files, and request values from the CRS regression tests. CRS lives outside the
// repository (RAMPART_CRS_DIR, ../shared/crs beside it); both lists are empty when it is absent.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "config/tokenizer.h"

namespace rampart::crs_corpus {

inline constexpr const char* kCrsRoot = RAMPART_CRS_DIR;

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::vector<std::filesystem::path> files(const std::filesystem::path& dir,
                                                std::string_view ext) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The pattern of every SecRule whose operator is @rx (named or implied), read with the config
// tokenizer as the engine reads it; patterns with macros are left out (they get no prefilter).
inline std::vector<std::string> rx_patterns() {
  std::set<std::string> seen;
  std::vector<std::string> out;
  for (const auto& path : files(std::filesystem::path(kCrsRoot) / "rules", ".conf")) {
    for (const config::ConfigLine& line : config::read_lines(read_text(path))) {
      if (line.directive != "SecRule") continue;
      std::vector<std::string> words = config::split_words(line.args);
      if (words.size() < 2) continue;
      std::string_view op = words[1];
      if (!op.empty() && op[0] == '!') op.remove_prefix(1);
      if (op.starts_with("@rx ")) {
        op.remove_prefix(4);
      } else if (!op.empty() && op[0] == '@') {
        continue;
      }
      while (!op.empty() && (op[0] == ' ' || op[0] == '\t')) op.remove_prefix(1);
      if (op.find("%{") != std::string_view::npos) continue;
      if (seen.insert(std::string(op)).second) out.emplace_back(op);
    }
  }
  return out;
}

inline std::string percent_decode(std::string_view s) {
  auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

// Values of `data:`, `uri:` and header lines of the regression tests (a line-based reading of
// the YAML, good enough for test subjects), each also percent-decoded, as rules see them after
// urlDecodeUni. Unique, in a stable order.
inline std::vector<std::string> regression_values() {
  std::set<std::string> seen;
  std::vector<std::string> out;
  auto add = [&](std::string v) {
    if (!v.empty() && seen.insert(v).second) out.push_back(std::move(v));
  };
  auto dir = std::filesystem::path(kCrsRoot) / "tests" / "regression" / "tests";
  for (const auto& path : files(dir, ".yaml")) {
    std::istringstream in(read_text(path));
    std::string line;
    while (std::getline(in, line)) {
      size_t start = line.find_first_not_of(' ');
      size_t colon = line.find(": ");
      if (start == std::string::npos || colon == std::string::npos || colon < start) continue;
      std::string key = line.substr(start, colon - start);
      if (key == "rule_id" || key == "test_id" || key == "port" || key == "author") continue;
      std::string value = line.substr(colon + 2);
      if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
          value.back() == value.front())
        value = value.substr(1, value.size() - 2);
      if (value == "|" || value == ">") continue;
      add(value);
      add(percent_decode(value));
      add(percent_decode(percent_decode(value)));
    }
  }
  return out;
}

}  // namespace rampart::crs_corpus
