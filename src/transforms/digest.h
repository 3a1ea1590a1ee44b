// MD5 (RFC 1321) and SHA-1 (RFC 3174), written here so the transforms need no crypto library.
// They serve t:md5 and t:sha1 (fingerprinting values), not security-sensitive hashing.
#pragma once

#include <array>
#include <string_view>

namespace rampart::transforms::digest {

std::array<unsigned char, 16> md5(std::string_view data);
std::array<unsigned char, 20> sha1(std::string_view data);

}  // namespace rampart::transforms::digest
