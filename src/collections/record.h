// One stored record of a persistent collection (IP, GLOBAL, RESOURCE, SESSION, USER): its
// variables, built-in fields included, and when the whole record expires. The codec is a compact
// length-prefixed binary form, so a request decodes a record without parsing text:
//
//   byte 0       format version (1)
//   bytes 1..8   expires_at, seconds since the epoch, little-endian (0: never)
//   varint       number of variables, then per variable: varint name length, name bytes,
//                varint value length, value bytes
//
// expires_at sits at a fixed offset so garbage collection can test a record without decoding it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/collection.h"

namespace rampart::collections {

struct Record {
  int64_t expires_at = 0;
  Collection vars;  // case-insensitive names, first-set order kept
};

std::string encode(const Record& record);
// Nothing when `bytes` is not a record of this format (truncated, other version).
std::optional<Record> decode(std::string_view bytes);
// The expiry of an encoded record without decoding the rest; nothing when malformed.
std::optional<int64_t> encoded_expiry(std::string_view bytes);

}  // namespace rampart::collections
