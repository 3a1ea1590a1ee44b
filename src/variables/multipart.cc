// Multipart variables, read from the MULTIPART processor's results (body/multipart.h): FILES and
// friends for file parts, MULTIPART_PART_HEADERS, MULTIPART_NAME/FILENAME, and v2's strictness
// flags ("0"/"1"; all "0" when the body was not multipart).
#include "body/multipart.h"
#include "variables/families.h"

namespace rampart::variables {

namespace {

const body::MultipartProcessor* multipart(const TransactionState& tx) {
  return dynamic_cast<const body::MultipartProcessor*>(tx.body_processor.get());
}

template <typename F>
void for_each_part(const TransactionState& tx, F&& f) {
  if (const auto* mp = multipart(tx))
    for (const body::MultipartPart& p : mp->parts()) f(p);
}

void flag(const TransactionState& tx, std::vector<Field>& out,
          bool (*get)(const body::MultipartFlags&)) {
  const auto* mp = multipart(tx);
  out.push_back(Field{{}, mp && get(mp->flags()) ? "1" : "0"});
}

}  // namespace

void files(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (p.is_file) out.push_back(Field{p.name, p.filename});
  });
}
void files_names(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (p.is_file) out.push_back(Field{p.name, p.name});
  });
}
void files_sizes(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (p.is_file) out.push_back(Field{p.name, tx.keep(std::to_string(p.size))});
  });
}
void files_tmpnames(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (p.is_file && !p.tmp_path.empty()) out.push_back(Field{p.name, p.tmp_path});
  });
}
// v2: the content of each stored file, only when SecUploadKeepFiles or SecTmpSaveUploadedFiles
// makes the files available.
void files_tmp_content(const TransactionState& tx, std::vector<Field>& out) {
  const auto* mp = multipart(tx);
  if (mp == nullptr || !tx.settings().upload_content_visible()) return;
  const auto& parts = mp->parts();
  for (size_t i = 0; i < parts.size(); ++i)
    if (parts[i].is_file && !parts[i].tmp_path.empty())
      out.push_back(Field{parts[i].name, mp->file_content(i)});
}
void files_combined_size(const TransactionState& tx, std::vector<Field>& out) {
  size_t total = 0;
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (p.is_file) total += p.size;
  });
  out.push_back(Field{{}, tx.keep(std::to_string(total))});
}
void multipart_part_headers(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    for (const std::string& h : p.headers) out.push_back(Field{p.name, h});
  });
}
void multipart_name(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (!p.name.empty()) out.push_back(Field{p.name, p.name});
  });
}
void multipart_filename(const TransactionState& tx, std::vector<Field>& out) {
  for_each_part(tx, [&](const body::MultipartPart& p) {
    if (p.is_file) out.push_back(Field{p.name, p.filename});
  });
}

#define RAMPART_FLAG(fn, expr)                                                 \
  void fn(const TransactionState& tx, std::vector<Field>& out) {               \
    flag(tx, out, [](const body::MultipartFlags& f) -> bool { return expr; }); \
  }
RAMPART_FLAG(multipart_strict_error, f.strict_error())
RAMPART_FLAG(multipart_boundary_quoted, f.boundary_quoted)
RAMPART_FLAG(multipart_boundary_whitespace, f.boundary_whitespace)
RAMPART_FLAG(multipart_data_before, f.data_before)
RAMPART_FLAG(multipart_data_after, f.data_after)
RAMPART_FLAG(multipart_header_folding, f.header_folding)
RAMPART_FLAG(multipart_invalid_header_folding, f.invalid_header_folding)
RAMPART_FLAG(multipart_lf_line, f.lf_line)
RAMPART_FLAG(multipart_crlf_line, f.crlf_line)
RAMPART_FLAG(multipart_crlf_lf_lines, f.crlf_lf_lines())
RAMPART_FLAG(multipart_missing_semicolon, f.missing_semicolon)
RAMPART_FLAG(multipart_invalid_quoting, f.invalid_quoting)
RAMPART_FLAG(multipart_invalid_part, f.invalid_part)
RAMPART_FLAG(multipart_file_limit_exceeded, f.file_limit_exceeded)
RAMPART_FLAG(multipart_unmatched_boundary, f.unmatched_boundary)
#undef RAMPART_FLAG

}  // namespace rampart::variables
