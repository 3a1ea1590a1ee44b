// What the audit log shows of a multipart request body, as v2 2.9 writes it: part I, the
// fields as an x-www-form-urlencoded body (files left out), and part J, one line per uploaded
// file. Both are empty when the body was not multipart.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rampart {
struct TransactionState;
}

namespace rampart::log {

// Part I's text (`a=x+y%26z&b=2`), or false when there is no multipart body to rewrite, so the
// caller logs the body as part C instead, as v2 does.
bool multipart_fake_body(const TransactionState& tx, std::string& out);

// Part J's text: `<part number>,<size>,"<file name>","<Content-Type>"` per file, then
// `Total,<bytes>`; "" when the body was not multipart.
std::string uploaded_files(const TransactionState& tx);

// The same, for the JSON log: each file's size, name and Content-Type.
struct UploadedFile {
  size_t size;
  std::string name, content_type;
};
bool uploaded_file_list(const TransactionState& tx, std::vector<UploadedFile>& out, size_t& total);

}  // namespace rampart::log
