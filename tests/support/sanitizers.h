#pragma once

// GIFSCAN_TEST_ASAN is 1 in a build under AddressSanitizer, whichever the
// compiler: GCC says so with __SANITIZE_ADDRESS__, clang (the asan preset's
// compiler, as of version 14) only through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define GIFSCAN_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GIFSCAN_TEST_ASAN 1
#endif
#endif
#ifndef GIFSCAN_TEST_ASAN
#define GIFSCAN_TEST_ASAN 0
#endif
