// @ipMatch: the value is an IPv4/IPv6 address inside one of the listed addresses or networks.
// A value that is not an address does not match.
// Parameter: comma-separated addresses and CIDR networks. Example:
//   SecRule REMOTE_ADDR "@ipMatch 127.0.0.1,::1,10.0.0.0/8,2001:db8::/32" "id:1"
// Message: IPmatch: "<value>" matched at <var>.
#include "operators/all.h"
#include "operators/ip_set.h"

namespace rampart::operators {

namespace {

class IpMatch final : public Operator {
 public:
  explicit IpMatch(IpSet set) : set_(std::move(set)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    if (!set_.contains(value)) return false;
    st.message = "IPmatch: \"";
    st.message.append(value).append("\" matched at ").append(st.var_name()).append(".");
    return true;
  }

 private:
  IpSet set_;
};

}  // namespace

std::unique_ptr<Operator> make_ip_match(const OperatorArgs& args, std::string& error) {
  IpSet set;
  std::string_view rest = args.param;
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string_view entry = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (entry.find_first_not_of(" \t") == std::string_view::npos) continue;  // ",," as in v2
    if (!set.add(entry)) {
      error = "Could not add entry \"" + std::string(entry) +
              "\" from: " + std::string(args.param) +
              ". Expected IPv4/IPv6 addresses or CIDR networks separated by commas, e.g. "
              "192.168.1.0/24,::1";
      return nullptr;
    }
  }
  if (set.empty()) {
    error =
        "Missing parameter for operator 'ipMatch': give addresses or networks, e.g. "
        "192.168.1.0/24,::1";
    return nullptr;
  }
  set.finish();
  return std::make_unique<IpMatch>(std::move(set));
}

}  // namespace rampart::operators
