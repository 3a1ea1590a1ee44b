// Loading of the files @validateDTD and @validateSchema check against, at config time. Both share
// two safeguards: libxml2 may never fetch anything from the network (a DTD or schema that
// includes a URL fails to load instead), and libxml2's complaints become the config error text
// instead of lines on httpd's stderr.
#pragma once

#include <libxml/parser.h>

#include <string>

namespace rampart::operators {

// While it lives (config time, single-threaded): libxml2 loads through its no-network entity
// loader, and the errors it reports on this thread are collected. The previous loader comes
// back afterwards, so other libxml2 users in the process are not affected.
class XmlLoadGuard {
 public:
  XmlLoadGuard();
  ~XmlLoadGuard();
  XmlLoadGuard(const XmlLoadGuard&) = delete;
  XmlLoadGuard& operator=(const XmlLoadGuard&) = delete;

  // The first error libxml2 reported, trimmed, or `fallback` when it said nothing.
  std::string first_error(const std::string& fallback) const;

 private:
  std::string first_;
  xmlExternalEntityLoader previous_loader_;
};

// Swallows one libxml2 error: validation errors at request time are counted, never printed.
void ignore_xml_error(void* ctx, const char* msg, ...);

}  // namespace rampart::operators
