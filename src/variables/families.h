// Collect/lookup functions of the built-in variables, one family per file, listed in registry.cc.
#pragma once

#include "engine/transaction_state.h"
#include "variables/variable.h"

namespace rampart::variables {

#define RAMPART_COLLECT(fn) void fn(const TransactionState& tx, std::vector<Field>& out);
#define RAMPART_LOOKUP(fn) \
  void fn(const TransactionState& tx, std::string_view key, std::vector<Field>& out);

// request.cc
RAMPART_COLLECT(request_uri)
RAMPART_COLLECT(request_uri_raw)
RAMPART_COLLECT(request_line)
RAMPART_COLLECT(request_method)
RAMPART_COLLECT(request_protocol)
RAMPART_COLLECT(request_filename)
RAMPART_COLLECT(request_basename)
RAMPART_COLLECT(query_string)
RAMPART_COLLECT(request_body)
RAMPART_COLLECT(request_body_length)
RAMPART_COLLECT(remote_addr)
RAMPART_COLLECT(remote_port)
RAMPART_COLLECT(server_name)
RAMPART_COLLECT(server_addr)
RAMPART_COLLECT(server_port)
RAMPART_COLLECT(unique_id)
RAMPART_COLLECT(reqbody_error)
RAMPART_COLLECT(reqbody_error_msg)
RAMPART_COLLECT(reqbody_processor)
// args.cc
RAMPART_COLLECT(args)
RAMPART_LOOKUP(args_lookup)
RAMPART_COLLECT(args_get)
RAMPART_COLLECT(args_post)
RAMPART_COLLECT(args_names)
RAMPART_COLLECT(args_get_names)
RAMPART_COLLECT(args_post_names)
RAMPART_COLLECT(args_combined_size)
// headers.cc
RAMPART_COLLECT(request_headers)
RAMPART_LOOKUP(request_headers_lookup)
RAMPART_COLLECT(request_headers_names)
RAMPART_COLLECT(request_cookies)
RAMPART_COLLECT(request_cookies_names)
RAMPART_COLLECT(response_headers)
RAMPART_LOOKUP(response_headers_lookup)
RAMPART_COLLECT(response_headers_names)
// response.cc
RAMPART_COLLECT(response_status)
RAMPART_COLLECT(response_protocol)
RAMPART_COLLECT(response_body)
// engine_state.cc
RAMPART_COLLECT(tx_collection)
RAMPART_LOOKUP(tx_lookup)
RAMPART_COLLECT(matched_var)
RAMPART_COLLECT(matched_var_name)
RAMPART_COLLECT(matched_vars)
RAMPART_COLLECT(matched_vars_names)
RAMPART_COLLECT(highest_severity)
RAMPART_COLLECT(env)
RAMPART_COLLECT(xml)
// time.cc
RAMPART_COLLECT(time_full)
RAMPART_COLLECT(time_day)
RAMPART_COLLECT(time_epoch)
RAMPART_COLLECT(time_hour)
RAMPART_COLLECT(time_min)
RAMPART_COLLECT(time_mon)
RAMPART_COLLECT(time_sec)
RAMPART_COLLECT(time_wday)
RAMPART_COLLECT(time_year)
RAMPART_COLLECT(duration)

#undef RAMPART_COLLECT
#undef RAMPART_LOOKUP

}  // namespace rampart::variables
