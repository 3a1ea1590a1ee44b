#include "engine/stream_rewrite.h"

#include <utility>

#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart {

void rewrite_stream(TransactionState& tx, std::string_view variable, std::string text) {
  std::string* target = nullptr;
  bool* modified = nullptr;
  if (iequals(variable, "STREAM_OUTPUT_BODY")) {
    target = &tx.stream_output_body;
    modified = &tx.stream_output_modified;
  } else if (iequals(variable, "STREAM_INPUT_BODY")) {
    target = &tx.stream_input_body;
    modified = &tx.stream_input_modified;
  } else {
    return;
  }
  // The rule being evaluated may still view the old text (another target, MATCHED_VARS): keep
  // it alive for the transaction instead of freeing it under them.
  tx.retired.push_back(std::exchange(*target, std::move(text)));
  *modified = true;
}

}  // namespace rampart
