#include "log_reader.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#include "line_reader.h"
#include "reader_json.h"
#include "reader_native.h"

namespace rampart::logtool {
namespace {

// A Concurrent-mode index line (SecAuditLog when SecAuditLogType is Concurrent):
//   host ip - - [time] "GET / HTTP/1.1" 200 32 "-" "-" UNIQUE_ID "-" /path 0 1394 md5:…
bool is_index_line(std::string_view s) {
  std::size_t bracket = s.find(" [");
  return bracket != std::string_view::npos && bracket < 300 &&
         s.find("] \"") != std::string_view::npos && s.find(" md5:") != std::string_view::npos;
}


// A write that fails part way (a full disk) leaves an entry cut inside a line; the next entry
// that gets written then starts on that same line: "...cut text--1a2b3c4d-A--". Where such a
// boundary starts within `text`, or npos.
std::size_t glued_part_a(std::string_view text) {
  if (text.size() < 9 || text.substr(text.size() - 4) != "-A--") return std::string_view::npos;
  std::size_t at = text.rfind("--", text.size() - 5);
  std::string_view boundary;
  char part = 0;
  if (at == std::string_view::npos || at == 0 || !parse_boundary(text.substr(at), boundary, part))
    return std::string_view::npos;
  return at;
}

// Lines kept after a glued part A, for the entry it starts (its part A is one line).
constexpr std::size_t kGluedLines = 8;
}  // namespace

std::string Problem::to_string() const {
  std::string s = source;
  if (line > 0) s += ":" + std::to_string(line) + " (byte " + std::to_string(offset) + ")";
  return s + ": " + message;
}

void AuditLogReader::problem(const std::string& source, std::uint64_t line, std::uint64_t offset,
                             std::string message, bool skipped) {
  ++stats_.problems;
  if (skipped) ++stats_.skipped;
  on_problem_(Problem{source, line, offset, std::move(message)});
}

bool AuditLogReader::read(const std::string& path) {
  if (path == "-") return read_file(path);
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    problem(path, 0, 0, std::string("cannot read: ") + std::strerror(errno), false);
    return true;
  }
  return S_ISDIR(st.st_mode) ? read_directory(path) : read_file(path);
}

bool AuditLogReader::read_directory(const std::string& path) {
  // One directory's names at a time (not the whole tree), sorted so Concurrent's
  // YYYYMMDD/YYYYMMDD-HHMM/ layout comes out in time order.
  std::vector<std::string> names;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    // A symlink to a directory could lead back up the tree: only real directories are walked.
    if (it->is_symlink(type_ec) && it->is_directory(type_ec)) continue;
    names.push_back(it->path().filename().string());
  }
  if (ec) problem(path, 0, 0, "cannot list the directory: " + ec.message(), false);
  std::sort(names.begin(), names.end());
  for (const auto& name : names)
    if (!read(path + "/" + name)) return false;
  return true;
}

bool AuditLogReader::read_file(const std::string& path) {
  const std::string source = path;
  LineReader reader(path, kMaxLineBytes);
  if (!reader.open_error().empty()) {
    problem(source, 0, 0, "cannot read: " + reader.open_error(), false);
    return true;
  }
  ++stats_.files;

  NativeEntryBuilder native;
  native.set_raw_limit(raw_limit_);
  bool in_native = false;
  Line start;               // the first line of the open native entry
  std::optional<Line> glued;  // a part A boundary at the end of a line of the open entry
  std::vector<Line> after_glued;
  bool in_garbage = false;  // reporting one problem per run of unknown lines
  bool index_reported = false;
  Line line;

  auto finish_native = [&]() -> bool {
    in_native = false;
    Entry& e = native.entry();
    if (!native.error().empty() || e.unique_id.empty()) {
      problem(
          source, start.number, start.offset,
          "damaged native entry skipped: " +
              (native.error().empty() ? std::string("part A has no header line") : native.error()),
          true);
      return true;
    }
    e.source = source, e.offset = start.offset, e.line = start.number;
    ++stats_.entries;
    return on_entry_(e);
  };
  auto cut_native = [&](const char* why) {
    in_native = false;
    problem(source, start.number, start.offset,
            std::string("truncated native entry skipped (") + why + ")", true);
  };

  while (reader.next(line)) {
    std::string_view text = line.text;
    std::string_view boundary;
    char part = 0;
    bool is_boundary = !line.cut && parse_boundary(text, boundary, part);

    if (in_native) {
      if (is_boundary && boundary == native.boundary()) {
        if (part == 'Z') {
          native.part(part, text);
          if (!finish_native()) return false;
        } else {
          native.part(part, text);
        }
        continue;
      }
      if (is_boundary && part == 'A') {
        cut_native("a new entry starts before its part Z");
      } else if (!text.empty() && text.front() == '{' && text.rfind("{\"transaction\"", 0) == 0) {
        cut_native("a JSON entry starts before its part Z");
      } else {
        if (is_boundary && glued &&
            boundary == std::string_view(glued->text).substr(2, glued->text.size() - 6)) {
          // The entry was cut short inside a line and the next one written right after it:
          // report the cut one, read the next from its glued first line.
          cut_native("cut inside a line, by a write that failed part way (a full disk?)");
          in_native = true;
          start = *glued;
          std::string_view glued_boundary;
          char glued_part = 0;
          parse_boundary(glued->text, glued_boundary, glued_part);
          native.start(glued_boundary, glued->text);
          for (const Line& l : after_glued) native.line(l.text);
          glued.reset();
          native.part(part, text);
          continue;
        }
        if (is_boundary) {
          // Another entry's boundary inside this one: Serial logs interleave only when writes
          // were not serialised, so this entry cannot be trusted.
          problem(source, start.number, start.offset,
                  "damaged native entry skipped: line " + std::to_string(line.number) +
                      " has another entry's boundary",
                  true);
          in_native = false;
          in_garbage = true;
          continue;
        }
        if (std::size_t at = line.cut ? std::string_view::npos : glued_part_a(text);
            at != std::string_view::npos) {
          glued = line;
          glued->text = std::string(text.substr(at));
          glued->offset += at;
          after_glued.clear();
        } else if (glued && after_glued.size() < kGluedLines) {
          after_glued.push_back(line);
        }
        native.line(text);
        continue;
      }
    }

    if (text.empty() && !line.cut) continue;
    if (is_boundary && part == 'A') {
      in_garbage = false;
      in_native = true;
      glued.reset();
      start = line;
      native.start(boundary, text);
      continue;
    }
    if (text.front() == '{') {
      in_garbage = false;
      if (line.cut) {
        problem(source, line.number, line.offset,
                "JSON entry of " + std::to_string(line.length) + " bytes skipped: longer than " +
                    std::to_string(kMaxLineBytes) + " bytes",
                true);
        continue;
      }
      Entry e;
      e.raw_limit = raw_limit_;
      std::string error;
      std::size_t at = 0;
      if (!parse_json_entry(text, e, error, at)) {
        problem(source, line.number, line.offset + at,
                (line.newline ? "damaged JSON entry skipped: " : "truncated JSON entry skipped: ") +
                    error,
                true);
        continue;
      }
      e.source = source, e.offset = line.offset, e.line = line.number;
      ++stats_.entries;
      if (!on_entry_(e)) return false;
      continue;
    }
    if (is_index_line(text)) {
      if (!index_reported)
        problem(source, line.number, line.offset,
                "this is a Concurrent-mode index (one summary line per transaction), not the "
                "entries: pass the SecAuditLogStorageDir directory instead",
                false);
      index_reported = true;
      continue;
    }
    if (!in_garbage)
      problem(source, line.number, line.offset,
              "not an audit-log entry (expected --xxxxxxxx-A-- or a JSON object): skipped up to "
              "the next entry",
              false);
    in_garbage = true;
  }
  if (in_native) cut_native("the file ends before its part Z");
  if (!reader.read_error().empty())
    problem(source, line.number, line.offset, "read error: " + reader.read_error(), false);
  return true;
}

}  // namespace rampart::logtool
