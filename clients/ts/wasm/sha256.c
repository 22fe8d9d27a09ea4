// SHA-256 (FIPS 180-4) for WebAssembly, and the trie's path walk over it:
// a proof check is some forty SHA-256 blocks, and walked here, its
// siblings decoded here, it runs at about twice the proofs a second of the
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

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};
static const uint32_t IV[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

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

static void compress(uint32_t h[8], const uint32_t m[16])
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = m[i];
    for (int i = 16; i < 64; i++) {
        const uint32_t a = w[i - 15], b = w[i - 2];
        w[i] = w[i - 16] + w[i - 7] + (ROR(a, 7) ^ ROR(a, 18) ^ (a >> 3)) +
               (ROR(b, 17) ^ ROR(b, 19) ^ (b >> 10));
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        const uint32_t t1 =
            hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        const uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
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

// A hex digit's value, -1 for any other byte: a table, not branches (the
// contents of a holder's 2,000 objects are 11 MB of hex).
static int8_t hexValue[256];
static int hexReady;

static void prepareHex(void)
{
    if (hexReady)
        return;
    for (int c = 0; c < 256; c++)
        hexValue[c] = -1;
    for (int c = 0; c < 10; c++)
        hexValue['0' + c] = (int8_t)c;
    for (int c = 0; c < 6; c++)
        hexValue['a' + c] = hexValue['A' + c] = (int8_t)(10 + c);
    hexReady = 1;
}

static int nibble(uint8_t c)
{
    return hexValue[c];
}

// count siblings, each "0x" and 64 hex digits, back to back in io, decoded
// into a lane's siblings: -1 when all were, else the index of the first
// that was not (the JavaScript side then says what was wrong with it).
EXPORT("unhex") int32_t unhex(uint32_t lane, uint32_t count)
{
    REQUIRE(count <= MAX_DEPTH);
    prepareHex();
    struct Lane *into = &lanes[lane & 3];
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *text = io + 66 * i;
        if (text[0] != '0' || (text[1] | 32) != 'x')
            return (int32_t)i;
        for (int b = 0; b < 32; b++) {
            const int hi = nibble(text[2 + 2 * b]), lo = nibble(text[3 + 2 * b]);
            if (hi < 0 || lo < 0)
                return (int32_t)i;
            into->siblings[i][b] = (uint8_t)(hi << 4 | lo);
        }
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
    prepareHex();
    uint8_t *into = contents[lane & 3];
    const uint32_t size = (length - 2) / 2;
    int bad = 0;
    for (uint32_t b = 0; b < size; b++) {
        const int hi = nibble(io[2 + 2 * b]), lo = nibble(io[3 + 2 * b]);
        bad |= hi | lo; // negative when either is not a digit
        into[b] = (uint8_t)(hi << 4 | (lo & 15));
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
    hashBytes(leaf, 65, into->start);
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
    uint32_t last[16] = {r[7] << 24 | 0x800000u};
    last[15] = 65 * 8;
    compress(out, last);
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

#define VROR(x, n) wasm_v128_or(wasm_u32x4_shr(x, n), wasm_i32x4_shl(x, 32 - (n)))
#define ADD wasm_i32x4_add
#define XOR wasm_v128_xor

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
