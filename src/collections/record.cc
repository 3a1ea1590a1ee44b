#include "collections/record.h"

namespace rampart::collections {

namespace {

constexpr unsigned char kVersion = 1;
constexpr size_t kHeader = 9;  // version + expires_at

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

bool get_varint(std::string_view& in, uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64 && !in.empty(); shift += 7) {
    auto byte = static_cast<unsigned char>(in.front());
    in.remove_prefix(1);
    v |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

bool get_string(std::string_view& in, std::string_view& s) {
  uint64_t n = 0;
  if (!get_varint(in, n) || n > in.size()) return false;
  s = in.substr(0, n);
  in.remove_prefix(n);
  return true;
}

}  // namespace

std::string encode(const Record& record) {
  std::string out;
  size_t size = kHeader + 2;
  for (const auto& e : record.vars.entries()) size += e.name.size() + e.value.size() + 4;
  out.reserve(size);
  out.push_back(static_cast<char>(kVersion));
  auto expires = static_cast<uint64_t>(record.expires_at);
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((expires >> (8 * i)) & 0xff));
  put_varint(out, record.vars.entries().size());
  for (const auto& e : record.vars.entries()) {
    put_varint(out, e.name.size());
    out.append(e.name);
    put_varint(out, e.value.size());
    out.append(e.value);
  }
  return out;
}

std::optional<int64_t> encoded_expiry(std::string_view bytes) {
  if (bytes.size() < kHeader || static_cast<unsigned char>(bytes[0]) != kVersion)
    return std::nullopt;
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[1 + i])) << (8 * i);
  return static_cast<int64_t>(v);
}

std::optional<Record> decode(std::string_view bytes) {
  auto expiry = encoded_expiry(bytes);
  if (!expiry) return std::nullopt;
  Record r;
  r.expires_at = *expiry;
  std::string_view in = bytes.substr(kHeader);
  uint64_t count = 0;
  if (!get_varint(in, count) || count > in.size()) return std::nullopt;
  for (uint64_t i = 0; i < count; ++i) {
    std::string_view name, value;
    if (!get_string(in, name) || !get_string(in, value)) return std::nullopt;
    r.vars.set(name, value);
  }
  if (!in.empty()) return std::nullopt;
  return r;
}

}  // namespace rampart::collections
