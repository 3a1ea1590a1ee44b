// @inspectFile: runs an approver program with the value (usually FILES_TMPNAMES, the path of an
// uploaded file) as its only argument. As in ModSecurity v2, the first byte of its output says:
// "1" the file is fine (no match), anything else rejects it (match). The program runs without a
// shell, with stdin from /dev/null and PATH as its only environment, and is killed after 5 s; a
// program that fails to start, crashes or times out is logged and does not match (as v2 treats
// an approver error).
// A program ending in `.lua` is a Lua script instead, run in-process (InspectFileLua below).
// Parameter: the program, relative to the rule file's directory unless absolute. Example:
//   SecRule FILES_TMPNAMES "@inspectFile /usr/local/bin/runav.pl" "id:1,phase:2,deny"
// Message: File "<value>" rejected by the approver script "<program>": <first output line>
#include "engine/transaction_state.h"
#include "log/alert.h"
#include "lookups/report.h"
#include "lookups/spawn.h"
#include "lua/script.h"
#include "operators/all.h"
#include "operators/file_util.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

constexpr std::chrono::milliseconds kTimeout{5000};

class InspectFile final : public Operator {
 public:
  explicit InspectFile(std::string program) : program_(std::move(program)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    if (value.empty()) return false;  // no file to inspect
    lookups::SpawnResult r = lookups::run_program(program_, {std::string(value)},
                                                  {"PATH=/usr/local/bin:/usr/bin:/bin"}, kTimeout);
    const TransactionState& tx = *st.tx;
    std::string what =
        "@inspectFile: approver \"" + program_ + "\" for \"" + log::escape(value) + "\" ";
    if (r.status == lookups::SpawnResult::Status::kTimedOut) {
      lookups::report_error(tx, what + "did not finish within " + std::to_string(kTimeout.count()) +
                                    " ms and was killed.");
      return false;
    }
    if (r.status == lookups::SpawnResult::Status::kFailed) {
      lookups::report_error(tx, what + "could not run: " + r.error + ".");
      return false;
    }
    if (r.output.empty()) {
      lookups::report_error(tx, what + "wrote nothing (exit status " + std::to_string(r.exit_code) +
                                    "); it must print 1 (accept) or 0 (reject).");
      return false;
    }
    if (r.output[0] == '1') return false;
    std::string_view first_line(r.output);
    first_line = first_line.substr(0, first_line.find('\n'));
    st.message = "File \"" + log::escape(value) + "\" rejected by the approver script \"" +
                 log::escape(program_) + "\": " + log::escape(trim(first_line));
    return true;
  }

 private:
  std::string program_;
};

// A `.lua` approver runs in Rampart's Lua engine: main(filename) returns nil to accept the file
// or a string, the rule's message, to reject it (v2's convention).
class InspectFileLua final : public Operator {
 public:
  explicit InspectFileLua(std::shared_ptr<const lua::Script> script) : script_(std::move(script)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    if (value.empty()) return false;  // no file to inspect
    // Operators see the transaction as const, but the script's m.setvar writes to it, as in v2.
    // The evaluator owns the (non-const) transaction and runs one operator at a time, so the
    // cast is sound.
    auto& tx = const_cast<TransactionState&>(*st.tx);
    std::optional<std::string> rejected = script_->run_approver(tx, value);
    if (!rejected) return false;
    st.message = std::move(*rejected);
    return true;
  }

 private:
  std::shared_ptr<const lua::Script> script_;
};

}  // namespace

std::unique_ptr<Operator> make_inspect_file(const OperatorArgs& args, std::string& error) {
  std::string_view name = trim(args.param);
  if (name.empty()) {
    error = "give the approver program, e.g. @inspectFile /usr/local/bin/runav.pl";
    return nullptr;
  }
  std::string path = resolve_path(args.base_dir, name);
  if (path.ends_with(".lua")) {
    std::shared_ptr<const lua::Script> script = lua::Script::load(path, error);
    if (script == nullptr) return nullptr;
    return std::make_unique<InspectFileLua>(std::move(script));
  }
  std::string reason;
  if (!lookups::is_executable(path, reason)) {
    error = "cannot use \"" + path + "\": " + reason;
    return nullptr;
  }
  return std::make_unique<InspectFile>(std::move(path));
}

}  // namespace rampart::operators
