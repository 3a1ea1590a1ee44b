// JSON request bodies (ctl:requestBodyProcessor=JSON), parsed as they stream in with yajl. Every
// scalar becomes one argument in TransactionState::args_json (ARGS, not ARGS_POST, as in v2),
// named the way ModSecurity v2 names them:
//   {"a":{"b":1}}   -> a.b=1          (object members join the path with '.')
//   {"a":[1,2]}     -> a.a=1, a.a=2   (array items repeat the array's own key)
//   [1,2]           -> array.array=1, array.array=2
// Strings are kept raw, numbers as written, true/false as text, null as "".
// SecRequestBodyJsonDepthLimit and SecArgumentsLimit stop the parse with REQBODY_ERROR.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "body/processor.h"

namespace rampart::body {

class JsonProcessor final : public Processor {
 public:
  explicit JsonProcessor(TransactionState& tx);
  ~JsonProcessor() override;
  void feed(std::string_view chunk) override;
  void finish(bool truncated) override;
  size_t non_file_bytes() const override { return fed_; }

  // yajl callbacks; false stops the parse.
  bool scalar(std::string_view value);
  bool open(bool array);
  bool close();
  bool key(std::string_view k);

 private:
  void fail(std::string message);

  // What closing a container restores. Only lengths and one key per object are kept, so a deep
  // body costs O(depth), never O(depth x path length).
  struct Level {
    size_t prefix_length;
    bool own_key;  // an object (or the top-level array) pushed a slot onto keys_
  };
  TransactionState& tx_;
  struct Handle;
  std::unique_ptr<Handle> handle_;
  std::string_view current_key() const;

  std::string prefix_;             // the path of the container we are in
  std::vector<std::string> keys_;  // per open object: its current member name
  std::vector<Level> stack_;
  std::string_view last_name_;   // array items share one kept name
  uint64_t last_name_hash_ = 0;  // and its hash (Param::name_hash)
  std::string name_;             // the name being built, its capacity kept from value to value
  size_t fed_ = 0;
  bool failed_ = false;
  std::string limit_error_;  // set by a callback that stopped the parse at a limit
};

}  // namespace rampart::body
