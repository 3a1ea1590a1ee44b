// The write-back merge: the record as stored at write time, plus what this transaction changed
// (ChangeSet), gives the record to store. Counters changed by deltas add up across concurrent
// transactions; values a transaction set are last-writer-wins, as in ModSecurity v2. The
// built-in fields are maintained here: LAST_UPDATE_TIME = now, UPDATE_COUNTER + 1, IS_NEW
// dropped (it is 1 only in the transaction that created the record), and the record expires
// TIMEOUT seconds from now.
#pragma once

#include <cstdint>
#include <optional>

#include "collections/change_set.h"
#include "collections/record.h"

namespace rampart::collections {

// `stored`: the record in the store now, if any (an expired one counts as none). `ours`: the
// collection as this transaction sees it, built-in fields included.
Record merge(std::optional<Record> stored, const Collection& ours, const ChangeSet& changes,
             int64_t now, int64_t default_timeout);

}  // namespace rampart::collections
