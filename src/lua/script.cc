// The Lua side of SecRuleScript (see script.h): compiling, the `m` API and running main().
#include "lua/script.h"

#include <lua.hpp>

#include <fstream>
#include <sstream>

#include "actions/builtin.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"
#include "transforms/transform.h"
#include "variables/select.h"
#include "variables/variable.h"

namespace rampart::lua {

namespace {

constexpr int kInstructionBudget = 10'000'000;
constexpr int kHookEvery = 10'000;

int dump_writer(lua_State*, const void* p, size_t n, void* out) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(p), n);
  return 0;
}

TransactionState& tx_of(lua_State* L) {
  return *static_cast<TransactionState*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// Lua reports errors with longjmp, which must not cross C++ frames that own objects. So each
// API function does its work in an *_impl that pushes its results, or an error message and
// returns false; only then, with every C++ object gone, does the wrapper raise the error.
bool fail(lua_State* L, const std::string& message) {
  lua_pushlstring(L, message.data(), message.size());
  return false;
}

std::string arg_string(lua_State* L, int idx) {
  size_t n = 0;
  const char* s = lua_isstring(L, idx) ? lua_tolstring(L, idx, &n) : nullptr;
  return s ? std::string(s, n) : std::string();
}

// The transformation names given as a string or a table of strings.
bool tfns_arg(lua_State* L, int idx, std::vector<const transforms::TransformDef*>& out,
              std::string& error) {
  auto add = [&](const std::string& name) {
    if (name.empty() || iequals(name, "none")) return true;
    const transforms::TransformDef* t = transforms::find(name);
    if (t == nullptr) {
      error = "unknown transformation '" + name + "'";
      return false;
    }
    out.push_back(t);
    return true;
  };
  if (lua_isstring(L, idx)) return add(arg_string(L, idx));
  if (lua_istable(L, idx)) {
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, idx));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, idx, i);
      std::string name = arg_string(L, -1);
      lua_pop(L, 1);
      if (!add(name)) return false;
    }
  }
  return true;
}

std::string transform(const TransactionState& tx,
                      const std::vector<const transforms::TransformDef*>& tfns,
                      std::string_view value) {
  std::string current(value), next;
  transforms::TransformContext ctx{tx.settings().unicode_map.get()};
  for (const auto* t : tfns) {
    next.clear();
    if (transforms::apply(*t, current, next, ctx)) current.swap(next);
  }
  return current;
}

// "ARGS.name" -> ("ARGS", "name"); "REQUEST_URI" -> ("REQUEST_URI", "").
std::pair<std::string, std::string> split_name(std::string_view name) {
  size_t dot = name.find_first_of(".:");
  if (dot == std::string_view::npos) return {std::string(name), ""};
  return {std::string(name.substr(0, dot)), std::string(name.substr(dot + 1))};
}

bool getvar_impl(lua_State* L) {
  TransactionState& tx = tx_of(L);
  std::string name = arg_string(L, 1);
  if (name.empty()) return fail(L, "m.getvar needs a variable name such as \"ARGS.id\"");
  auto [var, key] = split_name(name);
  std::vector<const transforms::TransformDef*> tfns;
  std::string error;
  if (!tfns_arg(L, 2, tfns, error)) return fail(L, "m.getvar: " + error);
  std::optional<std::string> v = variables::first_value(tx, var, key);
  if (!v) {
    lua_pushnil(L);
    return true;
  }
  std::string out = transform(tx, tfns, *v);
  lua_pushlstring(L, out.data(), out.size());
  return true;
}

bool getvars_impl(lua_State* L) {
  TransactionState& tx = tx_of(L);
  std::string name = arg_string(L, 1);
  if (name.empty()) return fail(L, "m.getvars needs a variable name such as \"ARGS\"");
  auto [var, key] = split_name(name);
  std::vector<const transforms::TransformDef*> tfns;
  std::string error;
  if (!tfns_arg(L, 2, tfns, error)) return fail(L, "m.getvars: " + error);
  lua_newtable(L);
  const variables::VariableDef* def = variables::find(var);
  if (def == nullptr) return true;
  std::vector<variables::Field> fields;
  def->collect(tx, fields);
  lua_Integer n = 0;
  for (const variables::Field& f : fields) {
    if (!key.empty() && !iequals(f.key, key)) continue;
    std::string field_name(def->name);
    if (def->collection && !f.key.empty()) field_name.append(":").append(f.key);
    std::string value = transform(tx, tfns, f.value);
    lua_newtable(L);
    lua_pushlstring(L, field_name.data(), field_name.size());
    lua_setfield(L, -2, "name");
    lua_pushlstring(L, value.data(), value.size());
    lua_setfield(L, -2, "value");
    lua_rawseti(L, -2, ++n);
  }
  return true;
}

// As in v2, m.setvar runs the setvar action: "!ip.name" deletes, a value starting with + or -
// adds or subtracts, macros in the value are expanded, and IP/SESSION/... must have been
// initialised (initcol, setsid, setuid) or the call is skipped with a debug message. A nil value
// deletes as well (a Rampart convenience).
bool setvar_impl(lua_State* L) {
  TransactionState& tx = tx_of(L);
  std::string name = arg_string(L, 1);
  if (name.find('.') == std::string::npos)
    return fail(L, "m.setvar: name a collection and a variable, such as tx.score or ip.hits; got '" +
                       name + "'");
  std::string spec = name;
  if (name.front() != '!') {
    if (lua_isnoneornil(L, 2)) {
      spec = "!" + name;
    } else if (lua_isstring(L, 2)) {  // numbers too
      spec.append("=").append(arg_string(L, 2));
    } else {
      return fail(L, "m.setvar: the value must be a string or a number");
    }
  }
  ActionSet set;
  actions::ParseContext ctx{set, {}};
  if (auto error = actions::parse_setvar(ctx, spec)) return fail(L, "m.setvar: " + *error);
  if (tx.current_rule == nullptr) return fail(L, "m.setvar: called outside a rule");
  for (const auto& action : set.actions) action->execute(tx, *tx.current_rule);
  return true;
}

bool log_impl(lua_State* L) {
  TransactionState& tx = tx_of(L);
  int level = static_cast<int>(lua_tointeger(L, 1));
  if (level < 1) level = 1;
  if (level > 9) level = 9;
  if (tx.debug_enabled(level)) tx.debug(level, "Lua: " + arg_string(L, 2));
  return true;
}

int m_getvar(lua_State* L) {
  return getvar_impl(L) ? 1 : lua_error(L);
}
int m_getvars(lua_State* L) {
  return getvars_impl(L) ? 1 : lua_error(L);
}
int m_setvar(lua_State* L) {
  return setvar_impl(L) ? 0 : lua_error(L);
}
int m_log(lua_State* L) {
  return log_impl(L) ? 0 : lua_error(L);
}

void budget_hook(lua_State* L, lua_Debug*) {
  int* left = static_cast<int*>(lua_getextraspace(L));
  *left -= kHookEvery;
  if (*left <= 0) luaL_error(L, "the script ran past %d instructions", kInstructionBudget);
}

}  // namespace

std::unique_ptr<Script> Script::load(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read the Lua script '" + path + "' (check the path and permissions)";
    return nullptr;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string source = ss.str();
  std::unique_ptr<lua_State, StateCloser> L(luaL_newstate());
  if (!L) {
    error = "cannot start Lua (out of memory)";
    return nullptr;
  }
  std::string chunk = "@" + path;
  if (luaL_loadbufferx(L.get(), source.data(), source.size(), chunk.c_str(), "t") != LUA_OK) {
    error = std::string("Lua: ") + lua_tostring(L.get(), -1);
    return nullptr;
  }
  auto script = std::make_unique<Script>();
  script->path_ = path;
  lua_dump(L.get(), dump_writer, &script->bytecode_, 0);
  return script;
}

Script::Outcome Script::call_main(TransactionState& tx, const std::string_view* argument) const {
  Outcome out;
  out.state.reset(luaL_newstate());
  lua_State* L = out.state.get();
  if (L == nullptr) return out;
  // The safe libraries only: no os, package or debug, and io only for approvers (below).
  luaL_requiref(L, "_G", luaopen_base, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  // An @inspectFile approver must read the file it judges. It adds no power: the same operator
  // runs any executable program the configuration names.
  if (argument != nullptr) luaL_requiref(L, LUA_IOLIBNAME, luaopen_io, 1);
  lua_settop(L, 0);
  for (const char* unsafe : {"dofile", "loadfile", "load", "require"}) {
    lua_pushnil(L);
    lua_setglobal(L, unsafe);
  }
  static const luaL_Reg kApi[] = {{"getvar", m_getvar},
                                  {"getvars", m_getvars},
                                  {"setvar", m_setvar},
                                  {"log", m_log},
                                  {nullptr, nullptr}};
  lua_newtable(L);
  lua_pushlightuserdata(L, &tx);
  luaL_setfuncs(L, kApi, 1);
  lua_setglobal(L, "m");
  *static_cast<int*>(lua_getextraspace(L)) = kInstructionBudget;
  lua_sethook(L, budget_hook, LUA_MASKCOUNT, kHookEvery);

  auto fail = [&](const char* what) {
    std::string msg = lua_isstring(L, -1) ? lua_tostring(L, -1) : "unknown error";
    tx.log->alert("ModSecurity: Lua script " + path_ + ": " + what + ": " + msg + " [unique_id \"" +
                  tx.unique_id + "\"]");
    return std::move(out);
  };
  if (luaL_loadbufferx(L, bytecode_.data(), bytecode_.size(), ("@" + path_).c_str(), "b") != LUA_OK)
    return fail("cannot load");
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) return fail("error");
  if (lua_getglobal(L, "main") != LUA_TFUNCTION) {
    lua_pushstring(L, "the script defines no main() function");
    return fail("error");
  }
  int args = 0;
  if (argument != nullptr) {
    lua_pushlstring(L, argument->data(), argument->size());
    args = 1;
  }
  if (lua_pcall(L, args, 1, 0) != LUA_OK) return fail("error in main()");
  out.returned = true;
  return out;
}

std::optional<std::string> Script::run(TransactionState& tx) const {
  Outcome out = call_main(tx, nullptr);
  if (!out.returned) return std::nullopt;
  lua_State* L = out.state.get();
  if (lua_isnoneornil(L, -1) || (lua_isboolean(L, -1) && !lua_toboolean(L, -1)))
    return std::nullopt;
  size_t n = 0;
  const char* msg = luaL_tolstring(L, -1, &n);
  return std::string(msg, n);
}

std::optional<std::string> Script::run_approver(TransactionState& tx,
                                                std::string_view filename) const {
  Outcome out = call_main(tx, &filename);
  if (!out.returned) return std::nullopt;
  lua_State* L = out.state.get();
  // As v2: only what reads as a string (a string or a number) rejects the file.
  if (!lua_isstring(L, -1)) return std::nullopt;
  size_t n = 0;
  const char* msg = lua_tolstring(L, -1, &n);
  return std::string(msg, n);
}

void Script::StateCloser::operator()(lua_State* L) const {
  lua_close(L);
}

}  // namespace rampart::lua
