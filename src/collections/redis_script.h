// The Lua script a RedisStore runs (EVALSHA) to write back one transaction: for every record it
// applies the transaction's changes server-side, so that counters add up across every server of
// a fleet without a read-modify-write race, and maintains the built-in fields and the expiry
// exactly as merge.h does for LMDB. Arguments:
//   KEYS    the records' Redis keys
//   ARGV    now, default timeout, then per key: number of changes, KEY, TIMEOUT, CREATE_TIME
//           (for a record that does not exist yet), then per change: s|d|e, name, value
//           (s: set to value, d: add the integer value, e: delete)
// Records are hashes, one field per variable; the record's TIMEOUT becomes the key's TTL, so
// Redis removes expired records itself.
#pragma once

#include <string_view>

namespace rampart::collections {

extern const std::string_view kApplyScript;

}  // namespace rampart::collections
