// Parse functions of the built-in actions, one per action, listed in registry.cc.
#pragma once

#include "actions/action_def.h"

namespace rampart::actions {

#define RAMPART_ACTION(fn) std::optional<std::string> fn(ParseContext& ctx, std::string_view v);
RAMPART_ACTION(parse_id)
RAMPART_ACTION(parse_phase)
RAMPART_ACTION(parse_msg)
RAMPART_ACTION(parse_logdata)
RAMPART_ACTION(parse_severity)
RAMPART_ACTION(parse_tag)
RAMPART_ACTION(parse_rev)
RAMPART_ACTION(parse_ver)
RAMPART_ACTION(parse_maturity)
RAMPART_ACTION(parse_accuracy)
RAMPART_ACTION(parse_pass)
RAMPART_ACTION(parse_deny)
RAMPART_ACTION(parse_block)
RAMPART_ACTION(parse_drop)
RAMPART_ACTION(parse_redirect)
RAMPART_ACTION(parse_allow)
RAMPART_ACTION(parse_status)
RAMPART_ACTION(parse_chain)
RAMPART_ACTION(parse_skip)
RAMPART_ACTION(parse_skip_after)
RAMPART_ACTION(parse_log)
RAMPART_ACTION(parse_nolog)
RAMPART_ACTION(parse_auditlog)
RAMPART_ACTION(parse_noauditlog)
RAMPART_ACTION(parse_capture)
RAMPART_ACTION(parse_multi_match)
RAMPART_ACTION(parse_t)
RAMPART_ACTION(parse_setvar)
RAMPART_ACTION(parse_initcol)
RAMPART_ACTION(parse_setsid)
RAMPART_ACTION(parse_setuid)
RAMPART_ACTION(parse_expirevar)
RAMPART_ACTION(parse_deprecatevar)
RAMPART_ACTION(parse_ctl)
RAMPART_ACTION(parse_sanitise_arg)
RAMPART_ACTION(parse_sanitise_matched)
RAMPART_ACTION(parse_sanitise_matched_bytes)
RAMPART_ACTION(parse_sanitise_request_header)
RAMPART_ACTION(parse_sanitise_response_header)
RAMPART_ACTION(parse_prepend)
RAMPART_ACTION(parse_append)
RAMPART_ACTION(parse_xmlns)   // xmlns.cc
RAMPART_ACTION(parse_setrsc)  // initcol.cc
RAMPART_ACTION(parse_setenv)  // setenv.cc
RAMPART_ACTION(parse_exec)    // exec.cc
RAMPART_ACTION(parse_pause)   // pause.cc
RAMPART_ACTION(parse_proxy)   // proxy.cc
#undef RAMPART_ACTION

std::string_view severity_name(int severity);  // "CRITICAL" for 2; empty when out of range

}  // namespace rampart::actions
