// @rbl: looks the value up in a DNS block list. An IPv4 address is reversed (192.0.2.1 ->
// 1.2.0.192.<zone>), anything else is taken as a host name (example.com.<zone>, for URI block
// lists). Matches when the name has an A record. For dnsbl.httpbl.org the SecHttpBlKey goes in
// front (<key>.1.2.0.192.dnsbl.httpbl.org) and the answer is decoded.
// Parameter: the zone. Example:
//   SecRule REMOTE_ADDR "@rbl sbl-xbl.spamhaus.org" "id:1,phase:1,deny"
// Message (v2's): RBL lookup of <queried name> succeeded at <var>.  Known lists add what the
// answer means:
//   spamhaus.org " (Static UBE sources)." …; uribl.com " (BLACK)." …;
//   httpbl.org ". Comment spammer IP: 3 days since last activity, threat score 25".
// Queries go to SecRblResolver (or resolv.conf's first nameserver) and give up after its timeout
// (1 s): a timeout is no match plus an error-log line, never a stuck request. Answers are cached
// per rule (lookups/dns_cache.h).
#include <arpa/inet.h>

#include "engine/transaction_state.h"
#include "log/alert.h"
#include "lookups/dns.h"
#include "lookups/dns_cache.h"
#include "lookups/report.h"
#include "operators/all.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

using lookups::DnsAnswer;

enum class List { kGeneric, kSpamhaus, kUribl, kHttpBl };

bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

std::string spamhaus_meaning(uint32_t last_octet) {
  switch (last_octet) {
    case 2:
    case 3:
      return " (Static UBE sources).";
    case 4:
    case 5:
    case 6:
    case 7:
      return " (Illegal 3rd party exploits).";
    case 10:
    case 11:
      return " (Delivering unauthenticated SMTP email).";
    default:
      return ".";
  }
}

std::string uribl_meaning(uint32_t last_octet) {
  switch (last_octet) {
    case 1:
      return " (WHITE).";
    case 2:
      return " (BLACK).";
    case 4:
      return " (GREY).";
    case 8:
      return " (RED).";
    case 14:
      return " (BLACK,GREY,RED).";
    case 255:
      return " (DNS IS BLOCKED).";
    default:
      return ".";
  }
}

// httpBL answers 127.<days since last seen>.<threat score>.<visitor type bits>.
std::string httpbl_visitor(uint32_t type) {
  switch (type) {
    case 0:
      return "Search Engine";
    case 1:
      return "Suspicious IP";
    case 2:
      return "Harvester IP";
    case 3:
      return "Suspicious harvester IP";
    case 4:
      return "Comment spammer IP";
    case 5:
      return "Suspicious comment spammer IP";
    case 6:
      return "Harvester and comment spammer IP";
    case 7:
      return "Suspicious harvester comment spammer IP";
    default:
      return "Unknown visitor type " + std::to_string(type);
  }
}

class Rbl final : public Operator {
 public:
  Rbl(std::string zone, List list) : zone_(std::move(zone)), list_(list) {
    default_.server = lookups::system_dns_server();  // read once, at load
  }

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    const TransactionState& tx = *st.tx;
    std::string name;
    if (!query_name(tx, value, name)) return false;
    const lookups::RblResolver& r =
        tx.settings().rbl_resolver ? *tx.settings().rbl_resolver : default_;
    DnsAnswer a = cache_.get(
        name, [&] { return lookups::query_a(r.server, name, r.timeout); },
        r.timeout + std::chrono::milliseconds(100));
    std::string what = "RBL lookup of " + log::escape(name) + " ";
    switch (a.status) {
      case DnsAnswer::Status::kFound:
        break;
      case DnsAnswer::Status::kNotFound:
        if (tx.debug_enabled(5))
          tx.debug(5, what + "failed at " + std::string(st.var_name()) + ".");
        return false;
      case DnsAnswer::Status::kTimeout:
        lookups::report_error(tx, what + "timed out after " + std::to_string(r.timeout.count()) +
                                      " ms (DNS server " + r.server.text +
                                      "); treated as not listed.");
        return false;
      case DnsAnswer::Status::kError:
        lookups::report_error(tx, what + "failed: " + a.error + "; treated as not listed.");
        return false;
    }
    std::string meaning;
    if (!interpret(a.ipv4, meaning)) {
      if (tx.debug_enabled(4))
        tx.debug(4, what + "failed: bad response (" + lookups::ipv4_text(a.ipv4) + ").");
      return false;
    }
    st.message = what + "succeeded at " + std::string(st.var_name()) + meaning;
    return true;
  }

 private:
  // The name to ask for; false (with a debug line) when the value cannot be looked up.
  bool query_name(const TransactionState& tx, std::string_view value, std::string& name) const {
    in_addr v4;
    std::string text(trim(value));
    if (text.find('\0') != std::string::npos) return false;  // never a valid address or name
    bool is_ipv4 = inet_pton(AF_INET, text.c_str(), &v4) == 1;
    if (is_ipv4) {
      uint32_t ip = ntohl(v4.s_addr);
      name = std::to_string(ip & 0xff) + "." + std::to_string((ip >> 8) & 0xff) + "." +
             std::to_string((ip >> 16) & 0xff) + "." + std::to_string(ip >> 24);
    } else {
      in6_addr v6;
      if (text.empty() || inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
        if (tx.debug_enabled(4))
          tx.debug(4, "RBL lookup of \"" + log::escape(value) +
                          "\" skipped: only IPv4 addresses and host names can be looked up.");
        return false;
      }
      name = text;
    }
    if (list_ == List::kHttpBl) {
      const std::optional<std::string>& key = tx.settings().httpbl_key;
      if (!key || !is_ipv4) {
        lookups::report_error(tx, key ? "RBL httpBl lookup needs an IPv4 address."
                                      : "RBL httpBl called but no key defined: set SecHttpBlKey.");
        return false;
      }
      name = *key + "." + name;
    }
    name += ".";
    name += zone_;
    return true;
  }

  bool interpret(uint32_t ip, std::string& meaning) const {
    uint32_t last = ip & 0xff;
    switch (list_) {
      case List::kSpamhaus:
        meaning = spamhaus_meaning(last);
        return true;
      case List::kUribl:
        meaning = uribl_meaning(last);
        return true;
      case List::kHttpBl:
        if ((ip >> 24) != 127) return false;  // httpBL's error answers
        meaning = ". " + httpbl_visitor(last) + ": " + std::to_string((ip >> 16) & 0xff) +
                  " days since last activity, threat score " + std::to_string((ip >> 8) & 0xff);
        return true;
      case List::kGeneric:
        meaning = ".";
        return true;
    }
    return true;
  }

  std::string zone_;
  List list_;
  lookups::RblResolver default_;
  mutable lookups::DnsCache cache_;
};

}  // namespace

std::unique_ptr<Operator> make_rbl(const OperatorArgs& args, std::string& error) {
  std::string zone(trim(args.param));
  while (zone.starts_with('.')) zone.erase(0, 1);
  if (args.param_has_macros) {
    error = "the zone cannot contain macros (the answer cache is per zone): write it out";
    return nullptr;
  }
  if (zone.empty() || zone.find_first_of(" \t") != std::string::npos) {
    error = "give one DNS block list zone, e.g. @rbl sbl-xbl.spamhaus.org";
    return nullptr;
  }
  List list = contains(zone, "httpbl.org")     ? List::kHttpBl
              : contains(zone, "uribl.com")    ? List::kUribl
              : contains(zone, "spamhaus.org") ? List::kSpamhaus
                                               : List::kGeneric;
  return std::make_unique<Rbl>(std::move(zone), list);
}

}  // namespace rampart::operators
