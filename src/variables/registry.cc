#include "engine/collection.h"
#include "variables/families.h"
#include "variables/persistent.h"

namespace rampart::variables {

namespace {

constexpr VariableDef kVariables[] = {
    {"ARGS", true, args, args_lookup},
    {"ARGS_GET", true, args_get},
    {"ARGS_POST", true, args_post},
    {"ARGS_NAMES", true, args_names},
    {"ARGS_GET_NAMES", true, args_get_names},
    {"ARGS_POST_NAMES", true, args_post_names},
    {"ARGS_COMBINED_SIZE", false, args_combined_size},
    {"QUERY_STRING", false, query_string},
    {"REQUEST_URI", false, request_uri},
    {"REQUEST_URI_RAW", false, request_uri_raw},
    {"REQUEST_LINE", false, request_line},
    {"REQUEST_METHOD", false, request_method},
    {"REQUEST_PROTOCOL", false, request_protocol},
    {"REQUEST_FILENAME", false, request_filename},
    {"REQUEST_BASENAME", false, request_basename},
    {"REQUEST_HEADERS", true, request_headers, request_headers_lookup},
    {"REQUEST_HEADERS_NAMES", true, request_headers_names},
    {"REQUEST_COOKIES", true, request_cookies},
    {"REQUEST_COOKIES_NAMES", true, request_cookies_names},
    {"REQUEST_BODY", false, request_body},
    {"REQUEST_BODY_LENGTH", false, request_body_length},
    {"REMOTE_ADDR", false, remote_addr},
    {"REMOTE_PORT", false, remote_port},
    {"SERVER_NAME", false, server_name},
    {"SERVER_ADDR", false, server_addr},
    {"SERVER_PORT", false, server_port},
    {"RESPONSE_STATUS", false, response_status},
    {"RESPONSE_PROTOCOL", false, response_protocol},
    {"RESPONSE_HEADERS", true, response_headers, response_headers_lookup},
    {"RESPONSE_HEADERS_NAMES", true, response_headers_names},
    {"RESPONSE_BODY", false, response_body},
    {"TX", true, tx_collection, tx_lookup},
    {"IP", true, ip_collection, ip_lookup},
    {"GLOBAL", true, global_collection, global_lookup},
    {"RESOURCE", true, resource_collection, resource_lookup},
    {"SESSION", true, session_collection, session_lookup},
    {"USER", true, user_collection, user_lookup},
    {"SESSIONID", false, session_id},
    {"USERID", false, user_id},
    {"WEBAPPID", false, web_app_id},
    {"MATCHED_VAR", false, matched_var},
    {"MATCHED_VAR_NAME", false, matched_var_name},
    {"MATCHED_VARS", true, matched_vars, nullptr, true},
    {"MATCHED_VARS_NAMES", true, matched_vars_names, nullptr, true},
    {"UNIQUE_ID", false, unique_id},
    {"TIME", false, time_full},
    {"TIME_DAY", false, time_day},
    {"TIME_EPOCH", false, time_epoch},
    {"TIME_HOUR", false, time_hour},
    {"TIME_MIN", false, time_min},
    {"TIME_MON", false, time_mon},
    {"TIME_SEC", false, time_sec},
    {"TIME_WDAY", false, time_wday},
    {"TIME_YEAR", false, time_year},
    {"DURATION", false, duration},
    {"HIGHEST_SEVERITY", false, highest_severity},
    {"REQBODY_ERROR", false, reqbody_error},
    {"REQBODY_ERROR_MSG", false, reqbody_error_msg},
    {"REQBODY_PROCESSOR", false, reqbody_processor},
    {"ENV", true, env},
    {"XML", true, xml},
};

}  // namespace

const VariableDef* find(std::string_view name) {
  for (const VariableDef& d : kVariables)
    if (iequals(d.name, name)) return &d;
  return nullptr;
}

std::span<const VariableDef> all() { return kVariables; }

}  // namespace rampart::variables
