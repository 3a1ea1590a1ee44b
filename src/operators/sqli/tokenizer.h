// Splits a value into SQL tokens, one at a time, without allocating. The value can be read as it
// stands or as the rest of a string literal whose opening quote the application wrote (the
// injection contexts): then the first token is the string the value's first quote closes.
#pragma once

#include <cstddef>
#include <string_view>

#include "operators/sqli/token.h"

namespace rampart::operators::sqli {

class Tokenizer {
 public:
  // `open_quote` is 0 for the value as it stands, or '\'' / '"' when the value continues a
  // string literal opened with that quote.
  Tokenizer(std::string_view input, char open_quote) : in_(input), open_quote_(open_quote) {}

  // The next token, or false at the end of the input.
  bool next(Token& token);

 private:
  void skip_blanks();  // whitespace, and /* */ comments that more tokens follow
  size_t skip_spaces(size_t pos) const;
  void read_string(char quote, size_t content_start, Token& token);
  void read_number(Token& token);
  void read_word(Token& token);
  void read_operator(Token& token);
  void rest_of_line_comment(Token& token);
  bool starts_with(size_t pos, std::string_view s) const;

  std::string_view in_;
  size_t pos_ = 0;
  char open_quote_;
  bool in_exec_comment_ = false;  // inside MySQL's /*! ... */, whose content is SQL
};

}  // namespace rampart::operators::sqli
