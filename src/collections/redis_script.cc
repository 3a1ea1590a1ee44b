#include "collections/redis_script.h"

namespace rampart::collections {

// atoi(): v2 arithmetic on a value that is not a number ("12abc" is 12, "abc" 0). Numbers are
// Lua doubles: exact up to 2^53, far beyond any counter. An expired variable (expirevar's
// __expire_<name> deadline passed) is dropped before the changes, as drop_expired_vars() does.
const std::string_view kApplyScript = R"lua(
local now = tonumber(ARGV[1])
local default_timeout = tonumber(ARGV[2])
local function atoi(v)
  if not v then return 0 end
  local n = string.match(v, '^%s*([+-]?%d+)')
  return n and tonumber(n) or 0
end
local function text(n) return string.format('%.0f', n) end
local a = 3
for _, key in ipairs(KEYS) do
  local changes = tonumber(ARGV[a])
  if redis.call('EXISTS', key) == 0 then
    redis.call('HSET', key, 'KEY', ARGV[a + 1], 'TIMEOUT', ARGV[a + 2],
               'CREATE_TIME', ARGV[a + 3], 'UPDATE_COUNTER', '0')
  else
    local fields = redis.call('HGETALL', key)
    for i = 1, #fields, 2 do
      local f = fields[i]
      if #f > 9 and string.sub(f, 1, 9) == '__expire_' and atoi(fields[i + 1]) < now then
        redis.call('HDEL', key, f, string.sub(f, 10))
      end
    end
  end
  a = a + 4
  for _ = 1, changes do
    local kind, name, value = ARGV[a], ARGV[a + 1], ARGV[a + 2]
    a = a + 3
    if kind == 's' then
      redis.call('HSET', key, name, value)
    elseif kind == 'd' then
      redis.call('HSET', key, name, text(atoi(redis.call('HGET', key, name)) + tonumber(value)))
    else
      redis.call('HDEL', key, name)
    end
  end
  redis.call('HDEL', key, 'IS_NEW')
  redis.call('HSET', key, 'LAST_UPDATE_TIME', ARGV[1], 'UPDATE_COUNTER',
             text(atoi(redis.call('HGET', key, 'UPDATE_COUNTER')) + 1))
  local timeout = atoi(redis.call('HGET', key, 'TIMEOUT'))
  if timeout <= 0 then timeout = default_timeout end
  redis.call('EXPIRE', key, timeout)
end
return #KEYS
)lua";

}  // namespace rampart::collections
