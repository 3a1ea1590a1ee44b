// pause:MS: sleeps MS milliseconds when the rule matches with SecRuleEngine On, to slow down
// scanners and brute-force clients. As in ModSecurity v2 it is a disruptive action of its own:
// written last (`deny,pause:2000`) it replaces deny, so the request is only delayed ("Paused
// Access (phase N).") and then goes on; written before another one (`pause:2000,deny`) it
// delays that one. DetectionOnly never sleeps.
// Risk: each paused request holds an httpd worker for the whole pause, so an attacker who
// triggers it on purpose can tie up workers; Rampart therefore caps a pause at 10 s (v2 has no
// cap). Keep pauses short, or use IP-based blocking instead.
//   SecRule ARGS:login "@streq admin" "id:1,phase:2,pause:2000,deny"
// Error log: `ModSecurity: Pausing transaction for MS msec. [hostname …] [uri …] [unique_id …]`
#include <algorithm>
#include <charconv>

#include "actions/builtin.h"

namespace rampart::actions {

constexpr long kMaxPauseMs = 10000;  // see the risk above

std::optional<std::string> parse_pause(ParseContext& ctx, std::string_view v) {
  long ms = -1;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), ms);
  if (ec != std::errc() || p != v.data() + v.size() || ms < 0)
    return "pause takes milliseconds, e.g. pause:2000; got '" + std::string(v) + "'";
  ctx.set.pause_ms = static_cast<int>(std::min<long>(ms, kMaxPauseMs));
  ctx.set.disruptive = Disruptive::kPause;
  return std::nullopt;
}

}  // namespace rampart::actions
