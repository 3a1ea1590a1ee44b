#include "body/processor.h"
#include "body/processors.h"
#include "engine/collection.h"

namespace rampart::body {

namespace {

constexpr ProcessorDef kProcessors[] = {
    {"URLENCODED", make_urlencoded},
    {"JSON", make_json},
    {"XML", make_xml},
    {"MULTIPART", make_multipart},
};

// The media type without parameters and surrounding blanks.
std::string_view media_type(std::string_view content_type) {
  std::string_view type = content_type.substr(0, content_type.find(';'));
  while (!type.empty() && (type.front() == ' ' || type.front() == '\t')) type.remove_prefix(1);
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.remove_suffix(1);
  return type;
}

}  // namespace

const ProcessorDef* find_processor(std::string_view name) {
  for (const ProcessorDef& d : kProcessors)
    if (iequals(d.name, name)) return &d;
  return nullptr;
}

std::string_view processor_for_content_type(std::string_view content_type) {
  std::string_view type = media_type(content_type);
  if (iequals(type, "application/x-www-form-urlencoded")) return "URLENCODED";
  // v2 compares only the first 19 bytes, so `multipart/form-data boundary=x` (no ';') is
  // multipart too, with MULTIPART_MISSING_SEMICOLON.
  constexpr std::string_view kMultipart = "multipart/form-data";
  if (content_type.size() >= kMultipart.size() &&
      iequals(content_type.substr(0, kMultipart.size()), kMultipart))
    return "MULTIPART";
  return {};
}

}  // namespace rampart::body
