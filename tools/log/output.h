// How `rampart log` prints transactions: a table row per transaction, one JSON object per line
// (--json), or one transaction in full (--show).
#pragma once

#include <string>

#include "entry.h"

namespace rampart::logtool {

std::string table_header();
std::string table_row(const Entry& e);
// One line of JSON: the parsed fields, the alerts and where the entry was read.
std::string entry_json(const Entry& e);
// The parsed fields as "name: value" lines, then the entry as written.
std::string entry_full_text(const Entry& e);
// "1000,1001" (unique, in order).
std::string rule_ids(const Entry& e);
// Terminal-safe: control bytes become \xHH so a hostile log cannot drive the terminal.
std::string printable(std::string_view s);

}  // namespace rampart::logtool
