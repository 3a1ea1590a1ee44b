// URLENCODED request bodies: name=value pairs into ARGS_POST. The pairs are split once the whole
// body is in (TransactionState::request_body keeps it for REQUEST_BODY anyway, and every byte
// counts against SecRequestBodyNoFilesLimit, so it is all there), so a pair that straddles two
// chunks needs no special case. Under ProcessPartial the kept prefix is parsed.
#include "body/processors.h"
#include "body/urlencoded.h"
#include "engine/transaction_state.h"

namespace rampart::body {

namespace {

class UrlencodedProcessor final : public Processor {
 public:
  explicit UrlencodedProcessor(TransactionState& tx) : tx_(tx) {}
  void feed(std::string_view chunk) override { fed_ += chunk.size(); }
  void finish(bool) override {
    // An invalid %-escape is not a parse failure in v2: it only sets URLENCODED_ERROR. The body
    // is split at SecArgumentSeparator, like the query string.
    std::vector<Param> parsed;
    if (!parse_urlencoded(tx_, tx_.request_body, tx_.settings().args_separator(), parsed))
      tx_.urlencoded_error = true;
    add_within_arguments_limit(tx_, parsed, tx_.args_post);
  }
  size_t non_file_bytes() const override { return fed_; }

 private:
  TransactionState& tx_;
  size_t fed_ = 0;
};

}  // namespace

std::unique_ptr<Processor> make_urlencoded(TransactionState& tx) {
  return std::make_unique<UrlencodedProcessor>(tx);
}

}  // namespace rampart::body
