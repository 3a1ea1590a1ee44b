// prepend and append: text the response body gets before or after it, with SecContentInjection
// On (otherwise they do nothing, as in ModSecurity v2). Macros are expanded when the action runs;
// the last value set wins. They must run before the body leaves: prepend in phase 3 (or 4 for a
// buffered body), append in phase 3 or 4. A compressed response is changed only when it could
// be decoded whole (engine/response_changes.cc).
//   SecRule RESPONSE_CONTENT_TYPE "^text/html" "id:1,phase:3,pass,nolog,append:'<!-- seen -->'"
// Never put request data (ARGS, headers) in the text: that makes a cross-site scripting hole.
#include <memory>

#include "actions/builtin.h"
#include "engine/transaction_state.h"

namespace rampart::actions {

namespace {

class Inject final : public Action {
 public:
  Inject(bool prepend, MacroString text) : prepend_(prepend), text_(std::move(text)) {}

  void execute(TransactionState& tx, const Rule&) const override {
    if (!tx.settings().inject_content()) {
      if (tx.debug_enabled(4))
        tx.debug(4, std::string("Content injection (") + (prepend_ ? "prepend" : "append") +
                        ") not enabled: set SecContentInjection On.");
      return;
    }
    (prepend_ ? tx.content_prepend : tx.content_append) = text_.expand(tx);
  }

 private:
  bool prepend_;
  MacroString text_;
};

}  // namespace

std::optional<std::string> parse_prepend(ParseContext& ctx, std::string_view v) {
  ctx.set.actions.push_back(std::make_shared<Inject>(true, MacroString(v)));
  return std::nullopt;
}

std::optional<std::string> parse_append(ParseContext& ctx, std::string_view v) {
  ctx.set.actions.push_back(std::make_shared<Inject>(false, MacroString(v)));
  return std::nullopt;
}

}  // namespace rampart::actions
