// MD5 and SHA-1 from their RFC descriptions. Both hash 64-byte blocks after the same padding
// (a 0x80 byte, zeros, then the bit length in 8 bytes); they differ in word byte order.
#include "transforms/digest.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace rampart::transforms::digest {
namespace {

constexpr uint32_t rotl(uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

uint32_t load_le(const unsigned char* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
uint32_t load_be(const unsigned char* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | uint32_t{p[3]};
}

// Feeds every 64-byte block of the padded message to `block`.
template <typename Block>
void for_each_block(std::string_view data, bool big_endian_length, Block block) {
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  size_t full = data.size() / 64;
  for (size_t i = 0; i < full; ++i) block(p + 64 * i);

  unsigned char tail[128] = {};
  size_t rest = data.size() - 64 * full;
  if (rest) std::memcpy(tail, p + 64 * full, rest);
  tail[rest] = 0x80;
  size_t tail_len = rest < 56 ? 64 : 128;
  uint64_t bits = uint64_t{data.size()} * 8;
  for (int k = 0; k < 8; ++k) {
    int shift = big_endian_length ? 56 - 8 * k : 8 * k;
    tail[tail_len - 8 + k] = static_cast<unsigned char>(bits >> shift);
  }
  for (size_t off = 0; off < tail_len; off += 64) block(tail + off);
}

// RFC 1321 3.4: T[i] = floor(2^32 * |sin(i + 1)|).
const std::array<uint32_t, 64>& md5_sines() {
  static const std::array<uint32_t, 64> table = [] {
    std::array<uint32_t, 64> t{};
    for (int i = 0; i < 64; ++i)
      t[i] = static_cast<uint32_t>(std::fabs(std::sin(i + 1.0)) * 4294967296.0);
    return t;
  }();
  return table;
}

}  // namespace

std::array<unsigned char, 16> md5(std::string_view data) {
  static constexpr int kShift[4][4] = {
      {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  const auto& sines = md5_sines();
  uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};

  for_each_block(data, false, [&](const unsigned char* blk) {
    uint32_t x[16];
    for (int i = 0; i < 16; ++i) x[i] = load_le(blk + 4 * i);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      int round = i / 16;
      uint32_t f;
      int word;
      if (round == 0) {
        f = (b & c) | (~b & d);
        word = i;
      } else if (round == 1) {
        f = (b & d) | (c & ~d);
        word = (5 * i + 1) % 16;
      } else if (round == 2) {
        f = b ^ c ^ d;
        word = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        word = (7 * i) % 16;
      }
      uint32_t next = b + rotl(a + f + sines[i] + x[word], kShift[round][i % 4]);
      a = d, d = c, c = b, b = next;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
  });

  std::array<unsigned char, 16> out{};
  for (int i = 0; i < 16; ++i) out[i] = static_cast<unsigned char>(h[i / 4] >> (8 * (i % 4)));
  return out;
}

std::array<unsigned char, 20> sha1(std::string_view data) {
  uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

  for_each_block(data, true, [&](const unsigned char* blk) {
    uint32_t w[80];
    for (int t = 0; t < 16; ++t) w[t] = load_be(blk + 4 * t);
    for (int t = 16; t < 80; ++t) w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; ++t) {
      uint32_t f, k;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      uint32_t temp = rotl(a, 5) + f + e + k + w[t];
      e = d, d = c, c = rotl(b, 30), b = a, a = temp;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  });

  std::array<unsigned char, 20> out{};
  for (int i = 0; i < 20; ++i) out[i] = static_cast<unsigned char>(h[i / 4] >> (24 - 8 * (i % 4)));
  return out;
}

}  // namespace rampart::transforms::digest
