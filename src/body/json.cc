// The JSON processor (see json.h for the naming). yajl keeps its own nesting state on the heap,
// so a 10,000-deep body costs memory, not stack; our path stack is bounded by the depth limit.
#include "body/json.h"

#include <yajl/yajl_parse.h>

#include "body/processors.h"
#include "engine/transaction_state.h"

namespace rampart::body {

struct JsonProcessor::Handle {
  yajl_handle h = nullptr;
  ~Handle() {
    if (h != nullptr) yajl_free(h);
  }
};

namespace {

JsonProcessor& self(void* ctx) {
  return *static_cast<JsonProcessor*>(ctx);
}
std::string_view text(const unsigned char* s, size_t n) {
  return {reinterpret_cast<const char*>(s), n};
}

int on_null(void* ctx) {
  return self(ctx).scalar("");
}
int on_boolean(void* ctx, int b) {
  return self(ctx).scalar(b ? "true" : "false");
}
// Numbers come through as written (yajl_number), so 1.50 stays 1.50 and big ones keep digits.
int on_number(void* ctx, const char* s, size_t n) {
  return self(ctx).scalar({s, n});
}
int on_string(void* ctx, const unsigned char* s, size_t n) {
  return self(ctx).scalar(text(s, n));
}
int on_start_map(void* ctx) {
  return self(ctx).open(false);
}
int on_map_key(void* ctx, const unsigned char* s, size_t n) {
  return self(ctx).key(text(s, n));
}
int on_end(void* ctx) {
  return self(ctx).close();
}
int on_start_array(void* ctx) {
  return self(ctx).open(true);
}

constexpr yajl_callbacks kCallbacks = {
    on_null,      on_boolean, nullptr, nullptr,        on_number, on_string,
    on_start_map, on_map_key, on_end,  on_start_array, on_end,
};

// yajl's own words ("parse error: premature EOF"), without its trailing newline.
std::string yajl_message(yajl_handle h, const unsigned char* bytes, size_t n) {
  unsigned char* err = yajl_get_error(h, 0, bytes, n);
  std::string message(reinterpret_cast<const char*>(err));
  yajl_free_error(h, err);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

// Longest argument name (path) we build; v2 has no bound, but it would be depth x key length.
constexpr size_t kMaxNameLength = 65536;

}  // namespace

JsonProcessor::JsonProcessor(TransactionState& tx) : tx_(tx), handle_(std::make_unique<Handle>()) {
  handle_->h = yajl_alloc(&kCallbacks, nullptr, this);
}

JsonProcessor::~JsonProcessor() = default;

bool JsonProcessor::scalar(std::string_view value) {
  const Settings& s = tx_.settings();
  size_t args = tx_.args_get.size() + tx_.args_post.size() + tx_.args_json.size();
  if (args >= s.max_arguments()) {
    limit_error_ =
        "Arguments limit exceeded (SecArgumentsLimit " + std::to_string(s.max_arguments()) + ")";
    return false;
  }
  // Built in a buffer that keeps its capacity, and kept (copied to the transaction) only when it
  // differs from the last value's: no allocation per value.
  name_.assign(prefix_);
  if (!prefix_.empty()) name_ += '.';
  name_ += current_key();
  // An array's elements share their name: hashed once for all of them.
  if (name_ != last_name_) {
    last_name_ = tx_.keep(name_);
    last_name_hash_ = SeededHash()(last_name_);
  }
  std::string_view kept = tx_.keep(value);
  tx_.args_json.push_back(Param{last_name_, kept, last_name_hash_, SeededHash()(kept)});
  return true;
}

bool JsonProcessor::open(bool array) {
  if (stack_.size() >= tx_.settings().max_json_depth()) {
    limit_error_ = "JSON depth limit exceeded (SecRequestBodyJsonDepthLimit " +
                   std::to_string(tx_.settings().max_json_depth()) + ")";
    return false;
  }
  std::string_view key = current_key();
  Level level{prefix_.size(), false};
  // A top-level array has no key: v2 calls it "array", both as path and as item name.
  if (array && prefix_.empty() && key.empty()) {
    prefix_ = "array";
    keys_.emplace_back("array");
    level.own_key = true;
  } else if (!key.empty() || !prefix_.empty()) {
    if (!prefix_.empty()) prefix_ += '.';
    prefix_ += key;
  }
  // Array items repeat the array's key (an array of arrays repeats it at every level), so a
  // long key under deep arrays would make names of depth x key bytes: bound them.
  if (prefix_.size() > kMaxNameLength) {
    limit_error_ = "argument name longer than " + std::to_string(kMaxNameLength) + " bytes";
    return false;
  }
  if (!array) {
    keys_.emplace_back();
    level.own_key = true;
  }
  stack_.push_back(level);
  return true;
}

bool JsonProcessor::close() {
  if (stack_.empty()) return true;
  prefix_.resize(stack_.back().prefix_length);
  if (stack_.back().own_key) keys_.pop_back();
  stack_.pop_back();
  return true;
}

std::string_view JsonProcessor::current_key() const {
  return keys_.empty() ? std::string_view() : std::string_view(keys_.back());
}

bool JsonProcessor::key(std::string_view k) {
  if (!keys_.empty()) keys_.back().assign(k);
  return true;
}

void JsonProcessor::fail(std::string message) {
  failed_ = true;
  tx_.reqbody_error = true;
  tx_.reqbody_error_msg = "JSON parser error: " + message;
}

void JsonProcessor::feed(std::string_view chunk) {
  fed_ += chunk.size();
  if (failed_ || chunk.empty()) return;
  auto* bytes = reinterpret_cast<const unsigned char*>(chunk.data());
  if (yajl_parse(handle_->h, bytes, chunk.size()) == yajl_status_ok) return;
  if (!limit_error_.empty()) {
    fail(limit_error_);
    return;
  }
  fail(yajl_message(handle_->h, bytes, chunk.size()));
}

void JsonProcessor::finish(bool truncated) {
  // A body cut at a limit (ProcessPartial) is incomplete by our doing, not the client's: keep
  // the arguments seen so far and report nothing.
  if (failed_ || truncated || fed_ == 0) return;
  if (yajl_complete_parse(handle_->h) == yajl_status_ok) return;
  if (!limit_error_.empty()) return fail(limit_error_);
  fail(yajl_message(handle_->h, nullptr, 0));
}

std::unique_ptr<Processor> make_json(TransactionState& tx) {
  return std::make_unique<JsonProcessor>(tx);
}

}  // namespace rampart::body
