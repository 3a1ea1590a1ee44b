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
RAMPART_COLLECT(stream_input_body)
RAMPART_COLLECT(inbound_data_error)
RAMPART_COLLECT(urlencoded_error)
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
ParamLists args_params(const TransactionState& tx);
ParamLists args_get_params(const TransactionState& tx);
ParamLists args_post_params(const TransactionState& tx);
ParamLists args_names_params(const TransactionState& tx);
ParamLists args_get_names_params(const TransactionState& tx);
ParamLists args_post_names_params(const TransactionState& tx);
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
RAMPART_COLLECT(response_content_type)
RAMPART_COLLECT(response_content_length)
RAMPART_COLLECT(stream_output_body)
// multipart.cc
RAMPART_COLLECT(files)
RAMPART_COLLECT(files_names)
RAMPART_COLLECT(files_sizes)
RAMPART_COLLECT(files_tmpnames)
RAMPART_COLLECT(files_tmp_content)
RAMPART_COLLECT(files_combined_size)
RAMPART_COLLECT(multipart_part_headers)
RAMPART_COLLECT(multipart_name)
RAMPART_COLLECT(multipart_filename)
RAMPART_COLLECT(multipart_strict_error)
RAMPART_COLLECT(multipart_boundary_quoted)
RAMPART_COLLECT(multipart_boundary_whitespace)
RAMPART_COLLECT(multipart_data_before)
RAMPART_COLLECT(multipart_data_after)
RAMPART_COLLECT(multipart_header_folding)
RAMPART_COLLECT(multipart_invalid_header_folding)
RAMPART_COLLECT(multipart_lf_line)
RAMPART_COLLECT(multipart_crlf_line)
RAMPART_COLLECT(multipart_crlf_lf_lines)
RAMPART_COLLECT(multipart_missing_semicolon)
RAMPART_COLLECT(multipart_invalid_quoting)
RAMPART_COLLECT(multipart_invalid_part)
RAMPART_COLLECT(multipart_file_limit_exceeded)
RAMPART_COLLECT(multipart_unmatched_boundary)
// engine_state.cc
RAMPART_COLLECT(tx_collection)
RAMPART_COLLECT(tx_collection_views)
RAMPART_LOOKUP(tx_lookup)
std::shared_ptr<const void> tx_compile(std::string_view key, std::string& error);
void tx_lookup_compiled(const TransactionState& tx, std::string_view key, const void* compiled,
                        std::vector<Field>& out);
RAMPART_COLLECT(matched_var)
RAMPART_COLLECT(matched_var_name)
RAMPART_COLLECT(matched_vars)
RAMPART_COLLECT(matched_vars_names)
RAMPART_COLLECT(highest_severity)
RAMPART_COLLECT(env)
// geo.cc
RAMPART_COLLECT(geo_collection)
RAMPART_LOOKUP(geo_lookup)
// xml.cc
RAMPART_COLLECT(xml)
RAMPART_LOOKUP(xml_lookup)
std::shared_ptr<const void> xml_compile(std::string_view key, std::string& error);
void xml_lookup_compiled(const TransactionState& tx, std::string_view key, const void* compiled,
                         std::vector<Field>& out);
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

// server.cc
RAMPART_COLLECT(auth_type)
RAMPART_COLLECT(remote_user)
RAMPART_COLLECT(remote_host)
RAMPART_COLLECT(path_info)
RAMPART_COLLECT(useragent_ip)
RAMPART_COLLECT(script_filename)
RAMPART_COLLECT(script_basename)
RAMPART_COLLECT(script_uid)
RAMPART_COLLECT(script_gid)
RAMPART_COLLECT(script_username)
RAMPART_COLLECT(script_groupname)
RAMPART_COLLECT(script_mode)
// transaction_info.cc
RAMPART_COLLECT(full_request)
RAMPART_COLLECT(full_request_length)
RAMPART_COLLECT(status_line)
RAMPART_COLLECT(outbound_data_error)
RAMPART_COLLECT(rule_collection)
RAMPART_COLLECT(modsec_build)
RAMPART_COLLECT(sdbm_delete_error)
RAMPART_COLLECT(webserver_error_log)
// perf.cc
RAMPART_COLLECT(perf_phase1)
RAMPART_COLLECT(perf_phase2)
RAMPART_COLLECT(perf_phase3)
RAMPART_COLLECT(perf_phase4)
RAMPART_COLLECT(perf_phase5)
RAMPART_COLLECT(perf_combined)
RAMPART_COLLECT(perf_zero)
RAMPART_COLLECT(perf_all)
RAMPART_COLLECT(perf_rules)

#undef RAMPART_COLLECT
#undef RAMPART_LOOKUP

}  // namespace rampart::variables
