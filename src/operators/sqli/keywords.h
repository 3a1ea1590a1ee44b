// Classifies a SQL word (case-insensitively): keyword, statement verb, logic word, function name.
#pragma once

#include <string_view>

#include "operators/sqli/token.h"

namespace rampart::operators::sqli {

// What a word becomes when a '(' follows it.
enum class Call : char {
  kNone,      // nothing special: the word keeps its type
  kFunction,  // a SQL function: the word becomes kFunction
  kEvil,      // a time-delay or data-leaking function: kEvilFunction
};

struct WordClass {
  TokenType type = TokenType::kBareword;
  Call call = Call::kNone;
};

// Unknown words (and words longer than any keyword) are plain barewords.
WordClass classify_word(std::string_view word);

}  // namespace rampart::operators::sqli
