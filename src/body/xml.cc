// The XML processor (see xml.h). Parse errors are collected silently (XML_PARSE_NOERROR) and the
// one that stopped the parse becomes REQBODY_ERROR_MSG, so libxml2 never writes to stderr.
#include "body/xml.h"

#include <libxml/parser.h>

#include <mutex>
#include <string>

#include "body/processors.h"
#include "engine/transaction_state.h"

namespace rampart::body {

namespace {

// No XML_PARSE_NOENT and no XML_PARSE_DTDLOAD: external entities stay unresolved references.
constexpr int kOptions = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;

// libxml2 wants one global initialisation before threads use it: done when the engine is
// loaded (httpd loads the module in its single-threaded parent), again harmlessly on first use.
struct LibxmlInit {
  LibxmlInit() { xmlInitParser(); }
};
const LibxmlInit kLibxmlInit;

void init_libxml() {
  static std::once_flag once;
  std::call_once(once, [] { xmlInitParser(); });
}

}  // namespace

XmlProcessor::XmlProcessor(TransactionState& tx) : tx_(tx) {
  init_libxml();
}

XmlProcessor::~XmlProcessor() {
  if (ctxt_ != nullptr) {
    // xmlFreeParserCtxt leaves the tree alone: a parse that failed half-way (feed() gave up)
    // still holds the part it built, about 36 KB for 10,000 nested elements.
    if (ctxt_->myDoc != nullptr) xmlFreeDoc(ctxt_->myDoc);
    xmlFreeParserCtxt(ctxt_);
  }
  if (doc_ != nullptr) xmlFreeDoc(doc_);
}

void XmlProcessor::fail() {
  failed_ = true;
  std::string message = "Failed parsing document.";
  if (ctxt_ != nullptr) {
    if (const xmlError* e = xmlCtxtGetLastError(ctxt_); e != nullptr && e->message != nullptr) {
      message = e->message;
      while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
        message.pop_back();
    }
  }
  tx_.reqbody_error = true;
  tx_.reqbody_error_msg = "XML parser error: " + message;
}

void XmlProcessor::feed(std::string_view chunk) {
  fed_ += chunk.size();
  if (failed_ || chunk.empty()) return;
  if (ctxt_ == nullptr) {
    // The first bytes let libxml2 detect the encoding.
    ctxt_ = xmlCreatePushParserCtxt(nullptr, nullptr, chunk.data(), static_cast<int>(chunk.size()),
                                    nullptr);
    if (ctxt_ == nullptr) return fail();
    xmlCtxtUseOptions(ctxt_, kOptions);
    return;
  }
  if (xmlParseChunk(ctxt_, chunk.data(), static_cast<int>(chunk.size()), 0) != 0) fail();
}

void XmlProcessor::finish(bool truncated) {
  if (failed_ || ctxt_ == nullptr) return;
  int rc = xmlParseChunk(ctxt_, nullptr, 0, 1);
  // A body cut at a limit (ProcessPartial) ends early by our doing: keep the tree built so far
  // for XML:/xpath and report no error.
  if (!truncated && (rc != 0 || ctxt_->wellFormed == 0)) {
    if (ctxt_->myDoc != nullptr) {
      xmlFreeDoc(ctxt_->myDoc);
      ctxt_->myDoc = nullptr;
    }
    return fail();
  }
  doc_ = ctxt_->myDoc;
  ctxt_->myDoc = nullptr;
  xmlFreeParserCtxt(ctxt_);
  ctxt_ = nullptr;
}

xmlDocPtr xml_document(const TransactionState& tx) {
  auto* p = dynamic_cast<const XmlProcessor*>(tx.body_processor.get());
  return p != nullptr ? p->document() : nullptr;
}

std::unique_ptr<Processor> make_xml(TransactionState& tx) {
  return std::make_unique<XmlProcessor>(tx);
}

}  // namespace rampart::body
