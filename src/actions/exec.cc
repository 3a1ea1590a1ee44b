// exec: runs a program when the rule matches, for notification or a block list outside the web
// server. As in ModSecurity v2 the program gets no arguments; it gets the transaction in its
// environment (ENV, setenv's variables, and REMOTE_ADDR, REQUEST_METHOD, REQUEST_URI,
// QUERY_STRING, SERVER_NAME, SERVER_PORT, UNIQUE_ID …, as a CGI script would) and must write
// something to stdout; the first line goes to the debug log. A path ending in .lua is a Lua
// script run in the engine (its main() result is ignored). The program runs without a shell and
// is killed after 5 s, so a hung script holds the request at most that long.
//   exec:/usr/local/bin/notify.sh       exec:scripts/block.lua (relative to the rule's file)
// Debug log, level 4: `Exec: First line from script output: "<line>"` (v2's text). Errors go to the
// error log.
#include <memory>

#include "actions/builtin.h"
#include "engine/transaction_state.h"
#include "log/alert.h"
#include "lookups/report.h"
#include "lookups/spawn.h"
#include "lua/script.h"
#include "operators/file_util.h"

namespace rampart::actions {

namespace {

constexpr std::chrono::milliseconds kTimeout{5000};

std::vector<std::string> environment(const TransactionState& tx) {
  std::vector<std::string> env{"PATH=/usr/local/bin:/usr/bin:/bin"};
  auto add = [&](std::string_view name, std::string_view value) {
    std::string entry(name);
    entry += '=';
    entry.append(value);
    env.push_back(std::move(entry));
  };
  for (const Param& p : tx.env) add(p.name, p.value);
  add("REMOTE_ADDR", tx.remote_addr);
  add("REMOTE_PORT", std::to_string(tx.remote_port));
  add("SERVER_ADDR", tx.server_addr);
  add("SERVER_PORT", std::to_string(tx.server_port));
  add("SERVER_NAME", tx.hostname);
  add("SERVER_PROTOCOL", tx.protocol);
  add("REQUEST_METHOD", tx.method);
  add("REQUEST_URI", tx.uri_raw);
  add("QUERY_STRING", tx.query);
  add("UNIQUE_ID", tx.unique_id);
  return env;
}

class ExecProgram final : public Action {
 public:
  explicit ExecProgram(std::string path) : path_(std::move(path)) {}

  void execute(TransactionState& tx, const Rule&) const override {
    lookups::SpawnResult r = lookups::run_program(path_, {}, environment(tx), kTimeout);
    switch (r.status) {
      case lookups::SpawnResult::Status::kTimedOut:
        lookups::report_error(tx, "exec: \"" + path_ + "\" did not finish within " +
                                      std::to_string(kTimeout.count()) + " ms and was killed.");
        return;
      case lookups::SpawnResult::Status::kFailed:
        lookups::report_error(tx, "exec: " + r.error + ".");
        return;
      case lookups::SpawnResult::Status::kExited:
        break;
    }
    if (r.output.empty()) {
      lookups::report_error(tx, "exec: \"" + path_ + "\" wrote nothing to stdout (exit status " +
                                    std::to_string(r.exit_code) + ").");
      return;
    }
    if (tx.debug_enabled(4))
      tx.debug(4, "Exec: First line from script output: \"" +
                      log::escape(r.output.substr(0, r.output.find('\n'))) + "\"");
  }

 private:
  std::string path_;
};

class ExecLua final : public Action {
 public:
  explicit ExecLua(std::shared_ptr<const lua::Script> script) : script_(std::move(script)) {}
  void execute(TransactionState& tx, const Rule&) const override { script_->run(tx); }

 private:
  std::shared_ptr<const lua::Script> script_;
};

}  // namespace

std::optional<std::string> parse_exec(ParseContext& ctx, std::string_view v) {
  if (v.empty()) return "exec needs a program, e.g. exec:/usr/local/bin/notify.sh";
  std::string path = operators::resolve_path(ctx.base_dir, v);
  if (path.ends_with(".lua")) {
    std::string error;
    std::shared_ptr<const lua::Script> script = lua::Script::load(path, error);
    if (!script) return "exec: " + error;
    ctx.set.actions.push_back(std::make_shared<ExecLua>(std::move(script)));
    ctx.set.runs_lua = true;
    return std::nullopt;
  }
  std::string reason;
  if (!lookups::is_executable(path, reason)) return "exec: cannot use \"" + path + "\": " + reason;
  ctx.set.actions.push_back(std::make_shared<ExecProgram>(std::move(path)));
  return std::nullopt;
}

}  // namespace rampart::actions
