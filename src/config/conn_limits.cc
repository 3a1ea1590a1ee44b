// SecConnEngine, SecConnReadStateLimit and SecConnWriteStateLimit (with v2's deprecated
// spellings SecReadStateLimit and SecWriteStateLimit, which warn): slowloris protection. The
// connector (apache/conn_limits.cc) counts, per client address, the connections that are
// reading a request (READ) or being answered (WRITE) and refuses a new connection past the
// limit. An optional second argument narrows who is limited: "@ipMatch LIST" only those
// addresses, "!@ipMatch LIST" everyone else. Example:
//   SecConnEngine On
//   SecConnReadStateLimit 50 "!@ipMatch 127.0.0.1,10.0.0.0/8"
#include <charconv>

#include "config/server_directives.h"
#include "engine/collection.h"
#include "engine/regex.h"
#include "operators/all.h"

namespace rampart {

struct ConnLimit {
  long limit = 0;
  std::shared_ptr<const operators::Operator> ip_match;  // null: every client
  bool negated = false;                                 // "!@ipMatch": all but those
};

long Settings::conn_state_limit(bool write, std::string_view client_ip) const {
  const auto& l = write ? conn_write_limit : conn_read_limit;
  if (!l || l->limit <= 0) return 0;
  if (l->ip_match) {
    RegexScratch scratch;
    operators::MatchState st;
    st.scratch = &scratch;
    bool listed = l->ip_match->match(client_ip, "", st);
    if (listed == l->negated) return 0;
  }
  return l->limit;
}

namespace config {

namespace {

std::optional<std::string> parse_limit(DirectiveContext& ctx, std::string_view name,
                                       std::shared_ptr<const ConnLimit>& out) {
  auto limit = std::make_shared<ConnLimit>();
  const std::string& n = ctx.words[0];
  auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), limit->limit);
  if (ec != std::errc() || p != n.data() + n.size() || limit->limit < 0)
    return std::string(name) + " takes a number of connections (0 turns it off), got '" + n + "'";
  if (ctx.words.size() == 2) {
    std::string_view op = ctx.words[1];
    if (!op.empty() && op.front() == '!') {
      limit->negated = true;
      op.remove_prefix(1);
    }
    constexpr std::string_view kIpMatch = "@ipMatch ";
    if (op.size() <= kIpMatch.size() || !iequals(op.substr(0, kIpMatch.size()), kIpMatch))
      return std::string(name) +
             ": the second argument is \"@ipMatch LIST\" or \"!@ipMatch LIST\", got '" +
             ctx.words[1] + "'";
    operators::OperatorArgs args;
    args.param = op.substr(kIpMatch.size());
    std::string error;
    auto ip_match = operators::make_ip_match(args, error);
    if (!ip_match) return std::string(name) + ": " + error;
    limit->ip_match = std::move(ip_match);
  }
  out = std::move(limit);
  return std::nullopt;
}

}  // namespace

// On enforces the limits, DetectionOnly only logs, Off (the default) does neither.
std::optional<std::string> handle_conn_engine(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    ctx.cfg.settings.conn_engine = EngineMode::kOn;
  } else if (iequals(v, "Off")) {
    ctx.cfg.settings.conn_engine = EngineMode::kOff;
  } else if (iequals(v, "DetectionOnly")) {
    ctx.cfg.settings.conn_engine = EngineMode::kDetectionOnly;
  } else {
    return "takes On, Off or DetectionOnly, got '" + v + "'";
  }
  return std::nullopt;
}

std::optional<std::string> handle_conn_read_state_limit(DirectiveContext& ctx) {
  return parse_limit(ctx, "SecConnReadStateLimit", ctx.cfg.settings.conn_read_limit);
}
std::optional<std::string> handle_conn_write_state_limit(DirectiveContext& ctx) {
  return parse_limit(ctx, "SecConnWriteStateLimit", ctx.cfg.settings.conn_write_limit);
}
std::optional<std::string> handle_read_state_limit(DirectiveContext& ctx) {
  warn(ctx, "SecReadStateLimit is deprecated: write SecConnReadStateLimit");
  return handle_conn_read_state_limit(ctx);
}
std::optional<std::string> handle_write_state_limit(DirectiveContext& ctx) {
  warn(ctx, "SecWriteStateLimit is deprecated: write SecConnWriteStateLimit");
  return handle_conn_write_state_limit(ctx);
}

}  // namespace config
}  // namespace rampart
