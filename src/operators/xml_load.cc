#include "operators/xml_load.h"

#include <libxml/parser.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>

#include <mutex>

namespace rampart::operators {

namespace {

void collect_error(void* ctx, const xmlError* e) {
  auto* first = static_cast<std::string*>(ctx);
  if (!first->empty() || e == nullptr || e->message == nullptr) return;
  *first = e->message;
  while (!first->empty() && (first->back() == '\n' || first->back() == ' ')) first->pop_back();
}

}  // namespace

XmlLoadGuard::XmlLoadGuard() {
  static std::once_flag once;
  std::call_once(once, [] { xmlInitParser(); });
  previous_loader_ = xmlGetExternalEntityLoader();
  xmlSetExternalEntityLoader(xmlNoNetExternalEntityLoader);
  // libxml2 keeps its error handlers per thread: this changes only the config thread's.
  xmlSetStructuredErrorFunc(&first_, reinterpret_cast<xmlStructuredErrorFunc>(collect_error));
}

XmlLoadGuard::~XmlLoadGuard() {
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  xmlSetExternalEntityLoader(previous_loader_);
}

std::string XmlLoadGuard::first_error(const std::string& fallback) const {
  return first_.empty() ? fallback : first_;
}

void ignore_xml_error(void*, const char*, ...) {}

}  // namespace rampart::operators
