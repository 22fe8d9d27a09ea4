#!/usr/bin/env bash
# Writes the fuzz targets' seed corpora into tests/fuzz/corpus/: real answers
# of a devnet (records, proofs, certificates), the vectors' raw transactions,
# and requests, links and queries of every kind the parsers accept. Run it
# again when a record or an endpoint changes; the files are kept in git so
# every build replays them (fuzz_corpus_tests) without a node.
#
#   scripts/fuzzcorpus.sh [BUILD_DIR]   (build/release by default)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
out=tests/fuzz/corpus
vectors=../shared/vectors/commitments.json
port=$((20000 + RANDOM % 20000))
rest="http://127.0.0.1:$port"
rpc="http://127.0.0.1:$((port + 1))"

rm -rf "$out"
mkdir -p "$out"/{certificate,forwarded_for,gif_decoder,gif_link,gif_scan,http_request,json_rpc,record_codec,search_query,transaction,websocket_frames}

"$build/app/gifscan-devnet" --port "$port" --ephemeral --objects 24 --block-time 0.2 --rate-limit off >/dev/null 2>&1 &
node=$!
trap 'kill $node 2>/dev/null; wait $node 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -fs "$rest/v1/blocks?limit=1" >/dev/null 2>&1 && break
  sleep 0.1
done
sleep 3 # some blocks of traffic: sales, listings, transfers

get() { curl -fs "$rest$1"; }
call() { curl -fs -H 'Content-Type: application/json' -d "$1" "$rpc"; }
# A JSON-RPC result in the REST envelope, as the codec reads both.
envelope() { python3 -c 'import json,sys; r=json.load(sys.stdin)["result"]; print(json.dumps({"data": r, "height": int(sys.argv[1])}))' "$1"; }

head=$(get "/v1/blocks?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["height"])')
object=$(get "/v1/objects?limit=1" | python3 -c 'import json,sys; d=json.load(sys.stdin)["data"][0]; print(d["slug"]+"/"+str(d["tokenId"]))')
slug=${object%/*}
id=${object#*/}
# The first object's owner: a wallet with holdings to prove.
owner=$(get "/v1/objects?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["owner"])')
tx=$(get "/v1/activity?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["txHash"])')

# Node answers, each a record or an envelope of the codec.
get "/v1/blocks?limit=3" >"$out/record_codec/blocks-page.json"
get "/v1/blocks/$head" >"$out/record_codec/block.json"
get "/v1/txs/$tx" >"$out/record_codec/tx.json"
get "/v1/objects?limit=3" >"$out/record_codec/objects-page.json"
get "/v1/objects/$object" >"$out/record_codec/object.json"
get "/v1/collections?limit=3" >"$out/record_codec/collections-page.json"
get "/v1/collections/$slug/traits" >"$out/record_codec/traits.json"
get "/v1/wallets/$owner" >"$out/record_codec/wallet.json"
get "/v1/activity?limit=3" >"$out/record_codec/activity-page.json"
call "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_proof\",\"params\":[\"$slug\",$id,$head]}" | envelope "$head" >"$out/record_codec/object-proof.json"
call "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_holdingsProof\",\"params\":[\"$owner\",$head]}" | envelope "$head" >"$out/record_codec/holdings-proof.json"
cp tests/golden/*.json "$out/record_codec/"

# Certificates of both kinds, as the CLI writes them.
cli=("$build/app/gifscan-cli" --rest "$rest" --rpc "$rpc")
"${cli[@]}" certificate "$slug#$id" -o "$out/certificate/object.json" >/dev/null
"${cli[@]}" certificate "$slug#$id" --with-content -o "$out/certificate/object-with-content.json" >/dev/null
"${cli[@]}" holdings "$owner" -o "$out/certificate/holdings.json" >/dev/null

# GIFs: the devnet's own art and small corner cases; ../shared/gifs is a
# second seed folder (scripts/fuzz.sh passes it).
get "/v1/objects/$object/frames" >"$out/gif_decoder/devnet-object.gif"
get "/v1/objects/$object/frames?frame=1" >"$out/gif_decoder/devnet-frame.gif"
for f in ../shared/gifs/*.gif ../shared/gifs/artificial/*.gif; do
  [ "$(stat -c %s "$f")" -le 16384 ] && cp "$f" "$out/gif_decoder/"
done
cp "$out"/gif_decoder/* "$out/gif_scan/"

# Raw transactions of every kind in the vectors.
python3 - "$vectors" "$out/transaction" <<'PY'
import json, sys
for i, t in enumerate(json.load(open(sys.argv[1]))["transactions"]):
    open(f"{sys.argv[2]}/{i}-{t['kind'].lower()}.bin", "wb").write(bytes.fromhex(t["raw"][2:]))
PY

# Requests of every endpoint, as they arrive on the socket (after a first
# byte that says how the target cuts them into arrivals).
n=0
for path in "/v1/blocks?limit=2" "/v1/blocks/$head" "/v1/blocks/0x$(printf '%064d' 0)" "/v1/txs/$tx" \
    "/v1/objects?collection=$slug&sort=rarity&trait=Background:Blue&limit=5" "/v1/objects?owner=$owner" \
    "/v1/objects/$object" "/v1/objects/$object/frames" "/v1/objects/$object/frames?frame=1" \
    "/v1/collections?sort=floor" "/v1/collections/$slug/traits" "/v1/wallets/$owner" \
    "/v1/activity?type=sale&collection=$slug&since=1&limit=3" "/v1/activity?address=$owner&cursor=abc"; do
  printf '\005GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: "x"\r\n\r\n' "$path" >"$out/http_request/$n.txt"
  n=$((n + 1))
done
printf '\003POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\nTransfer-Encoding: chunked\r\n\r\n{}' >"$out/http_request/post.txt"
printf '\002POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}GET /v1/blocks HTTP/1.1\r\n\r\n' >"$out/http_request/pipelined.txt"

# JSON-RPC calls of every method, one batch, one subscription.
n=0
for body in '{"jsonrpc":"2.0","id":1,"method":"gif_chainId"}' \
    '{"jsonrpc":"2.0","id":1,"method":"gif_blockNumber","params":[]}' \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_getBlockByHeight\",\"params\":[$head,true]}" \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_getTransaction\",\"params\":[\"$tx\"]}" \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_getObject\",\"params\":[\"$slug\",$id]}" \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_getObjectBytes\",\"params\":[\"$slug\",$id,1]}" \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_getListing\",\"params\":[\"$slug\",$id]}" \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_proof\",\"params\":[\"$slug\",$id,$head]}" \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_getOwnership\",\"params\":[\"$owner\"]}" \
    '{"jsonrpc":"2.0","id":"v","method":"gif_validators","params":[1]}' \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_holdingsProof\",\"params\":[\"$owner\",$head]}" \
    '{"jsonrpc":"2.0","id":1,"method":"gif_objectRoot","params":[2]}' \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_sendRawTransaction\",\"params\":[\"$(python3 -c "import json;print(json.load(open('$vectors'))['transactions'][0]['raw'])")\"]}" \
    '{"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]}' \
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_subscribe\",\"params\":[\"objectEvents\",{\"collection\":\"$slug\",\"types\":[\"sale\"]}]}" \
    '{"jsonrpc":"2.0","id":1,"method":"gif_unsubscribe","params":["0x1"]}' \
    '[{"jsonrpc":"2.0","id":1,"method":"gif_chainId"},{"jsonrpc":"2.0","method":"gif_blockNumber"},{"id":3}]'; do
  printf '%s' "$body" >"$out/json_rpc/$n.json"
  n=$((n + 1))
done

# X-Forwarded-For (first line) and Forwarded (the rest) as proxies write
# them, and broken ones.
n=0
for headers in '203.0.113.7' '198.51.100.1, 203.0.113.7, 10.1.2.3' \
    $'\nfor=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711"' \
    $'garbage, 10.0.0.2\nfor=_hidden, For="10.0.0.3:80"' '127.0.0.1, 10.0.0.0/8' $'\nfor="[::1'; do
  printf '%s' "$headers" >"$out/forwarded_for/$n.txt"
  n=$((n + 1))
done

# What the search box and gif:// links accept, and near misses.
n=0
for text in "$head" "0x$(printf '%064d' 0)" "$owner" "$slug" "$slug#$id" "$slug#$id@1" "PIXEL-cats#0042" \
    "0x12" "#" "@5" "18446744073709551616"; do
  printf '%s' "$text" >"$out/search_query/$n.txt"
  printf 'gif://6464/%s' "$text" >"$out/gif_link/$n.txt"
  n=$((n + 1))
done
printf 'gif://1/%s' "$slug" >"$out/gif_link/other-chain.txt"
# Websocket frames as clients send them (masked, in one piece: the first byte
# says how the target cuts them), and the kinds a client must not send.
python3 - "$out/websocket_frames" <<'PY'
import struct, sys
def frame(first, payload, masked=True):
    n = len(payload)
    head = bytes([first])
    bit = 0x80 if masked else 0
    if n < 126: head += bytes([bit | n])
    elif n < 65536: head += bytes([bit | 126]) + struct.pack(">H", n)
    else: head += bytes([bit | 127]) + struct.pack(">Q", n)
    key = b"\x01\x02\x03\x04" if masked else b""
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if masked else head + payload
call = b'{"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]}'
seeds = {
    "text": frame(0x81, call),
    "fragments-and-ping": frame(0x01, call[:10]) + frame(0x89, b"p") + frame(0x80, call[10:]),
    "binary-16bit": frame(0x82, bytes(300)),
    "close": frame(0x88, b"\x03\xe8"),
    "unmasked": frame(0x81, call, masked=False),
    "reserved-bits": frame(0xC1, call),
}
for name, data in seeds.items():
    open(f"{sys.argv[1]}/{name}.bin", "wb").write(b"\x05" + data)
PY
echo "corpora written to $out: $(find "$out" -type f | wc -l) files"
