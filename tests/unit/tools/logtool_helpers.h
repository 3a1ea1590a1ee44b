// Helpers for the `rampart log` tests: read a string or a file through AuditLogReader and
// collect the entries and problems.
#pragma once

#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "log/log_reader.h"

namespace rampart::logtool::testing {

struct ReadResult {
  std::vector<Entry> entries;
  std::vector<Problem> problems;
  ReadStats stats;
};

inline ReadResult read_path(const std::string& path) {
  ReadResult r;
  AuditLogReader reader(
      [&](Entry& e) {
        r.entries.push_back(e);
        return true;
      },
      [&](const Problem& p) { r.problems.push_back(p); });
  reader.read(path);
  r.stats = reader.stats();
  return r;
}

// Under a folder of this process's own: ctest runs test cases as parallel processes, and two
// of them writing the same /tmp name read each other's logs.
inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "rampart-logtool-" + std::to_string(getpid()) + "/" + name;
}

inline std::string write_temp(const std::string& name, const std::string& text) {
  std::string path = temp_path(name);
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path;
}

inline ReadResult read_text(const std::string& text, const std::string& name = "rampart-log.txt") {
  return read_path(write_temp(name, text));
}

inline std::string fixture(const std::string& name) {
  return std::string(RAMPART_TEST_DATA) + "/logtool/" + name;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// One native entry as v2 writes it (Serial), with the given boundary and unique id.
inline std::string native_entry(const std::string& b, const std::string& id,
                                const std::string& time = "03/Dec/2026:07:59:37.350917 +0000",
                                const std::string& message = "", int status = 200) {
  std::string s =
      "--" + b + "-A--\n[" + time + "] " + id + " 192.0.2.7 41954 127.0.0.1 80\n--" + b +
      "-B--\nGET /search?q=1 HTTP/1.1\nHost: www.example.com\nUser-Agent: curl/8\n\n--" + b +
      "-F--\nHTTP/1.1 " + std::to_string(status) + " X\n\n--" + b + "-H--\n";
  if (!message.empty()) s += "Message: " + message + "\n";
  if (status == 403) s += "Action: Intercepted (phase 2)\n";
  s += "Engine-Mode: \"ENABLED\"\n\n--" + b + "-Z--\n\n";
  return s;
}

}  // namespace rampart::logtool::testing
