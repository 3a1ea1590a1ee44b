// Splitting configuration text the way httpd does, so a rule means the same to `rampart lint` as
// it does to Apache.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rampart::config {

// Splits a directive's argument text into words like httpd's ap_getword_conf: words are separated
// by white space; a word may be quoted with " or '; inside a quoted word `\\` gives `\` and a
// backslash before the quote gives the quote; in an unquoted word only `\\` is collapsed.
std::vector<std::string> split_words(std::string_view args);

struct ConfigLine {
  int line = 0;           // number of the line the directive starts on
  std::string directive;  // first word
  std::string args;       // the rest, leading white space removed
};

// Reads configuration text like httpd's config reader: a backslash that ends a line (not escaped,
// nothing after it) joins the next line,
// leading and trailing white space is dropped, empty lines and lines starting with '#' are skipped.
std::vector<ConfigLine> read_lines(std::string_view text);

}  // namespace rampart::config
