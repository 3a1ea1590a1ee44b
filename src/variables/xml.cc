// XML: the request body's document, when the XML processor parsed one (src/body/xml.h).
// XML:/xpath yields the text content of every node the expression selects, keyed by the
// expression; XML with no key yields the whole document's text, like XML:/*. Prefixes in the
// expression are those the rule binds with xmlns:prefix=URI.
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "body/xml.h"
#include "engine/rule.h"
#include "variables/families.h"

namespace rampart::variables {

namespace {

// Invalid expressions select nothing; libxml2 would otherwise print to stderr.
void ignore_error(void*, const xmlError*) {}

void node_text(const TransactionState& tx, std::string_view key, xmlNodePtr node,
               std::vector<Field>& out) {
  xmlChar* content = xmlNodeGetContent(node);
  std::string text = content != nullptr ? reinterpret_cast<const char*>(content) : "";
  xmlFree(content);
  out.push_back(Field{key, tx.keep(std::move(text))});
}

// The xmlns actions of the rule being evaluated; a chain link also sees its starter's.
void register_namespaces(const TransactionState& tx, xmlXPathContextPtr ctx) {
  for (const Rule* r : {tx.current_starter, tx.current_rule}) {
    if (r == nullptr) continue;
    for (const auto& [prefix, uri] : r->actions.xml_namespaces)
      xmlXPathRegisterNs(ctx, BAD_CAST prefix.c_str(), BAD_CAST uri.c_str());
  }
}

}  // namespace

void xml_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) {
  xmlDocPtr doc = body::xml_document(tx);
  if (doc == nullptr) return;
  xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
  if (ctx == nullptr) return;
  ctx->error = reinterpret_cast<xmlStructuredErrorFunc>(ignore_error);
  register_namespaces(tx, ctx);
  std::string expr(key);
  xmlXPathObjectPtr result = xmlXPathEvalExpression(BAD_CAST expr.c_str(), ctx);
  if (result != nullptr) {
    std::string_view name = tx.keep(std::move(expr));
    if (result->type == XPATH_NODESET && result->nodesetval != nullptr) {
      for (int i = 0; i < result->nodesetval->nodeNr; ++i)
        node_text(tx, name, result->nodesetval->nodeTab[i], out);
    }
    xmlXPathFreeObject(result);
  }
  xmlXPathFreeContext(ctx);
}

void xml(const TransactionState& tx, std::vector<Field>& out) {
  xmlDocPtr doc = body::xml_document(tx);
  if (doc == nullptr) return;
  node_text(tx, {}, reinterpret_cast<xmlNodePtr>(doc), out);
}

}  // namespace rampart::variables
