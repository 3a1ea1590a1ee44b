#include "lookups/report.h"

#include <string>

#include "engine/rule.h"
#include "engine/transaction_state.h"
#include "log/alert.h"

namespace rampart::lookups {

void report_error(const TransactionState& tx, std::string_view message) {
  std::string line = "ModSecurity: Rule ";
  if (const Rule* r = tx.current_starter) {
    line += "[id \"" + r->id + "\"][file \"" + r->where.file + "\"][line \"" +
            std::to_string(r->where.line) + "\"] ";
  }
  line += "- Execution error - ";
  line += message;
  line += " [hostname \"" + log::escape(tx.hostname) + "\"] [uri \"" +
          log::escape(tx.decoded_uri.empty() ? tx.path : tx.decoded_uri) + "\"] [unique_id \"" +
          tx.unique_id + "\"]";
  tx.log->alert(line);
}

}  // namespace rampart::lookups
