// XML: the request body's document, when the XML processor parsed one (src/body/xml.h).
// XML:/xpath yields the text content of every node the expression selects, keyed by the
// expression; XML with no key yields "[XML document tree]", as in v2. Prefixes in the
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

namespace {

// Evaluates `expr` against this transaction's document; without `expr`, compiles `key` for
// this one use (errors silenced through the context).
void evaluate(const TransactionState& tx, std::string_view key, xmlXPathCompExprPtr expr,
              std::vector<Field>& out) {
  xmlDocPtr doc = body::xml_document(tx);
  if (doc == nullptr) return;
  xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
  if (ctx == nullptr) return;
  ctx->error = reinterpret_cast<xmlStructuredErrorFunc>(ignore_error);
  register_namespaces(tx, ctx);
  xmlXPathCompExprPtr own = nullptr;
  if (expr == nullptr) {
    std::string text(key);
    expr = own = xmlXPathCtxtCompile(ctx, BAD_CAST text.c_str());
  }
  xmlXPathObjectPtr result = expr != nullptr ? xmlXPathCompiledEval(expr, ctx) : nullptr;
  if (own != nullptr) xmlXPathFreeCompExpr(own);
  if (result != nullptr) {
    if (result->type == XPATH_NODESET && result->nodesetval != nullptr) {
      for (int i = 0; i < result->nodesetval->nodeNr; ++i)
        node_text(tx, key, result->nodesetval->nodeTab[i], out);
    }
    xmlXPathFreeObject(result);
  }
  xmlXPathFreeContext(ctx);
}

void first_error(void* ctx, const xmlError* e) {
  auto* message = static_cast<std::string*>(ctx);
  if (message->empty() && e != nullptr && e->message != nullptr) *message = e->message;
}

}  // namespace

// Compiled once per rule target at config time; a compiled expression is read-only when
// evaluated, so all threads share it.
std::shared_ptr<const void> xml_compile(std::string_view key, std::string& error) {
  std::string expr(key);
  std::string message;
  // libxml2's error handlers are per thread: this changes only the config thread's, briefly.
  xmlSetStructuredErrorFunc(&message, reinterpret_cast<xmlStructuredErrorFunc>(first_error));
  xmlXPathCompExprPtr comp = xmlXPathCompile(BAD_CAST expr.c_str());
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  if (comp == nullptr) {
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    error =
        "not a valid XPath expression (" + (message.empty() ? "libxml2 refused it" : message) + ")";
    return nullptr;
  }
  return std::shared_ptr<const void>(comp, [](const void* p) {
    xmlXPathFreeCompExpr(static_cast<xmlXPathCompExprPtr>(const_cast<void*>(p)));
  });
}

void xml_lookup_compiled(const TransactionState& tx, std::string_view key, const void* compiled,
                         std::vector<Field>& out) {
  evaluate(tx, key, static_cast<xmlXPathCompExprPtr>(const_cast<void*>(compiled)), out);
}

// A key that was not compiled ahead (a macro such as %{XML:/a}): compiled for this one use.
void xml_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) {
  evaluate(tx, key, nullptr, out);
}

// v2 gives bare XML a placeholder, not the text: it is the target of @validateDTD and
// @validateSchema, which read the document itself.
void xml(const TransactionState& tx, std::vector<Field>& out) {
  if (body::xml_document(tx) == nullptr) return;
  out.push_back(Field{{}, "[XML document tree]"});
}

}  // namespace rampart::variables
