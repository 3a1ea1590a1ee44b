#include "log/audit_uploads.h"

#include "body/multipart.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::log {

namespace {

const body::MultipartProcessor* multipart(const TransactionState& tx) {
  return dynamic_cast<const body::MultipartProcessor*>(tx.body_processor.get());
}

// v2's form encoding for part I: letters, digits and '*' as they are, a space as '+',
// everything else %xx in lower case.
void form_encode(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (unsigned char c : s) {
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '*') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
}

// The part's own Content-Type header; v2 prints this placeholder when there is none.
std::string content_type(const body::MultipartPart& p) {
  for (const std::string& h : p.headers) {
    std::string_view hv = h;
    size_t colon = hv.find(':');
    if (colon == std::string_view::npos || !iequals(hv.substr(0, colon), "Content-Type")) continue;
    std::string_view v = hv.substr(colon + 1);
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    return std::string(v);
  }
  return "<Unknown ContentType>";
}

}  // namespace

bool multipart_fake_body(const TransactionState& tx, std::string& out) {
  const auto* mp = multipart(tx);
  if (mp == nullptr) return false;
  bool first = true;
  for (const body::MultipartPart& p : mp->parts()) {
    if (p.is_file || p.name.empty()) continue;
    if (!first) out += '&';
    first = false;
    form_encode(p.name, out);
    out += '=';
    form_encode(p.value, out);
  }
  return true;
}

bool uploaded_file_list(const TransactionState& tx, std::vector<UploadedFile>& out, size_t& total) {
  const auto* mp = multipart(tx);
  total = 0;
  if (mp == nullptr) return false;
  for (const body::MultipartPart& p : mp->parts()) {
    if (!p.is_file) continue;
    out.push_back(UploadedFile{p.size, p.filename, content_type(p)});
    total += p.size;
  }
  return true;
}

std::string uploaded_files(const TransactionState& tx) {
  const auto* mp = multipart(tx);
  if (mp == nullptr) return {};
  std::string out;
  size_t total = 0;
  const auto& parts = mp->parts();
  for (size_t i = 0; i < parts.size(); ++i) {
    if (!parts[i].is_file) continue;
    // v2 numbers the parts from 1, fields included.
    out += std::to_string(i + 1) + "," + std::to_string(parts[i].size) + ",\"" + parts[i].filename +
           "\",\"" + content_type(parts[i]) + "\"\n";
    total += parts[i].size;
  }
  out += "Total," + std::to_string(total) + "\n";
  return out;
}

}  // namespace rampart::log
