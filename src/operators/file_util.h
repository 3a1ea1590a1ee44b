// File access for the operators that load data at config time (@pmFromFile, @ipMatchFromFile).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rampart::operators {

// `name` relative to `base_dir` (the directory of the rule's file) unless it is absolute.
std::string resolve_path(std::string_view base_dir, std::string_view name);

// Reads `path` as lines (without the '\n'). On failure returns false with `reason` set to the
// system's explanation, e.g. "No such file or directory".
bool read_lines(const std::string& path, std::vector<std::string>& lines, std::string& reason);

}  // namespace rampart::operators
