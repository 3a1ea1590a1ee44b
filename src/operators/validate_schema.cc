// @validateSchema: validates the request body's XML document (the XML processor's tree) against
// an XML Schema loaded once at config time. Matches, like v2, when the document is not valid;
// when there is no document (no XML body, or it did not parse) it cannot validate and does not
// match — v2 reports "XML document tree could not be found for schema validation." as an
// operator error then, and a bare XML target has no value to run on anyway.
// Parameter: the .xsd file, relative to the rule's file. Example:
//   SecRule XML "@validateSchema order.xsd" "id:1,phase:2,deny"
// Message: XML: Schema validation failed.
#include <libxml/xmlschemas.h>

#include "body/xml.h"
#include "operators/all.h"
#include "operators/file_util.h"
#include "operators/text_util.h"
#include "operators/xml_load.h"

namespace rampart::operators {

namespace {

void ignore_structured(void*, const xmlError*) {}

class ValidateSchema final : public Operator {
 public:
  explicit ValidateSchema(xmlSchemaPtr schema) : schema_(schema) {}
  ~ValidateSchema() override { xmlSchemaFree(schema_); }

  bool match(std::string_view, std::string_view, MatchState& st) const override {
    xmlDocPtr doc = st.tx != nullptr ? body::xml_document(*st.tx) : nullptr;
    if (doc == nullptr) return false;
    // A parsed schema is read-only during validation: one context per evaluation is all the
    // per-request state, so every thread shares schema_.
    xmlSchemaValidCtxtPtr ctx = xmlSchemaNewValidCtxt(schema_);
    if (ctx == nullptr) return false;
    xmlSchemaSetValidStructuredErrors(
        ctx, reinterpret_cast<xmlStructuredErrorFunc>(ignore_structured), nullptr);
    int rc = xmlSchemaValidateDoc(ctx, doc);
    xmlSchemaFreeValidCtxt(ctx);
    if (rc == 0) return false;
    st.message = "XML: Schema validation failed.";
    return true;
  }

 private:
  xmlSchemaPtr schema_;
};

}  // namespace

std::unique_ptr<Operator> make_validate_schema(const OperatorArgs& args, std::string& error) {
  std::string_view name = trim(args.param);
  if (name.empty()) {
    error = "Missing parameter for operator 'validateSchema': give the XML Schema (.xsd) file.";
    return nullptr;
  }
  std::string path = resolve_path(args.base_dir, name);
  XmlLoadGuard guard;
  xmlSchemaParserCtxtPtr parser = xmlSchemaNewParserCtxt(path.c_str());
  xmlSchemaPtr schema = parser != nullptr ? xmlSchemaParse(parser) : nullptr;
  if (parser != nullptr) xmlSchemaFreeParserCtxt(parser);
  if (schema == nullptr) {
    error = "Could not load XML Schema \"" + path +
            "\": " + guard.first_error("not a readable XML Schema file") +
            " (fix the file or the path; schemas are never fetched from the network)";
    return nullptr;
  }
  return std::make_unique<ValidateSchema>(schema);
}

}  // namespace rampart::operators
