// Factories of the request body processors, one per file, listed in body/registry.cc.
#pragma once

#include <memory>

#include "body/processor.h"

namespace rampart::body {

std::unique_ptr<Processor> make_urlencoded(TransactionState& tx);

}  // namespace rampart::body
