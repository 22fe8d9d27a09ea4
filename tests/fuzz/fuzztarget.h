#pragma once

// One fuzz target per parser of bytes from outside (PROTOCOL §12's list in
// docs/RELIABILITY.md). A target is a function of the input that must not
// crash, hang, leak or trip a sanitizer, and that checks what the parser
// promises (round trips, bounds) with FUZZ_ASSERT. Each target file is
// linked twice: alone into a libFuzzer binary (fuzz preset, clang), and with
// all the others into fuzz_corpus_tests, which replays the kept corpora and
// regressions in every build's test suite.
#include <QJsonDocument>
#include <cstdint>
#include <span>
#include <vector>

namespace gifscan::fuzz {

using Input = std::span<const std::uint8_t>;
using Run = void (*)(Input);

struct Target
{
    const char *name;
    Run run;
};

std::vector<Target> &targets();

struct Registration
{
    Registration(const char *name, Run run) { targets().push_back({name, run}); }
};

// Qt's application object and a message handler that aborts on a critical
// message: the node's handlers log one where they turn an exception into a
// -32603 / 500, and for a fuzzer that is a bug found, not an answer.
void setUpQt();

// The input as a JSON document, or false when it is not JSON (the JSON
// targets' parsers start where Qt's JSON parser stops).
bool parseJson(Input input, QJsonDocument *doc);

// The kept input being replayed, named when a promise breaks (corpus tests).
void setInputName(const char *name);

// A broken promise: reported like a crash, with what was broken.
[[noreturn]] void fail(const char *file, int line, const char *what);

} // namespace gifscan::fuzz

#define FUZZ_ASSERT(condition)                                                                     \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::gifscan::fuzz::fail(__FILE__, __LINE__, #condition);                                 \
    } while (false)

#define GIFSCAN_FUZZ_TARGET(name)                                                                  \
    static void fuzz_##name(::gifscan::fuzz::Input input);                                         \
    static const ::gifscan::fuzz::Registration registration_##name(#name, fuzz_##name);            \
    static void fuzz_##name(::gifscan::fuzz::Input input)
