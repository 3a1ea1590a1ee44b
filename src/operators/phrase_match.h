// The matcher behind @pm and @pmFromFile (they differ only in where phrases come from).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "operators/operator.h"

namespace rampart::operators {

// Builds the operator from decoded phrases (with none it never matches). On a match the message is
// `Matched phrase "<phrase>" at <var>.` and, with `capture`, TX.0 is the phrase as written in the
// rule or file (v2 reports the phrase, not the input's spelling of it). `cache` may be null.
std::unique_ptr<Operator> make_phrase_match(std::vector<std::string> phrases, CompileCache* cache);

// Appends the whitespace-separated phrases of `text` to `out`.
void split_phrases(std::string_view text, std::vector<std::string>& out);

}  // namespace rampart::operators
