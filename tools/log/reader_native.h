// Builds an Entry from the lines of one native-format (SecAuditLogFormat Native) entry:
//   --d383cb7d-A--
//   [03/Dec/2026:07:59:37.349147 +0000] axEhafDiSSJZ22t_QffA_AAAAAA 127.0.0.1 41938 127.0.0.1 80
//   --d383cb7d-B--        request line and headers
//   --d383cb7d-F--        status line and headers
//   --d383cb7d-H--        Message: / Action: Intercepted (phase 2) / Engine-Mode: ...
//   --d383cb7d-Z--
// Parts C, E, I, J, K are kept in the raw text only. The caller finds the boundaries.
#pragma once

#include <string>
#include <string_view>

#include "entry.h"

namespace rampart::logtool {

// `--<boundary>-<X>--` where boundary is alphanumeric and X is a part letter A-Z.
bool parse_boundary(std::string_view line, std::string_view& boundary, char& part);

class NativeEntryBuilder {
 public:
  // `boundary_line` is the `--xxxxxxxx-A--` line that starts the entry.
  void start(std::string_view boundary, std::string_view boundary_line);
  void set_raw_limit(std::size_t bytes) { raw_limit_ = bytes; }
  const std::string& boundary() const { return boundary_; }
  // A `--<boundary>-X--` line of this entry (X is not A).
  void part(char letter, std::string_view boundary_line);
  // Any other line inside the entry.
  void line(std::string_view text);
  // Why the entry cannot be used ("part A is missing"), or empty when it is fine.
  const std::string& error() const { return error_; }
  Entry& entry() { return entry_; }

 private:
  void part_a(std::string_view text);
  void part_b(std::string_view text);
  void part_f(std::string_view text);
  void part_h(std::string_view text);

  Entry entry_;
  std::size_t raw_limit_ = kMaxRawBytes;
  std::string boundary_;
  std::string error_;
  char part_ = 0;
  int part_lines_ = 0;  // lines seen in the current part
  bool has_a_ = false;
};

// "METHOD URI PROTOCOL" into the entry's fields (shared with the JSON reader).
void split_request_line(Entry& e);

}  // namespace rampart::logtool
