// The tokens of the SQL tokenizer. Each type has a one-letter code; a value's fingerprint is the
// codes of its first tokens, e.g. "s&1=1" for `' OR 1=1` after a closing quote.
#pragma once

#include <string_view>

namespace rampart::operators::sqli {

enum class TokenType : char {
  kString = 's',        // '...', "...", N'...'; may be unterminated at the end of the input
  kNumber = '1',        // 42, -1.5e3, 0x41, 0b01, and the literals NULL, TRUE, FALSE
  kBareword = 'n',      // a name that is no keyword: column, table, `backtick` identifier
  kVariable = 'v',      // @name, @@version
  kKeyword = 'k',       // FROM, WHERE, AS, JOIN, SET, IN, IS, BETWEEN, ...
  kTable = 'T',         // TABLE, DATABASE (what DROP and CREATE take)
  kStatement = 'E',     // a statement verb: SELECT, INSERT, DROP, EXEC, SHUTDOWN, ...
  kUnion = 'U',         // UNION, UNION ALL, UNION DISTINCT
  kClause = 'B',        // ORDER BY, GROUP BY, HAVING, LIMIT, PROCEDURE, INTO OUTFILE/DUMPFILE
  kDelay = 'W',         // WAITFOR DELAY / WAITFOR TIME
  kFunction = 'f',      // a known SQL function name followed by '('
  kEvilFunction = 'X',  // a function that sleeps, reads files or leaks data: SLEEP(, LOAD_FILE(
  kOperator = 'o',      // + - * / % ^ | & ~ and the like: arithmetic and bit operators
  kComparison = '=',    // = == < > <= >= <> != <=> LIKE RLIKE REGEXP
  kLogic = '&',         // AND OR XOR NOT && ||
  kComment = 'c',       // -- ..., # ..., an unterminated /* or one that ends the input
  kOpenParen = '(',
  kCloseParen = ')',
  kComma = ',',
  kSemicolon = ';',
  kOther = '?',  // punctuation SQL has no use for: { } [ ] ? : backslash
};

struct Token {
  TokenType type = TokenType::kOther;
  std::string_view text;  // the token's bytes in the input (a string's content, without quotes)
  bool closed = true;     // strings: the closing quote was seen
};

}  // namespace rampart::operators::sqli
