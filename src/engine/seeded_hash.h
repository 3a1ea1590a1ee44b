// A fast hash of byte strings for per-transaction tables whose keys come from the request (the
// transformation cache). It is keyed with two random words chosen once per process, so that a
// client cannot compute in advance a set of values that all collide and turn each lookup into a
// scan; std::hash has a fixed seed. Each 16 bytes cost one 64x64->128-bit multiplication whose
// halves are folded together, about three times fewer instructions than std::hash on the short
// values of most requests. Not a cryptographic hash: the keys must stay secret, nothing more.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>
#include <string_view>

namespace rampart {

class SeededHash {
 public:
  SeededHash() : key_(process_key()) {}

  uint64_t operator()(std::string_view s) const {
    const char* p = s.data();
    const size_t n = s.size();
    uint64_t h = key_.a ^ n;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) h = fold(load64(p + i) ^ h, load64(p + i + 8) ^ key_.b);
    // The last 0-15 bytes as two words that between them hold every byte (they may overlap;
    // the length, mixed in above, tells such inputs apart).
    const size_t rest = n - i;
    uint64_t x = 0, y = 0;
    if (rest >= 8) {
      x = load64(p + i);
      y = load64(p + n - 8);
    } else if (rest >= 4) {
      x = load32(p + i);
      y = load32(p + n - 4);
    } else if (rest > 0) {
      x = static_cast<uint64_t>(byte(p[i])) << 16 |
          static_cast<uint64_t>(byte(p[i + rest / 2])) << 8 | byte(p[n - 1]);
    }
    return fold(fold(x ^ h, y ^ key_.b), key_.a ^ n);
  }

 private:
  struct Key {
    uint64_t a, b;
  };

  // Random, and the same for every table of the process (it is read-only once made).
  static Key process_key() {
    static const Key key = [] {
      std::random_device rd;
      auto word = [&rd] { return static_cast<uint64_t>(rd()) << 32 | rd(); };
      // Odd, so that a multiplication by it never loses the low bits.
      return Key{word() | 1, word() | 1};
    }();
    return key;
  }

  // The 128-bit product of a and b, its two halves xor-ed: every input bit reaches many output
  // bits. The keys in both operands keep a chosen input from zeroing the product.
  static uint64_t fold(uint64_t a, uint64_t b) {
    unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
    return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
  }
  static uint64_t load64(const char* p) {
    uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static uint64_t load32(const char* p) {
    uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static uint64_t byte(char c) { return static_cast<unsigned char>(c); }

  Key key_;
};

}  // namespace rampart
