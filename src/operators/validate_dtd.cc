// @validateDTD: validates the request body's XML document (the XML processor's tree) against a
// DTD loaded once at config time. Matches, like v2, when the document is not valid; when there
// is no document (no XML body, or it did not parse) it cannot validate and does not match — v2
// reports "XML document tree could not be found for DTD validation." as an operator error then,
// and a bare XML target has no value to run on anyway.
// Parameter: the .dtd file, relative to the rule's file. Example:
//   SecRule XML "@validateDTD order.dtd" "id:1,phase:2,deny"
// Message: XML: DTD validation failed.
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/valid.h>

#include "body/xml.h"
#include "operators/all.h"
#include "operators/file_util.h"
#include "operators/text_util.h"
#include "operators/xml_load.h"

namespace rampart::operators {

namespace {

// libxml2 compiles an element's content model the first time it validates one; doing that for
// every element now leaves nothing in the DTD for request threads to write.
void build_content_model(void* payload, void* ctx, const xmlChar*) {
  xmlValidBuildContentModel(static_cast<xmlValidCtxtPtr>(ctx), static_cast<xmlElementPtr>(payload));
}

class ValidateDtd final : public Operator {
 public:
  explicit ValidateDtd(xmlDtdPtr dtd) : dtd_(dtd) {}
  ~ValidateDtd() override { xmlFreeDtd(dtd_); }

  bool match(std::string_view, std::string_view, MatchState& st) const override {
    xmlDocPtr doc = st.tx != nullptr ? body::xml_document(*st.tx) : nullptr;
    if (doc == nullptr) return false;
    xmlValidCtxtPtr ctx = xmlNewValidCtxt();
    if (ctx == nullptr) return false;
    ctx->error = ignore_xml_error;
    ctx->warning = ignore_xml_error;
    // Swaps the DTD into this transaction's document for the call and back out after.
    int valid = xmlValidateDtd(ctx, doc, dtd_);
    xmlFreeValidCtxt(ctx);
    if (valid == 1) return false;
    st.message = "XML: DTD validation failed.";
    return true;
  }

 private:
  xmlDtdPtr dtd_;
};

}  // namespace

std::unique_ptr<Operator> make_validate_dtd(const OperatorArgs& args, std::string& error) {
  std::string_view name = trim(args.param);
  if (name.empty()) {
    error = "Missing parameter for operator 'validateDTD': give the DTD file.";
    return nullptr;
  }
  std::string path = resolve_path(args.base_dir, name);
  XmlLoadGuard guard;
  xmlDtdPtr dtd = xmlParseDTD(nullptr, reinterpret_cast<const xmlChar*>(path.c_str()));
  if (dtd == nullptr) {
    error = "Could not load DTD \"" + path + "\": " + guard.first_error("not a readable DTD file") +
            " (fix the file or the path; DTDs are never fetched from the network)";
    return nullptr;
  }
  if (dtd->elements != nullptr) {
    xmlValidCtxtPtr ctx = xmlNewValidCtxt();
    if (ctx != nullptr) {
      ctx->error = ignore_xml_error;
      ctx->warning = ignore_xml_error;
      xmlHashScan(static_cast<xmlHashTablePtr>(dtd->elements), build_content_model, ctx);
      xmlFreeValidCtxt(ctx);
    }
  }
  return std::make_unique<ValidateDtd>(dtd);
}

}  // namespace rampart::operators
