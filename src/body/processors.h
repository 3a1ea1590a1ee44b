// Factories of the request body processors, one per file, listed in body/registry.cc.
#pragma once

#include <memory>

#include "body/processor.h"

namespace rampart::body {

std::unique_ptr<Processor> make_urlencoded(TransactionState& tx);
std::unique_ptr<Processor> make_json(TransactionState& tx);  // json.cc
std::unique_ptr<Processor> make_xml(TransactionState& tx);   // xml.cc
std::unique_ptr<Processor> make_multipart(TransactionState& tx);  // multipart.cc

}  // namespace rampart::body
