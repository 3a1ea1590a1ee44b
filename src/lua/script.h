// SecRuleScript: a rule written in Lua. The file is compiled once at startup (syntax errors are
// configuration errors) and kept as bytecode; each evaluation runs it in a fresh Lua state of
// the transaction's thread, so no state is shared between threads or requests. The script
// defines `main()`, which returns nil (no match) or a string (a match; the string is the rule's
// message). It reads and writes the transaction through ModSecurity's `m` API:
//   m.getvar("ARGS.name" [, "lowercase" | {"urlDecodeUni", "lowercase"}]) -> string or nil
//   m.getvars("ARGS" [, tfns]) -> { {name = "ARGS:a", value = "1"}, … }
//   m.setvar("ip.score", value)   (any collection, as the setvar action: "!tx.x" or a nil value
//                                 removes, "+1"/"-1" add and subtract, %{macros} expand)
//   m.log(level, message)         (the debug log, level 1-9)
// A runtime error is logged and counts as no match, never as a failed request; a script is
// stopped after 10 million Lua instructions.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct lua_State;

namespace rampart {
struct TransactionState;
}

namespace rampart::lua {

class Script {
 public:
  // Compiles `path`; nullptr and `error` on failure.
  static std::unique_ptr<Script> load(const std::string& path, std::string& error);

  // Runs main(): the message on a match, nullopt otherwise.
  std::optional<std::string> run(TransactionState& tx) const;

  // @inspectFile's approver: runs main(filename), with the io library as well so the script
  // can read the file. As in v2, a returned string (or number) rejects the file and is the
  // message; nil, a boolean or an error accepts it.
  std::optional<std::string> run_approver(TransactionState& tx, std::string_view filename) const;

  const std::string& path() const { return path_; }

 private:
  struct StateCloser {
    void operator()(lua_State* L) const;
  };
  struct Outcome {
    std::unique_ptr<lua_State, StateCloser> state;
    bool returned = false;  // main() returned; its result is on top of the stack
  };
  // Runs the chunk, then main() with `argument` when given (errors are logged).
  Outcome call_main(TransactionState& tx, const std::string_view* argument) const;

  std::string path_;
  std::string bytecode_;
};

}  // namespace rampart::lua
