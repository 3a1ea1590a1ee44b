// XML request bodies (ctl:requestBodyProcessor=XML), parsed as they stream in with libxml2's push
// parser. The processor keeps the document for the XML variable (src/variables/xml.cc); it adds
// no arguments, as in v2. The parser never loads external entities or DTDs and never touches
// the network (no XXE); libxml2's own limits bound internal entity expansion.
#pragma once

#include <libxml/tree.h>

#include <string_view>

#include "body/processor.h"

namespace rampart::body {

class XmlProcessor final : public Processor {
 public:
  explicit XmlProcessor(TransactionState& tx);
  ~XmlProcessor() override;
  void feed(std::string_view chunk) override;
  void finish(bool truncated) override;
  size_t non_file_bytes() const override { return fed_; }

  // The parsed document, or null until finish() succeeded.
  xmlDocPtr document() const { return doc_; }

 private:
  void fail();

  TransactionState& tx_;
  xmlParserCtxtPtr ctxt_ = nullptr;
  xmlDocPtr doc_ = nullptr;
  size_t fed_ = 0;
  bool failed_ = false;
};

// The XML document of this transaction's body, or null when there is none.
xmlDocPtr xml_document(const TransactionState& tx);

}  // namespace rampart::body
