// `rampart replay --profile`: where the rules spent their time over all replayed requests, as a
// table of the slowest rules and transformations (total and per call) and as a self-contained
// HTML page with a flame-style picture (phases, then rules, then each rule's transformation,
// operator and remaining time), widths proportional to time.
#pragma once

#include <cstdio>
#include <string>

#include "engine/profile.h"

namespace rampart::replay {

void print_profile(std::FILE* out, const Profile& profile, size_t top, double replay_micros);

// The HTML page; false (and errno set) when the file cannot be written.
bool write_profile_html(const std::string& path, const Profile& profile);

}  // namespace rampart::replay
