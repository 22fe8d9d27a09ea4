// SHA-256 (FIPS 180-4) for WebAssembly, and the trie's path walk over it:
// a proof check is some forty SHA-256 blocks, and walked here, its
// siblings decoded here, it runs at about three times the proofs a second of the
// JavaScript SHA-256's (docs/BENCHMARKS.md). walk4 goes further: four
// proofs in the four 32-bit lanes of a SIMD register, for checks of many
// proofs at once (verifyHoldings), and hash4 the same for GIF contents.
//
// Built by wasm/build.mjs (clang --target=wasm32) into src/sha256wasm.ts;
// test/wasm.test.mjs rebuilds it and holds every function to the
// JavaScript SHA-256 and to Node's, byte for byte.
//
// Memory is the module's own: the JavaScript side writes a message into
// `io` (or keys, starts and siblings into `lanes`) and reads the digest
// back, so that a call passes no pointers it could get wrong.
#include <stdint.h>
#include <wasm_simd128.h>

#define EXPORT(name) __attribute__((export_name(name)))
// An argument no caller in src/ passes: the call traps (a RuntimeError in
// JavaScript) rather than going on with a length or a depth cut to fit,
// whose digest or root would look like any other.
#define REQUIRE(condition)                                                                         \
    do {                                                                                           \
        if (!(condition))                                                                          \
            __builtin_trap();                                                                      \
    } while (0)
#define IO_SIZE 65536
#define MAX_DEPTH 256

// FIPS 180-4's constants, K and then the initial hash: written here by
// src/wasm.ts, from the ones src/sha256.ts computes, when the module is
// made. As 72 random words in the module they took 0.3 KiB of a page that
// verifies, gzipped.
static uint32_t constants[64 + 8];
#define K constants
#define IV (constants + 64)
EXPORT("constants") uint32_t *constantsAt(void)
{
    return constants;
}

// One proof's path: the 32-byte key, the hash the walk starts from, the
// siblings from the leaf up, and the root it reached.
struct Lane
{
    uint8_t key[32];
    uint8_t start[32];
    uint8_t siblings[MAX_DEPTH][32];
    uint8_t root[32];
};

static uint8_t io[IO_SIZE];
// GIF contents, decoded from their hex, four at a time, each with room for
// its padding; and their digests.
#define CONTENT_MAX ((IO_SIZE - 2) / 2) // what io's hex holds, "0x" and two digits a byte
static uint8_t contents[4][CONTENT_MAX + 128];
static uint8_t contentDigests[4][32];
static uint8_t digest[32];
static uint32_t state[8];
static struct Lane lanes[4];

EXPORT("io") uint8_t *ioBuffer(void)
{
    return io;
}
EXPORT("digest") uint8_t *digestBuffer(void)
{
    return digest;
}
EXPORT("lane") struct Lane *laneAt(uint32_t i)
{
    return &lanes[i & 3];
}

static uint32_t loadBe(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void storeBe(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

#define S0(x) (ROR(x, 2) ^ ROR(x, 13) ^ ROR(x, 22))
#define S1(x) (ROR(x, 6) ^ ROR(x, 11) ^ ROR(x, 25))
#define s0(x) (ROR(x, 7) ^ ROR(x, 18) ^ ((x) >> 3))
#define s1(x) (ROR(x, 17) ^ ROR(x, 19) ^ ((x) >> 10))
// Ch in three operations rather than four, Maj in four rather than five:
// 5 % more blocks a second.
#define ROUND(a, b, c, d, e, f, g, h, wk)                                                          \
    do {                                                                                           \
        const uint32_t t1 = h + S1(e) + (g ^ (e & (f ^ g))) + (wk);                                \
        const uint32_t t2 = S0(a) + ((a & b) | (c & (a | b)));                                     \
        d += t1;                                                                                   \
        h = t1 + t2;                                                                               \
    } while (0)

// The 64 rounds over a block's schedule, K already added: four a turn, the
// working words renamed within a turn and swapped in halves after it, not
// moved along at every round (with pad65 below, a path's walk went from
// 0.40-0.48 µs a block to 0.28-0.30). Eight a turn was no faster and 300
// bytes larger; -O2 and -O3 no faster either.
__attribute__((noinline)) static void rounds(uint32_t h[8], const uint32_t wk[64])
{
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i += 4) {
        ROUND(a, b, c, d, e, f, g, hh, wk[i + 0]);
        ROUND(hh, a, b, c, d, e, f, g, wk[i + 1]);
        ROUND(g, hh, a, b, c, d, e, f, wk[i + 2]);
        ROUND(f, g, hh, a, b, c, d, e, wk[i + 3]);
        uint32_t t;
        t = a, a = e, e = t;
        t = b, b = f, f = t;
        t = c, c = g, g = t;
        t = d, d = hh, hh = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

#define VROR(x, n) wasm_v128_or(wasm_u32x4_shr(x, n), wasm_i32x4_shl(x, 32 - (n)))
#define ADD wasm_i32x4_add
#define XOR wasm_v128_xor

static v128_t sigma0x4(v128_t x)
{
    return XOR(XOR(VROR(x, 7), VROR(x, 18)), wasm_u32x4_shr(x, 3));
}
static v128_t sigma1x4(v128_t x)
{
    return XOR(XOR(VROR(x, 17), VROR(x, 19)), wasm_u32x4_shr(x, 10));
}

// Four words of the schedule from the sixteen before them, as four
// vectors x0 (oldest) to x3: w[i-15..i-12] and w[i-7..i-4] straddle two
// of them; the s1 of lanes 2 and 3 waits for lanes 0 and 1. Four at a
// time, kept in registers, the schedule took a sixth of a path's walk
// rather than a third (one word at a time through memory).
static v128_t next4(v128_t x0, v128_t x1, v128_t x2, v128_t x3)
{
    const v128_t zero = wasm_i32x4_splat(0);
    v128_t v = ADD(ADD(x0, wasm_i32x4_shuffle(x2, x3, 1, 2, 3, 4)),
                   sigma0x4(wasm_i32x4_shuffle(x0, x1, 1, 2, 3, 4)));
    v = ADD(v, sigma1x4(wasm_i32x4_shuffle(x3, zero, 2, 3, 4, 4)));
    return ADD(v, sigma1x4(wasm_i32x4_shuffle(v, zero, 4, 4, 0, 1)));
}

__attribute__((noinline)) static void schedule(uint32_t wk[64], const uint32_t m[16])
{
    v128_t x0 = wasm_v128_load(m), x1 = wasm_v128_load(m + 4), x2 = wasm_v128_load(m + 8),
           x3 = wasm_v128_load(m + 12);
    for (int i = 0; i < 64; i += 4) {
        wasm_v128_store(wk + i, ADD(x0, wasm_v128_load(K + i)));
        const v128_t x4 = next4(x0, x1, x2, x3);
        x0 = x1, x1 = x2, x2 = x3, x3 = x4;
    }
}

static void compress(uint32_t h[8], const uint32_t m[16])
{
    uint32_t wk[64];
    schedule(wk, m);
    rounds(h, wk);
}

// The second block of a 65-byte message (an inner node's) is its last
// byte, the padding and the length: 256 blocks in all, scheduled once, on
// first use (64 KiB, the module's memory, not its bytes), so that half a
// path's blocks skip the schedule.
static uint32_t pad65[256][64];
static int pad65Ready;
static void compressPad65(uint32_t h[8], uint32_t last)
{
    if (!pad65Ready) {
        for (uint32_t b = 0; b < 256; b++) {
            uint32_t m[16] = {b << 24 | 0x800000u};
            m[15] = 65 * 8;
            schedule(pad65[b], m);
        }
        pad65Ready = 1;
    }
    rounds(h, pad65[last & 0xff]);
}

static void compressBytes(uint32_t h[8], const uint8_t *p)
{
    uint32_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = loadBe(p + 4 * i);
    compress(h, m);
}

// A message of any length, in calls of at most IO_SIZE bytes: begin, then
// blocks (whole 64-byte blocks from io) as often as needed, then end with
// the rest (under 64 bytes... or any length up to IO_SIZE) and the length
// of the whole message in bytes.
EXPORT("begin") void begin(void)
{
    for (int i = 0; i < 8; i++)
        state[i] = IV[i];
}

EXPORT("blocks") void blocks(uint32_t length)
{
    REQUIRE(length <= IO_SIZE);
    for (uint32_t at = 0; at + 64 <= length; at += 64)
        compressBytes(state, io + at);
}

// The last of a message: its rest (under 64 bytes) padded with 0x80, zeros
// and the whole message's length in bits, compressed into h, and h written
// out as the digest. Both ways of hashing end here.
static void finish(uint32_t h[8], const uint8_t *rest, uint32_t restLength, uint64_t total,
                   uint8_t out[32])
{
    uint8_t tail[128] = {0};
    for (uint32_t i = 0; i < restLength; i++)
        tail[i] = rest[i];
    tail[restLength] = 0x80;
    const uint32_t size = restLength < 56 ? 64 : 128;
    const uint64_t bits = total * 8;
    storeBe(tail + size - 8, (uint32_t)(bits >> 32));
    storeBe(tail + size - 4, (uint32_t)bits);
    compressBytes(h, tail);
    if (size == 128)
        compressBytes(h, tail + 64);
    for (int i = 0; i < 8; i++)
        storeBe(out + 4 * i, h[i]);
}

EXPORT("end") void end(uint32_t length, double total)
{
    REQUIRE(length <= IO_SIZE);
    const uint32_t whole = length - length % 64;
    blocks(whole);
    finish(state, io + whole, length - whole, (uint64_t)total, digest);
}

// SHA-256 of a message already in the module's memory, in one call.
static void hashBytes(const uint8_t *p, uint32_t length, uint8_t out[32])
{
    uint32_t h[8];
    for (int i = 0; i < 8; i++)
        h[i] = IV[i];
    const uint32_t whole = length - length % 64;
    for (uint32_t at = 0; at < whole; at += 64)
        compressBytes(h, p + at);
    finish(h, p + whole, length - whole, length, out);
}

// Sixteen hex digits' values at once, ok cleared in the lanes that were no
// digit (0-9, a-f, A-F).
static v128_t nibbles(v128_t text, v128_t *ok)
{
    const v128_t digit = wasm_i8x16_sub(text, wasm_i8x16_splat('0'));
    const v128_t letter =
        wasm_i8x16_sub(wasm_v128_or(text, wasm_i8x16_splat(32)), wasm_i8x16_splat('a'));
    const v128_t isDigit = wasm_u8x16_lt(digit, wasm_i8x16_splat(10));
    *ok = wasm_v128_and(*ok, wasm_v128_or(isDigit, wasm_u8x16_lt(letter, wasm_i8x16_splat(6))));
    return wasm_v128_bitselect(digit, wasm_i8x16_add(letter, wasm_i8x16_splat(10)), isDigit);
}

// 32 hex digits into 16 bytes: 0 when one of them was not a digit. A
// sibling's 64 digits took 56 ns one by one through a table, 6 here; the
// contents of a holder's 2,000 objects are 11 MB of hex.
__attribute__((noinline)) static int unhex32(const uint8_t *text, uint8_t *out)
{
    v128_t ok = wasm_i8x16_splat(-1);
    const v128_t n0 = nibbles(wasm_v128_load(text), &ok),
                 n1 = nibbles(wasm_v128_load(text + 16), &ok);
    // A digit pair as a 16-bit lane, its high digit in the low byte.
    const v128_t b0 = wasm_v128_or(wasm_i16x8_shl(n0, 4), wasm_u16x8_shr(n0, 8));
    const v128_t b1 = wasm_v128_or(wasm_i16x8_shl(n1, 4), wasm_u16x8_shr(n1, 8));
    wasm_v128_store(
        out, wasm_i8x16_shuffle(b0, b1, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30));
    return wasm_i8x16_all_true(ok);
}

// count siblings, each "0x" and 64 hex digits, back to back in io, decoded
// into a lane's siblings: -1 when all were, else the index of the first
// that was not (the JavaScript side then says what was wrong with it).
EXPORT("unhex") int32_t unhex(uint32_t lane, uint32_t count)
{
    REQUIRE(count <= MAX_DEPTH);
    struct Lane *into = &lanes[lane & 3];
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *text = io + 66 * i;
        if (text[0] != '0' || (text[1] | 32) != 'x' || !unhex32(text + 2, into->siblings[i]) ||
            !unhex32(text + 34, into->siblings[i] + 16))
            return (int32_t)i;
    }
    return -1;
}

// A content's hex ("0x" and an even number of digits, length characters)
// from io, decoded into contents[lane]: the number of bytes, or -1 when
// the text is not that.
EXPORT("content") uint8_t *contentAt(uint32_t lane)
{
    return contents[lane & 3];
}
EXPORT("contentDigest") uint8_t *contentDigestAt(uint32_t lane)
{
    return contentDigests[lane & 3];
}
EXPORT("unhexContent") int32_t unhexContent(uint32_t lane, uint32_t length)
{
    REQUIRE(length <= IO_SIZE);
    if (length < 2 || length % 2 != 0 || io[0] != '0' || (io[1] | 32) != 'x')
        return -1;
    uint8_t *into = contents[lane & 3];
    const uint32_t size = (length - 2) / 2;
    int bad = 0;
    uint32_t b = 0;
    for (; b + 16 <= size; b += 16)
        bad |= unhex32(io + 2 + 2 * b, into + b) - 1; // -1 when not hex
    if (b < size) {
        // The last digits, under 32, decoded as 32 with zeros after them.
        uint8_t text[32], bytes[16];
        for (uint32_t i = 0; i < 32; i++)
            text[i] = 2 + 2 * b + i < length ? io[2 + 2 * b + i] : '0';
        bad |= unhex32(text, bytes) - 1;
        for (uint32_t i = 0; b + i < size; i++)
            into[b + i] = bytes[i];
    }
    return bad < 0 ? -1 : (int32_t)size;
}

// The leaf an object's proof starts from: io holds the owner (20 bytes),
// the content hash (32) and the traits hash (32), the lane its key; the
// lane gets start = H(0x00 ‖ key ‖ H(owner ‖ content ‖ traits)),
// docs/PROTOCOL.md.
EXPORT("objectLeaf") void objectLeaf(uint32_t lane)
{
    struct Lane *into = &lanes[lane & 3];
    uint8_t leaf[65];
    leaf[0] = 0x00;
    for (int i = 0; i < 32; i++)
        leaf[1 + i] = into->key[i];
    hashBytes(io, 84, leaf + 33);
    uint32_t h[8];
    for (int i = 0; i < 8; i++)
        h[i] = IV[i];
    compressBytes(h, leaf);
    compressPad65(h, leaf[64]);
    for (int i = 0; i < 8; i++)
        storeBe(into->start + 4 * i, h[i]);
}

// The message of an inner node, 0x01 ‖ left ‖ right (65 bytes), as the
// words of its two blocks, straight from the children's words.
static void innerHash(uint32_t out[8], const uint32_t l[8], const uint32_t r[8])
{
    uint32_t m[16] = {0};
    m[0] = 0x01000000u | l[0] >> 8;
    for (int k = 1; k < 8; k++)
        m[k] = l[k - 1] << 24 | l[k] >> 8;
    m[8] = l[7] << 24 | r[0] >> 8;
    for (int k = 1; k < 8; k++)
        m[8 + k] = r[k - 1] << 24 | r[k] >> 8;
    for (int i = 0; i < 8; i++)
        out[i] = IV[i];
    compress(out, m);
    compressPad65(out, r[7]);
}

static int keyBit(const uint8_t *key, uint32_t i)
{
    return (key[i >> 3] >> (7 - (i & 7))) & 1;
}

// Lane 0's path walked from its start to the root, depth siblings.
EXPORT("walk") void walk(uint32_t depth)
{
    struct Lane *lane = &lanes[0];
    REQUIRE(depth <= MAX_DEPTH);
    uint32_t h[8], s[8], next[8];
    for (int k = 0; k < 8; k++)
        h[k] = loadBe(lane->start + 4 * k);
    for (uint32_t i = 0; i < depth; i++) {
        for (int k = 0; k < 8; k++)
            s[k] = loadBe(lane->siblings[i] + 4 * k);
        if (keyBit(lane->key, depth - 1 - i))
            innerHash(next, s, h);
        else
            innerHash(next, h, s);
        for (int k = 0; k < 8; k++)
            h[k] = next[k];
    }
    for (int k = 0; k < 8; k++)
        storeBe(lane->root + 4 * k, h[k]);
}

static void compress4(v128_t h[8], const v128_t m[16])
{
    v128_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = m[i];
    for (int i = 16; i < 64; i++) {
        const v128_t a = w[i - 15], b = w[i - 2];
        const v128_t s0 = XOR(XOR(VROR(a, 7), VROR(a, 18)), wasm_u32x4_shr(a, 3));
        const v128_t s1 = XOR(XOR(VROR(b, 17), VROR(b, 19)), wasm_u32x4_shr(b, 10));
        w[i] = ADD(ADD(w[i - 16], w[i - 7]), ADD(s0, s1));
    }
    v128_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        const v128_t s1 = XOR(XOR(VROR(e, 6), VROR(e, 11)), VROR(e, 25));
        const v128_t t1 =
            ADD(ADD(hh, s1), ADD(wasm_v128_bitselect(f, g, e), ADD(wasm_i32x4_splat(K[i]), w[i])));
        const v128_t s0 = XOR(XOR(VROR(a, 2), VROR(a, 13)), VROR(a, 22));
        const v128_t t2 = ADD(s0, wasm_v128_bitselect(b, c, XOR(a, c)));
        hh = g, g = f, f = e, e = ADD(d, t1), d = c, c = b, b = a, a = ADD(t1, t2);
    }
    h[0] = ADD(h[0], a), h[1] = ADD(h[1], b), h[2] = ADD(h[2], c), h[3] = ADD(h[3], d);
    h[4] = ADD(h[4], e), h[5] = ADD(h[5], f), h[6] = ADD(h[6], g), h[7] = ADD(h[7], hh);
}

static void innerHash4(v128_t out[8], const v128_t l[8], const v128_t r[8])
{
    v128_t m[16];
    m[0] = wasm_v128_or(wasm_i32x4_splat(0x01000000), wasm_u32x4_shr(l[0], 8));
    for (int k = 1; k < 8; k++)
        m[k] = wasm_v128_or(wasm_i32x4_shl(l[k - 1], 24), wasm_u32x4_shr(l[k], 8));
    m[8] = wasm_v128_or(wasm_i32x4_shl(l[7], 24), wasm_u32x4_shr(r[0], 8));
    for (int k = 1; k < 8; k++)
        m[8 + k] = wasm_v128_or(wasm_i32x4_shl(r[k - 1], 24), wasm_u32x4_shr(r[k], 8));
    for (int i = 0; i < 8; i++)
        out[i] = wasm_i32x4_splat((int32_t)IV[i]);
    compress4(out, m);
    v128_t last[16];
    last[0] = wasm_v128_or(wasm_i32x4_shl(r[7], 24), wasm_i32x4_splat(0x800000));
    for (int i = 1; i < 15; i++)
        last[i] = wasm_i32x4_splat(0);
    last[15] = wasm_i32x4_splat(65 * 8);
    compress4(out, last);
}

static v128_t word4(const uint8_t *p0, const uint8_t *p1, const uint8_t *p2, const uint8_t *p3)
{
    return wasm_u32x4_make(loadBe(p0), loadBe(p1), loadBe(p2), loadBe(p3));
}

static v128_t mask4(int a, int b, int c, int d)
{
    return wasm_i32x4_make(-a, -b, -c, -d);
}

// The four lanes' paths walked at once, lane l over depth[l] siblings; a
// lane whose path is shorter keeps its root while the others go on.
EXPORT("walk4") void walk4(uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3)
{
    REQUIRE(d0 <= MAX_DEPTH && d1 <= MAX_DEPTH && d2 <= MAX_DEPTH && d3 <= MAX_DEPTH);
    const uint32_t depth[4] = {d0, d1, d2, d3};
    uint32_t most = 0;
    for (int l = 0; l < 4; l++)
        most = depth[l] > most ? depth[l] : most;
    v128_t h[8], s[8], left[8], right[8], next[8];
    for (int k = 0; k < 8; k++)
        h[k] = word4(lanes[0].start + 4 * k, lanes[1].start + 4 * k, lanes[2].start + 4 * k,
                     lanes[3].start + 4 * k);
    for (uint32_t i = 0; i < most; i++) {
        int bit[4], live[4];
        for (int l = 0; l < 4; l++) {
            live[l] = i < depth[l];
            bit[l] = live[l] ? keyBit(lanes[l].key, depth[l] - 1 - i) : 0;
        }
        const v128_t right1 = mask4(bit[0], bit[1], bit[2], bit[3]);
        const v128_t alive = mask4(live[0], live[1], live[2], live[3]);
        for (int k = 0; k < 8; k++) {
            s[k] = word4(lanes[0].siblings[i] + 4 * k, lanes[1].siblings[i] + 4 * k,
                         lanes[2].siblings[i] + 4 * k, lanes[3].siblings[i] + 4 * k);
            left[k] = wasm_v128_bitselect(s[k], h[k], right1);
            right[k] = wasm_v128_bitselect(h[k], s[k], right1);
        }
        innerHash4(next, left, right);
        for (int k = 0; k < 8; k++)
            h[k] = wasm_v128_bitselect(next[k], h[k], alive);
    }
    for (int k = 0; k < 8; k++) {
        uint32_t words[4];
        wasm_v128_store(words, h[k]);
        for (int l = 0; l < 4; l++)
            storeBe(lanes[l].root + 4 * k, words[l]);
    }
}

// The four contents' SHA-256 at once, lane l of size[l] bytes (at most
// CONTENT_MAX), into contentDigests: each padded in place, and a lane whose
// message ends first keeps its state while the others go on.
EXPORT("hash4") void hash4(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3)
{
    const uint32_t size[4] = {s0, s1, s2, s3};
    uint32_t count[4], most = 0;
    for (int l = 0; l < 4; l++) {
        REQUIRE(size[l] <= CONTENT_MAX);
        const uint32_t n = size[l];
        uint8_t *p = contents[l];
        const uint32_t padded = (n + 9 + 63) / 64 * 64;
        p[n] = 0x80;
        for (uint32_t i = n + 1; i < padded - 8; i++)
            p[i] = 0;
        const uint64_t bits = (uint64_t)n * 8;
        storeBe(p + padded - 8, (uint32_t)(bits >> 32));
        storeBe(p + padded - 4, (uint32_t)bits);
        count[l] = padded / 64;
        most = count[l] > most ? count[l] : most;
    }
    v128_t h[8], next[8], m[16];
    for (int k = 0; k < 8; k++)
        h[k] = wasm_i32x4_splat((int32_t)IV[k]);
    for (uint32_t i = 0; i < most; i++) {
        const uint32_t at = 64 * i;
        for (int k = 0; k < 16; k++)
            m[k] = word4(contents[0] + at + 4 * k, contents[1] + at + 4 * k,
                         contents[2] + at + 4 * k, contents[3] + at + 4 * k);
        for (int k = 0; k < 8; k++)
            next[k] = h[k];
        compress4(next, m);
        const v128_t alive = mask4(i < count[0], i < count[1], i < count[2], i < count[3]);
        for (int k = 0; k < 8; k++)
            h[k] = wasm_v128_bitselect(next[k], h[k], alive);
    }
    for (int k = 0; k < 8; k++) {
        uint32_t words[4];
        wasm_v128_store(words, h[k]);
        for (int l = 0; l < 4; l++)
            storeBe(contentDigests[l] + 4 * k, words[l]);
    }
}
