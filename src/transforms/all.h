// Every transformation function, one per file (<snake_name>.cc). Each follows the TransformFn
// contract of transform.h: returns true when the value changed and only then writes `out`.
// registry.cc maps the rule-language names onto these.
#pragma once

#include <string>
#include <string_view>

#include "transforms/transform.h"

namespace rampart::transforms {

// Case.
bool lowercase(std::string_view in, std::string& out);
bool uppercase(std::string_view in, std::string& out);

// Decoding.
bool base64_decode(std::string_view in, std::string& out);
bool base64_decode_ext(std::string_view in, std::string& out);
bool css_decode(std::string_view in, std::string& out);
bool escape_seq_decode(std::string_view in, std::string& out);
bool hex_decode(std::string_view in, std::string& out);
bool html_entity_decode(std::string_view in, std::string& out);
bool js_decode(std::string_view in, std::string& out);
bool sql_hex_decode(std::string_view in, std::string& out);
bool url_decode(std::string_view in, std::string& out);
bool url_decode_uni(std::string_view in, std::string& out);
// With SecUnicodeMapFile: %uHHHH through the loaded code page first (url_decode_uni.cc).
bool url_decode_uni_mapped(std::string_view in, std::string& out, const TransformContext& ctx);
bool utf8_to_unicode(std::string_view in, std::string& out);

// Encoding and hashing.
bool base64_encode(std::string_view in, std::string& out);
bool hex_encode(std::string_view in, std::string& out);
bool url_encode(std::string_view in, std::string& out);
bool length(std::string_view in, std::string& out);
bool md5(std::string_view in, std::string& out);
bool sha1(std::string_view in, std::string& out);

// Whitespace, NUL bytes, comments.
bool compress_whitespace(std::string_view in, std::string& out);
bool remove_whitespace(std::string_view in, std::string& out);
bool trim(std::string_view in, std::string& out);
bool trim_left(std::string_view in, std::string& out);
bool trim_right(std::string_view in, std::string& out);
bool remove_nulls(std::string_view in, std::string& out);
bool replace_nulls(std::string_view in, std::string& out);
bool remove_comments(std::string_view in, std::string& out);
bool remove_comments_char(std::string_view in, std::string& out);
bool replace_comments(std::string_view in, std::string& out);

// Anti-evasion normalisation.
bool cmd_line(std::string_view in, std::string& out);
bool normalize_path(std::string_view in, std::string& out);
bool normalize_path_win(std::string_view in, std::string& out);
bool parity_even_7bit(std::string_view in, std::string& out);
bool parity_odd_7bit(std::string_view in, std::string& out);
bool parity_zero_7bit(std::string_view in, std::string& out);

}  // namespace rampart::transforms
