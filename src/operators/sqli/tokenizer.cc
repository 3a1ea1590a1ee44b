// The SQL tokenizer. It reads what a permissive SQL parser (MySQL's, mostly) would: strings with
// backslash escapes and doubled quotes, 1union as a number then a word, /*!...*/ content as SQL,
// and -- as a comment only before whitespace (as MySQL requires), so "1--5" stays arithmetic.
#include "operators/sqli/tokenizer.h"

#include "operators/sqli/keywords.h"
#include "operators/text_util.h"

namespace rampart::operators::sqli {

namespace {

bool is_word_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}

bool is_word_char(unsigned char c) {
  return is_word_start(c) || is_digit(c) || c == '.';
}

bool is_hex(unsigned char c) {
  return is_digit(c) || (ascii_lower(c) >= 'a' && ascii_lower(c) <= 'f');
}

bool is_operator_char(unsigned char c) {
  switch (c) {
    case '=':
    case '<':
    case '>':
    case '!':
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case '^':
    case '|':
    case '&':
    case '~':
      return true;
    default:
      return false;
  }
}

bool iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(static_cast<unsigned char>(a[i])) !=
        ascii_lower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

}  // namespace

bool Tokenizer::starts_with(size_t pos, std::string_view s) const {
  return in_.substr(pos).starts_with(s);
}

size_t Tokenizer::skip_spaces(size_t pos) const {
  while (pos < in_.size() && is_space(static_cast<unsigned char>(in_[pos]))) ++pos;
  return pos;
}

void Tokenizer::skip_blanks() {
  for (;;) {
    pos_ = skip_spaces(pos_);
    if (in_exec_comment_ && starts_with(pos_, "*/")) {
      in_exec_comment_ = false;
      pos_ += 2;
      continue;
    }
    if (starts_with(pos_, "/*!")) {
      // MySQL runs the content of /*!50000 ... */; the version digits are not SQL.
      pos_ += 3;
      while (pos_ < in_.size() && is_digit(static_cast<unsigned char>(in_[pos_]))) ++pos_;
      in_exec_comment_ = true;
      continue;
    }
    if (starts_with(pos_, "/*")) {
      size_t end = in_.find("*/", pos_ + 2);
      // An unterminated comment, or one with nothing after it, truncates the query: a token.
      if (end == std::string_view::npos || skip_spaces(end + 2) >= in_.size()) return;
      pos_ = end + 2;  // a comment between tokens is only whitespace (UNION/**/SELECT)
      continue;
    }
    return;
  }
}

void Tokenizer::read_string(char quote, size_t content_start, Token& token) {
  size_t i = content_start;
  token.type = TokenType::kString;
  while (i < in_.size()) {
    char c = in_[i];
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (c == quote) {
      if (i + 1 < in_.size() && in_[i + 1] == quote) {  // '' inside a string is one quote
        i += 2;
        continue;
      }
      token.text = in_.substr(content_start, i - content_start);
      token.closed = true;
      pos_ = i + 1;
      return;
    }
    ++i;
  }
  token.text = in_.substr(content_start);
  token.closed = false;
  pos_ = in_.size();
}

void Tokenizer::read_number(Token& token) {
  size_t start = pos_;
  size_t i = pos_;
  auto digits = [&](bool (*pred)(unsigned char)) {
    while (i < in_.size() && pred(static_cast<unsigned char>(in_[i]))) ++i;
  };
  auto dec = [](unsigned char c) { return is_digit(c); };
  if (in_[i] == '0' && i + 2 < in_.size() && (in_[i + 1] == 'x' || in_[i + 1] == 'X') &&
      is_hex(static_cast<unsigned char>(in_[i + 2]))) {
    i += 2;
    digits(is_hex);
  } else if (in_[i] == '0' && i + 2 < in_.size() && (in_[i + 1] == 'b' || in_[i + 1] == 'B') &&
             (in_[i + 2] == '0' || in_[i + 2] == '1')) {
    i += 2;
    digits([](unsigned char c) { return c == '0' || c == '1'; });
  } else {
    digits(dec);
    if (i < in_.size() && in_[i] == '.') {
      ++i;
      digits(dec);
    }
    if (i + 1 < in_.size() && (in_[i] == 'e' || in_[i] == 'E')) {
      size_t j = i + 1;
      if (j < in_.size() && (in_[j] == '+' || in_[j] == '-')) ++j;
      if (j < in_.size() && is_digit(static_cast<unsigned char>(in_[j]))) {
        i = j;
        digits(dec);
      }
    }
  }
  token.type = TokenType::kNumber;
  token.text = in_.substr(start, i - start);
  pos_ = i;
}

void Tokenizer::read_word(Token& token) {
  size_t start = pos_;
  size_t i = pos_;
  while (i < in_.size() && is_word_char(static_cast<unsigned char>(in_[i]))) ++i;
  std::string_view word = in_.substr(start, i - start);
  pos_ = i;
  token.text = word;
  WordClass wc = classify_word(word);
  token.type = wc.type;
  size_t after = skip_spaces(pos_);
  bool call = after < in_.size() && in_[after] == '(';
  if (call && wc.call == Call::kFunction) token.type = TokenType::kFunction;
  if (call && wc.call == Call::kEvil) token.type = TokenType::kEvilFunction;

  // Two-word keywords: the second word is folded into the first.
  auto next_word = [&]() {
    size_t j = after;
    while (j < in_.size() && is_word_char(static_cast<unsigned char>(in_[j]))) ++j;
    return in_.substr(after, j - after);
  };
  if (token.type == TokenType::kUnion) {
    std::string_view w = next_word();
    if (iequal(w, "all") || iequal(w, "distinct")) pos_ = after + w.size();
  } else if (iequal(word, "order") || iequal(word, "group")) {
    std::string_view w = next_word();
    if (iequal(w, "by")) {
      token.type = TokenType::kClause;
      pos_ = after + w.size();
    }
  } else if (iequal(word, "into")) {
    std::string_view w = next_word();
    if (iequal(w, "outfile") || iequal(w, "dumpfile")) {
      token.type = TokenType::kClause;
      pos_ = after + w.size();
    }
  } else if (token.type == TokenType::kDelay) {
    std::string_view w = next_word();
    if (iequal(w, "delay") || iequal(w, "time")) {
      pos_ = after + w.size();
    } else {
      token.type = TokenType::kKeyword;
    }
  }
}

void Tokenizer::read_operator(Token& token) {
  size_t start = pos_;
  char c = in_[pos_];
  char d = pos_ + 1 < in_.size() ? in_[pos_ + 1] : '\0';
  token.type = TokenType::kOperator;
  size_t len = 1;
  if ((c == '&' && d == '&') || (c == '|' && d == '|')) {
    token.type = TokenType::kLogic;
    len = 2;
  } else if (starts_with(pos_, "<=>")) {
    len = 3;
  } else if ((c == '<' && (d == '=' || d == '>' || d == '<')) ||
             (c == '>' && (d == '=' || d == '>')) ||
             (c == '!' && (d == '=' || d == '<' || d == '>')) || (c == '=' && d == '=') ||
             (c == ':' && d == '=')) {
    len = 2;
  }
  token.text = in_.substr(start, len);
  pos_ += len;
  if (token.type == TokenType::kOperator &&
      (c == '=' || c == '<' || c == '>' || (c == '!' && len == 2)) && token.text != "<<" &&
      token.text != ">>")
    token.type = TokenType::kComparison;
}

void Tokenizer::rest_of_line_comment(Token& token) {
  size_t end = in_.find('\n', pos_);
  if (end == std::string_view::npos) end = in_.size();
  token.type = TokenType::kComment;
  token.text = in_.substr(pos_, end - pos_);
  pos_ = end;
}

bool Tokenizer::next(Token& token) {
  token.closed = true;
  if (open_quote_ != 0) {
    char q = open_quote_;
    open_quote_ = 0;
    read_string(q, 0, token);
    return true;
  }
  skip_blanks();
  if (pos_ >= in_.size()) return false;
  unsigned char c = static_cast<unsigned char>(in_[pos_]);
  unsigned char d = pos_ + 1 < in_.size() ? static_cast<unsigned char>(in_[pos_ + 1]) : 0;

  if (c == '\'' || c == '"') {
    read_string(static_cast<char>(c), pos_ + 1, token);
    return true;
  }
  if (c == '`') {  // MySQL identifier quoting: a name, whatever it contains
    read_string('`', pos_ + 1, token);
    token.type = TokenType::kBareword;
    return true;
  }
  if (is_digit(c) || (c == '.' && is_digit(d))) {
    read_number(token);
    return true;
  }
  if (starts_with(pos_, "/*")) {  // what skip_blanks() left: a comment that truncates the query
    token.type = TokenType::kComment;
    token.text = in_.substr(pos_);
    pos_ = in_.size();
    return true;
  }
  // '#' starts a MySQL comment, but "#anchor" and "#1" are text far more often than SQL.
  if ((c == '#' && !is_word_char(d)) ||
      (c == '-' && d == '-' &&
       (pos_ + 2 >= in_.size() || is_space(static_cast<unsigned char>(in_[pos_ + 2])) ||
        static_cast<unsigned char>(in_[pos_ + 2]) < 0x20))) {
    rest_of_line_comment(token);
    return true;
  }
  if (c == '@') {
    size_t i = pos_ + 1;
    if (i < in_.size() && in_[i] == '@') ++i;
    size_t name = i;
    while (i < in_.size() && is_word_char(static_cast<unsigned char>(in_[i]))) ++i;
    token.type = i > name ? TokenType::kVariable : TokenType::kOther;
    token.text = in_.substr(pos_, i - pos_);
    pos_ = i;
    return true;
  }
  if (is_word_start(c)) {
    // N'...', X'...', B'...', E'...': a prefixed string literal, not a word and a string.
    unsigned char lc = ascii_lower(c);
    if ((d == '\'') && (lc == 'n' || lc == 'x' || lc == 'b' || lc == 'e')) {
      read_string('\'', pos_ + 2, token);
      return true;
    }
    read_word(token);
    return true;
  }
  switch (c) {
    case '(':
      token.type = TokenType::kOpenParen;
      break;
    case ')':
      token.type = TokenType::kCloseParen;
      break;
    case ',':
      token.type = TokenType::kComma;
      break;
    case ';':
      token.type = TokenType::kSemicolon;
      break;
    default:
      if (is_operator_char(c) || (c == ':' && d == '=')) {
        read_operator(token);
        return true;
      }
      token.type = TokenType::kOther;
      break;
  }
  token.text = in_.substr(pos_, 1);
  ++pos_;
  return true;
}

}  // namespace rampart::operators::sqli
