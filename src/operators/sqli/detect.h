// @detectSQLi's decision: is this value an injected SQL fragment?
#pragma once

#include <string_view>

#include "operators/sqli/fingerprint.h"

namespace rampart::operators::sqli {

// Reads the value in each context it can land in - as it stands, and as the rest of a '...' or
// "..." literal - and returns true with that context's fingerprint in `found` when one of them
// has an attack shape.
bool detect(std::string_view value, Fingerprint& found);

}  // namespace rampart::operators::sqli
