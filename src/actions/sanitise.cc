// sanitiseArg:NAME, sanitiseRequestHeader:NAME, sanitiseResponseHeader:NAME, sanitiseMatched,
// sanitiseMatchedBytes[:N/M] (and v2's sanitize* spellings): mask secrets in the audit log.
//   SecRule ARGS_NAMES "@streq password" "id:10,phase:2,pass,nolog,sanitiseArg:password"
//   SecRule ARGS:cc "@verifyCC \d{13,16}" "id:11,phase:2,pass,sanitiseMatchedBytes:0/4"
// The value is written as '*' of the same length in parts B, C, F and the JSON entry, and the
// name is listed in part H (Sanitised-Args: …). The transaction itself keeps the real values.
// sanitiseMatchedBytes masks only the matched text, keeping its first N and last M bytes.
#include <charconv>

#include "actions/builtin.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

using log::AuditState;
using log::MaskedBytes;

class SanitiseName final : public Action {
 public:
  SanitiseName(std::vector<std::string> AuditState::*list, std::string name)
      : list_(list), name_(std::move(name)) {}
  void execute(TransactionState& tx, const Rule&) const override {
    AuditState::add_name(tx.audit.*list_, name_);
  }

 private:
  std::vector<std::string> AuditState::*list_;
  std::string name_;
};

// Splits MATCHED_VAR_NAME ("ARGS:pwd", "REQUEST_HEADERS:Cookie") into where it came from and
// the name; false for variables the audit log cannot mask.
bool matched_target(std::string_view var, MaskedBytes::Where& where, std::string_view& name) {
  size_t colon = var.find(':');
  if (colon == std::string_view::npos) return false;
  std::string_view collection = var.substr(0, colon);
  name = var.substr(colon + 1);
  if (iequals(collection, "ARGS") || iequals(collection, "ARGS_GET") ||
      iequals(collection, "ARGS_POST")) {
    where = MaskedBytes::Where::kArg;
  } else if (iequals(collection, "REQUEST_HEADERS")) {
    where = MaskedBytes::Where::kRequestHeader;
  } else if (iequals(collection, "RESPONSE_HEADERS")) {
    where = MaskedBytes::Where::kResponseHeader;
  } else {
    return false;
  }
  return true;
}

class SanitiseMatched final : public Action {
 public:
  SanitiseMatched(bool bytes_only, int keep_first, int keep_last)
      : bytes_only_(bytes_only), keep_first_(keep_first), keep_last_(keep_last) {}
  void execute(TransactionState& tx, const Rule&) const override {
    MaskedBytes::Where where;
    std::string_view name;
    if (!matched_target(tx.matched_var_name, where, name)) {
      if (tx.debug_enabled(3))
        tx.debug(3, "sanitiseMatched: Don't know how to handle variable: " + tx.matched_var_name);
      return;
    }
    if (bytes_only_) {
      tx.audit.masked_bytes.push_back(
          MaskedBytes{where, std::string(name), tx.matched_var, keep_first_, keep_last_});
      return;
    }
    AuditState& a = tx.audit;
    auto& list = where == MaskedBytes::Where::kArg             ? a.args
                 : where == MaskedBytes::Where::kRequestHeader ? a.request_headers
                                                               : a.response_headers;
    AuditState::add_name(list, name);
  }

 private:
  bool bytes_only_;
  int keep_first_, keep_last_;
};

std::optional<std::string> add(ParseContext& ctx, std::shared_ptr<const Action> action) {
  ctx.set.actions.push_back(std::move(action));
  return std::nullopt;
}

bool parse_count(std::string_view s, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

}  // namespace

std::optional<std::string> parse_sanitise_arg(ParseContext& ctx, std::string_view v) {
  return add(ctx, std::make_shared<SanitiseName>(&AuditState::args, std::string(v)));
}

std::optional<std::string> parse_sanitise_request_header(ParseContext& ctx, std::string_view v) {
  return add(ctx, std::make_shared<SanitiseName>(&AuditState::request_headers, std::string(v)));
}

std::optional<std::string> parse_sanitise_response_header(ParseContext& ctx, std::string_view v) {
  return add(ctx, std::make_shared<SanitiseName>(&AuditState::response_headers, std::string(v)));
}

std::optional<std::string> parse_sanitise_matched(ParseContext& ctx, std::string_view) {
  return add(ctx, std::make_shared<SanitiseMatched>(false, 0, 0));
}

std::optional<std::string> parse_sanitise_matched_bytes(ParseContext& ctx, std::string_view v) {
  int first = 0, last = 0;
  if (!v.empty()) {
    size_t slash = v.find('/');
    if (slash == std::string_view::npos || !parse_count(v.substr(0, slash), first) ||
        !parse_count(v.substr(slash + 1), last)) {
      return "sanitiseMatchedBytes takes N/M (bytes of the match to keep at the start and at "
             "the end, e.g. sanitiseMatchedBytes:0/4), got '" +
             std::string(v) + "'";
    }
  }
  return add(ctx, std::make_shared<SanitiseMatched>(true, first, last));
}

}  // namespace rampart::actions
