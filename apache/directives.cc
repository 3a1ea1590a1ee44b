// The directive table: one RAW_ARGS entry per name the engine knows, all handled by the engine's
// Config::apply with the directive's file and line, so an error reads "file:line: message" and
// httpd refuses the configuration.
#include <exception>
#include <string>
#include <vector>

#include "apr_strings.h"
#include "glue.h"

extern "C" module AP_MODULE_DECLARE_DATA core_module;

namespace rampart::apache {
namespace {

const char* apply_directive(cmd_parms* cmd, void* mconfig, const char* args) {
  auto* config = static_cast<Config*>(mconfig);
  if (config == nullptr) return "rampart: no configuration context (out of memory at startup?)";
  SourceLocation where;
  if (cmd->directive) {
    where.file = cmd->directive->filename ? cmd->directive->filename : "";
    where.line = cmd->directive->line_num;
  }
  try {
    size_t warned = config->warnings().size();
    auto err = config->apply(cmd->cmd->name, args ? args : "", where);
    // Deprecated directives and the like: "file:line: warning: …" at startup, httpd goes on.
    for (size_t i = warned; i < config->warnings().size(); ++i)
      ap_log_error(APLOG_MARK, APLOG_WARNING, 0, cmd->server, "%s",
                   config->warnings()[i].to_string().c_str());
    if (!err) return nullptr;
    return apr_pstrdup(cmd->pool, err->to_string().c_str());
  } catch (const std::exception& e) {
    return apr_psprintf(cmd->pool, "%s:%d: %s: internal error: %s", where.file.c_str(), where.line,
                        cmd->cmd->name, e.what());
  } catch (...) {
    return apr_psprintf(cmd->pool, "%s:%d: %s: internal error", where.file.c_str(), where.line,
                        cmd->cmd->name);
  }
}

// The names (NUL-terminated copies) and the table that points at them. Filled once at dlopen:
// mod_so hashes module->cmds in ap_add_module right after loading the .so, before any hook runs.
std::vector<std::string>& names() {
  static std::vector<std::string> v;
  return v;
}
std::vector<command_rec>& table() {
  static std::vector<command_rec> v;
  return v;
}

}  // namespace

const command_rec* build_command_table() {
  if (!table().empty()) return table().data();
  for (std::string_view n : Config::directive_names()) {
    std::string name(n);
    // A name core already handles (Include) stays core's: httpd would otherwise pick ours.
    if (ap_find_command(name.c_str(), core_module.cmds) != nullptr) continue;
    names().push_back(std::move(name));
  }
  for (const std::string& n : names()) {
    command_rec c{};
    c.name = n.c_str();
#ifdef AP_HAVE_DESIGNATED_INITIALIZER
    c.func.raw_args = &apply_directive;
#else
    // C++ sees cmd_func as an untyped pointer; void(*)() is the blessed intermediate type.
    c.func = reinterpret_cast<cmd_func>(reinterpret_cast<void (*)()>(&apply_directive));
#endif
    c.cmd_data = nullptr;
    c.req_override = RSRC_CONF | ACCESS_CONF;
    c.args_how = RAW_ARGS;
    c.errmsg = "a ModSecurity v2 directive (see Rampart's documentation)";
    table().push_back(c);
  }
  table().push_back(command_rec{});  // the terminator httpd looks for
  return table().data();
}

}  // namespace rampart::apache
