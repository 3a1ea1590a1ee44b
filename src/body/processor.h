// Request body processors (REQBODY_PROCESSOR): URLENCODED, MULTIPART, JSON, XML. Each lives in its
// own file and is listed by name in body/registry.cc.
//
// Life of one: the transaction picks the processor after phase 1 (ctl:requestBodyProcessor, else
// by Content-Type), creates it with the first body chunk, feeds it every chunk as it arrives
// (within SecRequestBodyLimit), and calls finish() once before phase 2. A processor writes its
// results into the transaction (ARGS_POST, REQBODY_ERROR, …) and keeps what only its own
// variables read (FILES, MULTIPART_*, the XML document); those variables reach it through
// TransactionState::body_processor.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

namespace rampart {
struct TransactionState;
}

namespace rampart::body {

class Processor {
 public:
  virtual ~Processor() = default;
  // One chunk of the body, in order. Views stay valid only for the call: keep what you need.
  virtual void feed(std::string_view chunk) = 0;
  // The end of the body. `truncated`: the body was cut at a limit (ProcessPartial), so a parse
  // that needs the rest must not report the cut as the attacker's error. On a parse failure set
  // TransactionState::reqbody_error and reqbody_error_msg, never silently yield nothing.
  virtual void finish(bool truncated) = 0;
  // Bytes fed so far that are not file content: what SecRequestBodyNoFilesLimit counts.
  virtual size_t non_file_bytes() const = 0;
  // The transaction is over (phase 5 ran), so what depends on its outcome can be decided now:
  // multipart keeps its files for SecUploadKeepFiles. The processor is destroyed later.
  virtual void transaction_done() {}
};

struct ProcessorDef {
  std::string_view name;  // as REQBODY_PROCESSOR and ctl:requestBodyProcessor spell it
  std::unique_ptr<Processor> (*make)(TransactionState& tx);
};

// The processor of that name (case-insensitive), or null.
const ProcessorDef* find_processor(std::string_view name);

// The processor ModSecurity v2 selects by Content-Type alone (URLENCODED, MULTIPART), or "".
std::string_view processor_for_content_type(std::string_view content_type);

}  // namespace rampart::body
