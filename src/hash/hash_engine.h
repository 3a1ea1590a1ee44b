// SecHashEngine's signed links (ModSecurity v2's "HMAC token protection"): the links a page
// gives out are signed with an HMAC in one query parameter (SecHashParam), and @validateHash
// rejects a request to a protected URL whose signature is missing or wrong. So a client can only
// request URLs the application itself linked to, with the parameters it gave.
//
// Signed text: the link as an absolute path with its query ("/shop/item.php?id=3"), without the
// fragment. Key: SecHashKey's text, plus the session id (SessionID) or client address (RemoteIP).
// MAC: HMAC-SHA1, 40 lowercase hex digits, appended as `?PARAM=MAC` or `&PARAM=MAC`.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/regex.h"

namespace rampart {

struct TransactionState;

// SecHashMethodRx / SecHashMethodPm: which links of which kind to sign.
struct HashMethod {
  enum class Kind { kHref, kFormAction, kIframeSrc, kFrameSrc, kLocation };
  Kind kind;
  std::shared_ptr<const Regex> regex;  // SecHashMethodRx
  std::vector<std::string> phrases;    // SecHashMethodPm, lower case, any one matches
  bool selects(std::string_view url, RegexScratch& scratch) const;
};

namespace hash {

enum class KeyMode { kKeyOnly, kSessionId, kRemoteIp };

// HMAC-SHA1 (RFC 2104) of `message`, as 40 lowercase hex digits.
std::string hmac_sha1_hex(std::string_view key, std::string_view message);

// The MAC of `path_and_query` for this transaction's key.
std::string sign(const TransactionState& tx, std::string_view path_and_query);

// `link` as an absolute path (resolved against the request's path; "." and ".." removed), or
// empty when it is not ours to sign: another host, another scheme, a fragment or script link.
std::string absolute_path(const TransactionState& tx, std::string_view link);

// The signed form of `link` (as written: `&amp;` kept, fragment kept after the MAC) when a method
// of `kind` selects it and it is ours to sign; empty to leave it alone.
std::string signed_link(const TransactionState& tx, HashMethod::Kind kind, std::string_view link);

// HashLocation: the response's Location header with its MAC, or empty to leave it alone.
std::string signed_location(const TransactionState& tx);

// The response body with every selected link in a, form, iframe and frame tags signed.
// False when no link was changed.
bool sign_links(const TransactionState& tx, std::string_view html, std::string& out);

// After phase 4 with SecHashEngine On: the response body with its links signed becomes what the
// client gets (a body past SecResponseBodyLimit is left alone).
void sign_response(TransactionState& tx);

}  // namespace hash
}  // namespace rampart
