<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ActivityListModel</name>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>To</source>
        <translation>To</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
</context>
<context>
    <name>AddressPage</name>
    <message>
        <source>Escrow</source>
        <translation>Escrow</translation>
    </message>
    <message>
        <source>of %1: a listed object waits here until it is bought or delisted</source>
        <translation>of %1: a listed object waits here until it is bought or delisted</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>head</source>
        <translation>head</translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation>Export the audit</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>A folder for the certificates</source>
        <translation>A folder for the certificates</translation>
    </message>
    <message>
        <source>Holdings</source>
        <translation>Holdings</translation>
    </message>
    <message>
        <source>Activity of this address</source>
        <translation>Activity of this address</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activity</translation>
    </message>
    <message>
        <source>Address %1</source>
        <translation>Address %1</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Balance</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Nonce</translation>
    </message>
    <message>
        <source>Transactions sent</source>
        <translation>Transactions sent</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>Listed</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Auditing…</source>
        <translation>Auditing…</translation>
    </message>
    <message>
        <source>The audit could not finish: %1</source>
        <translation>The audit could not finish: %1</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (cancelled)</translation>
    </message>
    <message>
        <source>Audit as CSV…</source>
        <translation>Audit as CSV…</translation>
    </message>
    <message>
        <source>Not proven: the header at height %1 does not verify: %2</source>
        <translation>Not proven: the header at height %1 does not verify: %2</translation>
    </message>
    <message>
        <source>Not proven: %1</source>
        <translation>Not proven: %1</translation>
    </message>
    <message numerus="yes">
        <source>Holds exactly %Ln object(s) at height %1, proven.</source>
        <translation>
            <numerusform>Holds exactly %Ln object at height %1, proven.</numerusform>
            <numerusform>Holds exactly %Ln objects at height %1, proven.</numerusform>
        </translation>
    </message>
    <message>
        <source>The indexer says %L1 objects, the proof %L2.</source>
        <translation>The indexer says %L1 objects, the proof %L2.</translation>
    </message>
    <message>
        <source>Minted</source>
        <translation>Minted</translation>
    </message>
    <message>
        <source>Bought</source>
        <translation>Bought</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Sold</translation>
    </message>
    <message>
        <source>Transfers in</source>
        <translation>Transfers in</translation>
    </message>
    <message>
        <source>Transfers out</source>
        <translation>Transfers out</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>&amp;Audit</translation>
    </message>
    <message>
        <source>Audit its holdings at height</source>
        <translation>Audit its holdings at height</translation>
    </message>
    <message>
        <source>Prove every object it holds against a signed header</source>
        <translation>Prove every object it holds against a signed header</translation>
    </message>
    <message>
        <source>At height</source>
        <translation>At height</translation>
    </message>
    <message>
        <source>%1, following the head</source>
        <translation>%1, following the head</translation>
    </message>
    <message>
        <source>A private name for this address, shown wherever it appears</source>
        <translation>A private name for this address, shown wherever it appears</translation>
    </message>
    <message>
        <source>Name…</source>
        <translation>Name…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Rename…</translation>
    </message>
    <message numerus="yes">
        <source>%p% — waiting %Ln s for the node (its rate limit)</source>
        <translation>
            <numerusform>%p% — waiting %Ln second for the node (its rate limit)</numerusform>
            <numerusform>%p% — waiting %Ln seconds for the node (its rate limit)</numerusform>
        </translation>
    </message>
    <message>
        <source>At height %1: %L2 verified, %L3 absent, %L4 mismatched, %L5 failed%6%7.</source>
        <translation>At height %1: %L2 verified, %L3 absent, %L4 mismatched, %L5 failed%6%7.</translation>
    </message>
    <message>
        <source>, %L1 unchecked</source>
        <translation>, %L1 unchecked</translation>
    </message>
    <message numerus="yes">
        <source>Could not finish: the node did not answer for %Ln object(s), which remain unchecked; nothing checked failed. Audit again to finish.</source>
        <translation>
            <numerusform>Could not finish: the node did not answer for %Ln object, which remains unchecked; nothing checked failed. Audit again to finish.</numerusform>
            <numerusform>Could not finish: the node did not answer for %Ln objects, which remain unchecked; nothing checked failed. Audit again to finish.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export certificates</source>
        <translation>Export certificates</translation>
    </message>
    <message>
        <source>Export holdings certificate…</source>
        <translation>Export holdings certificate…</translation>
    </message>
    <message>
        <source>Export the holdings certificate</source>
        <translation>Export the holdings certificate</translation>
    </message>
    <message>
        <source>Certificates (*.json)</source>
        <translation>Certificates (*.json)</translation>
    </message>
    <message>
        <source>Export a certificate per object…</source>
        <translation>Export a certificate per object…</translation>
    </message>
    <message>
        <source>The holdings certificate was written to %1: File → Open certificate checks it.</source>
        <translation>The holdings certificate was written to %1: File → Open certificate checks it.</translation>
    </message>
    <message>
        <source>Certificates written to %1: %L2.</source>
        <translation>Certificates written to %1: %L2.</translation>
    </message>
    <message>
        <source>Certificates written to %1: %L2, then: %3</source>
        <translation>Certificates written to %1: %L2, then: %3</translation>
    </message>
</context>
<context>
    <name>AppController</name>
    <message>
        <source>gifscan-devnet was not found beside gifscan (%1)</source>
        <translation>gifscan-devnet was not found beside gifscan (%1)</translation>
    </message>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>The local devnet could not start: %1</source>
        <translation>The local devnet could not start: %1</translation>
    </message>
    <message>
        <source>gifscan — %1</source>
        <translation>gifscan — %1</translation>
    </message>
    <message>
        <source>Trust this network?</source>
        <translation>Trust this network?</translation>
    </message>
    <message>
        <source>%1 is signed by a validator set gifscan has not seen before.

Fingerprint: %2
Validators: %3
Genesis: %4

Trust it only if this is the fingerprint the network publishes. Until then nothing it serves is shown as verified.</source>
        <translation>%1 is signed by a validator set gifscan has not seen before.

Fingerprint: %2
Validators: %3
Genesis: %4

Trust it only if this is the fingerprint the network publishes. Until then nothing it serves is shown as verified.</translation>
    </message>
    <message>
        <source>Another gifscan was given a link it cannot open:</source>
        <translation>Another gifscan was given a link it cannot open:</translation>
    </message>
    <message>
        <source>It takes the place of validator set %1, which %2 trusted until now.</source>
        <translation>It takes the place of validator set %1, which %2 trusted until now.</translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>There is no audit to export yet.</source>
        <translation>There is no audit to export yet.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Cannot create the folder %1.</translation>
    </message>
    <message>
        <source>%1 did not verify again: %2</source>
        <translation>%1 did not verify again: %2</translation>
    </message>
    <message>
        <source>the proof fails</source>
        <translation>the proof fails</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a certificate: not JSON (%2).</source>
        <translation>%1 is not a certificate: not JSON (%2).</translation>
    </message>
    <message>
        <source>%1 is not a certificate: %2</source>
        <translation>%1 is not a certificate: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the header at height %1 does not verify</source>
        <translation>the header at height %1 does not verify</translation>
    </message>
    <message>
        <source>The holdings were not proven: there is no certificate to write.</source>
        <translation>The holdings were not proven: there is no certificate to write.</translation>
    </message>
    <message>
        <source>The certificate does not check (%1): it was not written.</source>
        <translation>The certificate does not check (%1): it was not written.</translation>
    </message>
    <message>
        <source>%1 holds %2 of these certificates already: nothing was written over; choose another folder.</source>
        <translation>%1 holds %2 of these certificates already: nothing was written over; choose another folder.</translation>
    </message>
</context>
<context>
    <name>BlockListModel</name>
    <message>
        <source>Height</source>
        <translation>Height</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transactions</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Proposer</translation>
    </message>
</context>
<context>
    <name>BlockPage</name>
    <message>
        <source>Value or price</source>
        <translation>Value or price</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Block %1</source>
        <translation>Block %1</translation>
    </message>
    <message>
        <source>Checking the header…</source>
        <translation>Checking the header…</translation>
    </message>
    <message>
        <source>Header does not verify: the transaction root does not match</source>
        <translation>Header does not verify: the transaction root does not match</translation>
    </message>
    <message>
        <source>Header does not verify: the transaction count does not match</source>
        <translation>Header does not verify: the transaction count does not match</translation>
    </message>
    <message>
        <source>Header does not verify: the parent hash names another block</source>
        <translation>Header does not verify: the parent hash names another block</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Height</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Parent</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Proposer</translation>
    </message>
    <message>
        <source>Object root</source>
        <translation>Object root</translation>
    </message>
    <message>
        <source>Transaction root</source>
        <translation>Transaction root</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transactions</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Next</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>block %1</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>Object, collection or recipient</source>
        <translation>Object, collection or recipient</translation>
    </message>
    <message>
        <source>Header verified: %1; transaction root and count recompute, the parent links</source>
        <translation>Header verified: %1; transaction root and count recompute, the parent links</translation>
    </message>
    <message>
        <source>Header does not verify: %1</source>
        <translation>Header does not verify: %1</translation>
    </message>
    <message>
        <source>Holdings root</source>
        <translation>Holdings root</translation>
    </message>
    <message>
        <source>Validator set</source>
        <translation>Validator set</translation>
    </message>
</context>
<context>
    <name>BlockPageModel</name>
    <message>
        <source>There is no block %L1 yet: the head is %L2.</source>
        <translation>There is no block %L1 yet: the head is %L2.</translation>
    </message>
    <message>
        <source>There is no block %L1.</source>
        <translation>There is no block %L1.</translation>
    </message>
    <message>
        <source>No block has the hash %1.</source>
        <translation>No block has the hash %1.</translation>
    </message>
</context>
<context>
    <name>BlockTimeChart</name>
    <message>
        <source>height</source>
        <translation>height</translation>
    </message>
    <message numerus="yes">
        <source>Block times, last %Ln blocks</source>
        <translation>
            <numerusform>Block times, last block</numerusform>
            <numerusform>Block times, last %Ln blocks</numerusform>
        </translation>
    </message>
    <message>
        <source>Block %L1: %L2 s after the one before</source>
        <translation>Block %L1: %L2 s after the one before</translation>
    </message>
    <message numerus="yes">
        <source> (%Ln above %1 s, the longest %2)</source>
        <translation>
            <numerusform> (%Ln above %1 s, the longest %2)</numerusform>
            <numerusform> (%Ln above %1 s, the longest %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Block times: no blocks yet</source>
        <translation>Block times: no blocks yet</translation>
    </message>
    <message>
        <source>Block times: the first comes with block 2</source>
        <translation>Block times: the first comes with block 2</translation>
    </message>
</context>
<context>
    <name>BroadcastDialog</name>
    <message>
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <source>Open transaction</source>
        <translation>Open transaction</translation>
    </message>
    <message>
        <source>Broadcast a transaction</source>
        <translation>Broadcast a transaction</translation>
    </message>
    <message>
        <source>Paste a signed raw transaction: 0x…</source>
        <translation>Paste a signed raw transaction: 0x…</translation>
    </message>
    <message>
        <source>nobody: it is not signed</source>
        <translation>nobody: it is not signed</translation>
    </message>
    <message>
        <source>unknown: the signature does not verify</source>
        <translation>unknown: the signature does not verify</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;Kind&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;What it does&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Sender&lt;/td&gt;&lt;td&gt;&lt;code&gt;%3&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Nonce&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Fee, at most&lt;/td&gt;&lt;td&gt;%5 (gas price %6 × gas limit %7)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Chain&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Hash&lt;/td&gt;&lt;td&gt;&lt;code&gt;%9&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;Kind&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;What it does&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Sender&lt;/td&gt;&lt;td&gt;&lt;code&gt;%3&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Nonce&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Fee, at most&lt;/td&gt;&lt;td&gt;%5 (gas price %6 × gas limit %7)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Chain&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Hash&lt;/td&gt;&lt;td&gt;&lt;code&gt;%9&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>Paste a transaction to see what it does.</source>
        <translation>Paste a transaction to see what it does.</translation>
    </message>
    <message>
        <source>Nothing has been sent yet. Check the above, then Send.</source>
        <translation>Nothing has been sent yet. Check the above, then Send.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Sending…</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Refused: %1</translation>
    </message>
    <message>
        <source>Accepted by the node; waiting for a block…</source>
        <translation>Accepted by the node; waiting for a block…</translation>
    </message>
    <message>
        <source>Included in block %1: success, fee %2.</source>
        <translation>Included in block %1: success, fee %2.</translation>
    </message>
    <message>
        <source>Included in block %1 but failed: %2</source>
        <translation>Included in block %1 but failed: %2</translation>
    </message>
    <message>
        <source>more than any balance can hold</source>
        <translation>more than any balance can hold</translation>
    </message>
</context>
<context>
    <name>BroadcastModel</name>
    <message>
        <source>This is not hex: a signed transaction is 0x followed by an even number of hex digits.</source>
        <translation>This is not hex: a signed transaction is 0x followed by an even number of hex digits.</translation>
    </message>
    <message>
        <source>This is not a GIF chain transaction: %1</source>
        <translation>This is not a GIF chain transaction: %1</translation>
    </message>
    <message>
        <source>Pays %1 to %2.</source>
        <translation>Pays %1 to %2.</translation>
    </message>
    <message>
        <source>Creates the collection %1 (&quot;%2&quot;, %3).</source>
        <translation>Creates the collection %1 (&quot;%2&quot;, %3).</translation>
    </message>
    <message>
        <source>Gives %1 to %2.</source>
        <translation>Gives %1 to %2.</translation>
    </message>
    <message>
        <source>Lists %1 for %2.</source>
        <translation>Lists %1 for %2.</translation>
    </message>
    <message>
        <source>Takes %1 off the market.</source>
        <translation>Takes %1 off the market.</translation>
    </message>
    <message>
        <source>Buys %1 for at most %2.</source>
        <translation>Buys %1 for at most %2.</translation>
    </message>
    <message>
        <source>The node could not read it (malformed).</source>
        <translation>The node could not read it (malformed).</translation>
    </message>
    <message>
        <source>It is not signed.</source>
        <translation>It is not signed.</translation>
    </message>
    <message>
        <source>Its signature does not verify.</source>
        <translation>Its signature does not verify.</translation>
    </message>
    <message>
        <source>It was signed for another chain.</source>
        <translation>It was signed for another chain.</translation>
    </message>
    <message>
        <source>Its gas price is below the node&apos;s minimum (underpriced).</source>
        <translation>Its gas price is below the node&apos;s minimum (underpriced).</translation>
    </message>
    <message>
        <source>Its nonce was already used by the sender (nonce too low).</source>
        <translation>Its nonce was already used by the sender (nonce too low).</translation>
    </message>
    <message>
        <source>The sender cannot pay for it (insufficient funds).</source>
        <translation>The sender cannot pay for it (insufficient funds).</translation>
    </message>
    <message>
        <source>It is too large for the node.</source>
        <translation>It is too large for the node.</translation>
    </message>
    <message>
        <source>The node refused it (%1).</source>
        <translation>The node refused it (%1).</translation>
    </message>
    <message>
        <source>%1 The node says: %2</source>
        <translation>%1 The node says: %2</translation>
    </message>
    <message numerus="yes">
        <source>Mints %1 to %2: %Ln byte(s) of GIF.</source>
        <translation>
            <numerusform>Mints %1 to %2: %Ln byte of GIF.</numerusform>
            <numerusform>Mints %1 to %2: %Ln bytes of GIF.</numerusform>
        </translation>
    </message>
    <message>
        <source>Its gas limit is below what this kind of transaction needs.</source>
        <translation>Its gas limit is below what this kind of transaction needs.</translation>
    </message>
    <message>
        <source>Its nonce is too far ahead of the sender&apos;s.</source>
        <translation>Its nonce is too far ahead of the sender&apos;s.</translation>
    </message>
    <message>
        <source>The node holds as many waiting transactions as it takes; a higher gas price would get in.</source>
        <translation>The node holds as many waiting transactions as it takes; a higher gas price would get in.</translation>
    </message>
    <message>
        <source>It is not signed: the node would refuse it, so it cannot be sent.</source>
        <translation>It is not signed: the node would refuse it, so it cannot be sent.</translation>
    </message>
    <message>
        <source>Its signature does not verify: the node would refuse it, so it cannot be sent.</source>
        <translation>Its signature does not verify: the node would refuse it, so it cannot be sent.</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>Certificate %1</source>
        <translation>Certificate %1</translation>
    </message>
    <message>
        <source>%1 was owned by %2 at height %3</source>
        <translation>%1 was owned by %2 at height %3</translation>
    </message>
    <message>
        <source>%1 did not exist at height %2</source>
        <translation>%1 did not exist at height %2</translation>
    </message>
    <message>
        <source>Valid: %1.</source>
        <translation>Valid: %1.</translation>
    </message>
    <message>
        <source>Invalid: the %1 check failed.</source>
        <translation>Invalid: the %1 check failed.</translation>
    </message>
    <message numerus="yes">
        <source>%1 held exactly %Ln object(s) at height %2</source>
        <translation>
            <numerusform>%1 held exactly %Ln object at height %2</numerusform>
            <numerusform>%1 held exactly %Ln objects at height %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Signed by the devnet&apos;s validators, whose keys are public: this proves the checks, never value.</source>
        <translation>Signed by the devnet&apos;s validators, whose keys are public: this proves the checks, never value.</translation>
    </message>
    <message numerus="yes">
        <source>It claims that %1 held exactly %Ln object(s) at height %2</source>
        <translation>
            <numerusform>It claims that %1 held exactly %Ln object at height %2</numerusform>
            <numerusform>It claims that %1 held exactly %Ln objects at height %2</numerusform>
        </translation>
    </message>
    <message>
        <source>It claims that %1 was owned by %2 at height %3</source>
        <translation>It claims that %1 was owned by %2 at height %3</translation>
    </message>
    <message>
        <source>It claims that %1 did not exist at height %2</source>
        <translation>It claims that %1 did not exist at height %2</translation>
    </message>
    <message>
        <source>It names %1 at height %2</source>
        <translation>It names %1 at height %2</translation>
    </message>
    <message>
        <source>no object</source>
        <translation>no object</translation>
    </message>
</context>
<context>
    <name>ChainWords</name>
    <message>
        <source>mint</source>
        <comment>event</comment>
        <translation>mint</translation>
    </message>
    <message>
        <source>transfer</source>
        <comment>event</comment>
        <translation>transfer</translation>
    </message>
    <message>
        <source>list</source>
        <comment>event</comment>
        <translation>list</translation>
    </message>
    <message>
        <source>delist</source>
        <comment>event</comment>
        <translation>delist</translation>
    </message>
    <message>
        <source>sale</source>
        <comment>event</comment>
        <translation>sale</translation>
    </message>
    <message>
        <source>payment</source>
        <comment>event</comment>
        <translation>payment</translation>
    </message>
    <message>
        <source>transfer</source>
        <comment>transaction kind</comment>
        <translation>transfer</translation>
    </message>
    <message>
        <source>create collection</source>
        <comment>transaction kind</comment>
        <translation>create collection</translation>
    </message>
    <message>
        <source>mint</source>
        <comment>transaction kind</comment>
        <translation>mint</translation>
    </message>
    <message>
        <source>transfer object</source>
        <comment>transaction kind</comment>
        <translation>transfer object</translation>
    </message>
    <message>
        <source>list</source>
        <comment>transaction kind</comment>
        <translation>list</translation>
    </message>
    <message>
        <source>delist</source>
        <comment>transaction kind</comment>
        <translation>delist</translation>
    </message>
    <message>
        <source>buy</source>
        <comment>transaction kind</comment>
        <translation>buy</translation>
    </message>
    <message>
        <source>version</source>
        <comment>certificate check</comment>
        <translation>version</translation>
    </message>
    <message>
        <source>chain</source>
        <comment>certificate check</comment>
        <translation>chain</translation>
    </message>
    <message>
        <source>header hash</source>
        <comment>certificate check</comment>
        <translation>header hash</translation>
    </message>
    <message>
        <source>object key</source>
        <comment>certificate check</comment>
        <translation>object key</translation>
    </message>
    <message>
        <source>height</source>
        <comment>certificate check</comment>
        <translation>height</translation>
    </message>
    <message>
        <source>proof</source>
        <comment>certificate check</comment>
        <translation>proof</translation>
    </message>
    <message>
        <source>content</source>
        <comment>certificate check</comment>
        <translation>content</translation>
    </message>
    <message>
        <source>owned by %1</source>
        <translation>owned by %1</translation>
    </message>
    <message>
        <source>%1 does not exist at this height</source>
        <translation>%1 does not exist at this height</translation>
    </message>
    <message>
        <source>the proof leads to another root than the header&apos;s</source>
        <translation>the proof leads to another root than the header&apos;s</translation>
    </message>
    <message>
        <source>the proof is malformed</source>
        <translation>the proof is malformed</translation>
    </message>
    <message>
        <source>the proof is for another object</source>
        <translation>the proof is for another object</translation>
    </message>
    <message>
        <source>the neighbouring leaf is off the object&apos;s path</source>
        <translation>the neighbouring leaf is off the object&apos;s path</translation>
    </message>
    <message>
        <source>not checked</source>
        <comment>indexer</comment>
        <translation>not checked</translation>
    </message>
    <message>
        <source>agrees</source>
        <comment>indexer</comment>
        <translation>agrees</translation>
    </message>
    <message>
        <source>disagrees</source>
        <comment>indexer</comment>
        <translation>disagrees</translation>
    </message>
    <message>
        <source>unavailable</source>
        <comment>indexer</comment>
        <translation>unavailable</translation>
    </message>
    <message>
        <source>verified</source>
        <comment>audit</comment>
        <translation>verified</translation>
    </message>
    <message>
        <source>absent</source>
        <comment>audit</comment>
        <translation>absent</translation>
    </message>
    <message>
        <source>mismatch</source>
        <comment>audit</comment>
        <translation>mismatch</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>audit</comment>
        <translation>failed</translation>
    </message>
    <message>
        <source>proven here, but the indexer does not list it</source>
        <translation>proven here, but the indexer does not list it</translation>
    </message>
    <message>
        <source>validator set</source>
        <comment>certificate check</comment>
        <translation>validator set</translation>
    </message>
    <message>
        <source>signatures</source>
        <comment>certificate check</comment>
        <translation>signatures</translation>
    </message>
    <message>
        <source>trusted set</source>
        <comment>certificate check</comment>
        <translation>trusted set</translation>
    </message>
    <message>
        <source>kind</source>
        <comment>certificate check</comment>
        <translation>kind</translation>
    </message>
    <message>
        <source>holdings</source>
        <comment>certificate check</comment>
        <translation>holdings</translation>
    </message>
    <message>
        <source>signed by %1 of %2 validators (quorum %3)</source>
        <translation>signed by %1 of %2 validators (quorum %3)</translation>
    </message>
    <message>
        <source>no validator set is trusted for this network</source>
        <translation>no validator set is trusted for this network</translation>
    </message>
    <message>
        <source>the header&apos;s hash does not recompute</source>
        <translation>the header&apos;s hash does not recompute</translation>
    </message>
    <message>
        <source>signed for validator set %1, which is not trusted</source>
        <translation>signed for validator set %1, which is not trusted</translation>
    </message>
    <message>
        <source>the header carries no signatures</source>
        <translation>the header carries no signatures</translation>
    </message>
    <message>
        <source>the signatures&apos; indexes are malformed</source>
        <translation>the signatures&apos; indexes are malformed</translation>
    </message>
    <message>
        <source>signature %1 does not come from its validator</source>
        <translation>signature %1 does not come from its validator</translation>
    </message>
    <message>
        <source>only %1 of %2 validators signed, %3 are needed</source>
        <translation>only %1 of %2 validators signed, %3 are needed</translation>
    </message>
    <message>
        <source>the block&apos;s proposer did not sign</source>
        <translation>the block&apos;s proposer did not sign</translation>
    </message>
    <message>
        <source>the header does not link to its parent</source>
        <translation>the header does not link to its parent</translation>
    </message>
    <message>
        <source>this is not the genesis the network was first trusted with</source>
        <translation>this is not the genesis the network was first trusted with</translation>
    </message>
    <message numerus="yes">
        <source>held exactly %Ln object(s)</source>
        <translation>
            <numerusform>held exactly %Ln object</numerusform>
            <numerusform>held exactly %Ln objects</numerusform>
        </translation>
    </message>
    <message>
        <source>the holdings name a malformed object key</source>
        <translation>the holdings name a malformed object key</translation>
    </message>
    <message>
        <source>the holdings are not in key order</source>
        <translation>the holdings are not in key order</translation>
    </message>
    <message>
        <source>the holdings proof is malformed</source>
        <translation>the holdings proof is malformed</translation>
    </message>
    <message>
        <source>the holdings proof leads to another root than the header&apos;s</source>
        <translation>the holdings proof leads to another root than the header&apos;s</translation>
    </message>
    <message>
        <source>the holdings name it, the proof says it does not exist</source>
        <translation>the holdings name it, the proof says it does not exist</translation>
    </message>
    <message>
        <source>the holdings name it, the proof says %1 owns it</source>
        <translation>the holdings name it, the proof says %1 owns it</translation>
    </message>
    <message>
        <source>the indexer lists it, the proven holdings do not</source>
        <translation>the indexer lists it, the proven holdings do not</translation>
    </message>
    <message>
        <source>this node was refused: it is not the network this profile trusts</source>
        <translation>this node was refused: it is not the network this profile trusts</translation>
    </message>
    <message>
        <source>no error</source>
        <translation>no error</translation>
    </message>
    <message>
        <source>the node cannot be reached (%1)</source>
        <translation>the node cannot be reached (%1)</translation>
    </message>
    <message>
        <source>the node did not answer in time (%1)</source>
        <translation>the node did not answer in time (%1)</translation>
    </message>
    <message>
        <source>the node has no such thing (%1)</source>
        <translation>the node has no such thing (%1)</translation>
    </message>
    <message>
        <source>the node refused the request: HTTP %1 %2 (%3)</source>
        <translation>the node refused the request: HTTP %1 %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>the node is limiting requests: try again in %Ln second(s)</source>
        <translation>
            <numerusform>the node is limiting requests: try again in %Ln second</numerusform>
            <numerusform>the node is limiting requests: try again in %Ln seconds</numerusform>
        </translation>
    </message>
    <message>
        <source>the node&apos;s answer is not what the protocol says (%1)</source>
        <translation>the node&apos;s answer is not what the protocol says (%1)</translation>
    </message>
    <message>
        <source>the node&apos;s answer is larger than any honest one (%1)</source>
        <translation>the node&apos;s answer is larger than any honest one (%1)</translation>
    </message>
    <message>
        <source>the node refused the request: error %1 (%2)</source>
        <translation>the node refused the request: error %1 (%2)</translation>
    </message>
    <message>
        <source>art</source>
        <comment>collection category</comment>
        <translation>art</translation>
    </message>
    <message>
        <source>profile pictures</source>
        <comment>collection category</comment>
        <translation>profile pictures</translation>
    </message>
    <message>
        <source>gaming</source>
        <comment>collection category</comment>
        <translation>gaming</translation>
    </message>
    <message>
        <source>music</source>
        <comment>collection category</comment>
        <translation>music</translation>
    </message>
    <message>
        <source>memes</source>
        <comment>collection category</comment>
        <translation>memes</translation>
    </message>
    <message>
        <source>it ends before its field &quot;%1&quot;</source>
        <translation>it ends before its field &quot;%1&quot;</translation>
    </message>
    <message>
        <source>its field &quot;%1&quot; is not UTF-8 text</source>
        <translation>its field &quot;%1&quot; is not UTF-8 text</translation>
    </message>
    <message>
        <source>version %1 is not one this explorer knows (it reads version 1)</source>
        <translation>version %1 is not one this explorer knows (it reads version 1)</translation>
    </message>
    <message>
        <source>kind %1 is not a transaction kind (1 to 7)</source>
        <translation>kind %1 is not a transaction kind (1 to 7)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln byte(s) follow its signature</source>
        <translation>
            <numerusform>%Ln byte follows its signature</numerusform>
            <numerusform>%Ln bytes follow its signature</numerusform>
        </translation>
    </message>
    <message>
        <source>unchecked</source>
        <comment>audit</comment>
        <translation>unchecked</translation>
    </message>
    <message>
        <source>the node did not answer for it (%1); audit again to check it</source>
        <translation>the node did not answer for it (%1); audit again to check it</translation>
    </message>
</context>
<context>
    <name>CollectionAnalytics</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Holder</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objects</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Share</translation>
    </message>
</context>
<context>
    <name>CollectionAnalyticsView</name>
    <message>
        <source>Top holders</source>
        <translation>Top holders</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 h</translation>
    </message>
    <message>
        <source>7 d</source>
        <translation>7 d</translation>
    </message>
    <message>
        <source>30 d</source>
        <translation>30 d</translation>
    </message>
    <message>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Read again</translation>
    </message>
    <message>
        <source>The figures stay at the height they were read at until read again</source>
        <translation>The figures stay at the height they were read at until read again</translation>
    </message>
    <message>
        <source>Could not read the analytics: %1</source>
        <translation>Could not read the analytics: %1</translation>
    </message>
    <message>
        <source>Reading the collection&apos;s market…</source>
        <translation>Reading the collection&apos;s market…</translation>
    </message>
    <message>
        <source>Holding 1 object: %1 · 2–5: %2 · 6–20: %3 · over 20: %4</source>
        <translation>Holding 1 object: %1 · 2–5: %2 · 6–20: %3 · over 20: %4</translation>
    </message>
    <message>
        <source>Only the newest pages were read: the figures are of what was read.</source>
        <translation>Only the newest pages were read: the figures are of what was read.</translation>
    </message>
    <message>
        <source>Floor and volume: not loaded</source>
        <translation>Floor and volume: not loaded</translation>
    </message>
    <message>
        <source>Floor and volume</source>
        <translation>Floor and volume</translation>
    </message>
    <message>
        <source>Floor and volume: no listings or sales yet</source>
        <translation>Floor and volume: no listings or sales yet</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volume</translation>
    </message>
    <message numerus="yes">
        <source>At height %1: %Ln holder(s) of %2 objects.</source>
        <translation>
            <numerusform>At height %1: %Ln holder of %2 objects.</numerusform>
            <numerusform>At height %1: %Ln holders of %2 objects.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Since block %1: %Ln sale(s), volume %2.</source>
        <translation>
            <numerusform>Since block %1: %Ln sale, volume %2.</numerusform>
            <numerusform>Since block %1: %Ln sales, volume %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Floor at that height: %1.</source>
        <translation>Floor at that height: %1.</translation>
    </message>
    <message>
        <source>Nothing was listed at that height.</source>
        <translation>Nothing was listed at that height.</translation>
    </message>
    <message>
        <source>GIF</source>
        <translation>GIF</translation>
    </message>
</context>
<context>
    <name>CollectionFilter</name>
    <message>
        <source>&quot;%1&quot; is not a filter of a collection&apos;s objects.</source>
        <translation>&quot;%1&quot; is not a filter of a collection&apos;s objects.</translation>
    </message>
</context>
<context>
    <name>CollectionListModel</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 — created by %2 at height %3</source>
        <translation>%1 — created by %2 at height %3</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Category</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <source>Owners</source>
        <translation>Owners</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>Listed</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <source>24h volume</source>
        <translation>24h volume</translation>
    </message>
    <message>
        <source>Slug</source>
        <translation>Slug</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>Token id</source>
        <translation>Token id</translation>
    </message>
    <message>
        <source>Rarity</source>
        <translation>Rarity</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Clear filters</translation>
    </message>
    <message>
        <source>Sort by:</source>
        <translation>Sort by:</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  (%2)</translation>
    </message>
    <message>
        <source>%1 · %2 items · %3 owners · %4 listed · floor %5 · 24 h volume %6</source>
        <translation>%1 · %2 items · %3 owners · %4 listed · floor %5 · 24 h volume %6</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s)</source>
        <translation>
            <numerusform>%Ln object</numerusform>
            <numerusform>%Ln objects</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no collection &quot;%1&quot;.</source>
        <translation>There is no collection &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>%L1+ objects match</source>
        <translation>%L1+ objects match</translation>
    </message>
    <message>
        <source>No object has all of these traits.</source>
        <translation>No object has all of these traits.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) match</source>
        <translation>
            <numerusform>%Ln object matches</numerusform>
            <numerusform>%Ln objects match</numerusform>
        </translation>
    </message>
    <message>
        <source>Listed only</source>
        <translation>Listed only</translation>
    </message>
    <message>
        <source>Show only objects for sale now</source>
        <translation>Show only objects for sale now</translation>
    </message>
    <message>
        <source>No object matches these filters.</source>
        <translation>No object matches these filters.</translation>
    </message>
    <message>
        <source>Price, GIF:</source>
        <translation>Price, GIF:</translation>
    </message>
    <message>
        <source>to</source>
        <translation>to</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <source>Last sale</source>
        <translation>Last sale</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Listing</translation>
    </message>
    <message>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>Listed at this price or more, in GIF</source>
        <translation>Listed at this price or more, in GIF</translation>
    </message>
    <message>
        <source>Listed at this price or less, in GIF</source>
        <translation>Listed at this price or less, in GIF</translation>
    </message>
    <message>
        <source>lowest first</source>
        <translation>lowest first</translation>
    </message>
    <message>
        <source>highest first</source>
        <translation>highest first</translation>
    </message>
    <message>
        <source>rarest first</source>
        <translation>rarest first</translation>
    </message>
    <message>
        <source>commonest first</source>
        <translation>commonest first</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>newest first</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>oldest first</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a price in GIF (like 2.5).</source>
        <translation>&quot;%1&quot; is not a price in GIF (like 2.5).</translation>
    </message>
    <message>
        <source>&amp;Objects</source>
        <translation>&amp;Objects</translation>
    </message>
    <message>
        <source>A&amp;nalytics</source>
        <translation>A&amp;nalytics</translation>
    </message>
</context>
<context>
    <name>CollectionPageModel</name>
    <message>
        <source>There is no collection &quot;%1&quot;.</source>
        <translation>There is no collection &quot;%1&quot;.</translation>
    </message>
</context>
<context>
    <name>CopyButton</name>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Copy as gif:// link</source>
        <translation>Copy as gif:// link</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>Copy %1</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>Export cancelled.</source>
        <translation>Export cancelled.</translation>
    </message>
    <message>
        <source>The list went away.</source>
        <translation>The list went away.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>The node stopped answering after %Ln row(s).</source>
        <translation>
            <numerusform>The node stopped answering after %Ln row.</numerusform>
            <numerusform>The node stopped answering after %Ln rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1.</source>
        <translation>
            <numerusform>%Ln row written to %1.</numerusform>
            <numerusform>%Ln rows written to %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (name tag)</source>
        <translation>%1 (name tag)</translation>
    </message>
</context>
<context>
    <name>DetailBrowser</name>
    <message>
        <source>escrow</source>
        <translation>escrow</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>Copy %1</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>just now</source>
        <translation>just now</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 s ago</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>%1 min ago</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>%1 h ago</translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation>%1 d ago</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1, %Ln confirmation(s)</source>
        <translation>
            <numerusform>%1, %Ln confirmation</numerusform>
            <numerusform>%1, %Ln confirmations</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 gwei</source>
        <translation>%1 gwei</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>ExportButton</name>
    <message>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation>Export as CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exporting…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message numerus="yes">
        <source>Exporting… %Ln row(s)</source>
        <translation>
            <numerusform>Exporting… %Ln row</numerusform>
            <numerusform>Exporting… %Ln rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GifLink</name>
    <message>
        <source>&quot;%1&quot; is not a gif:// link.</source>
        <translation>&quot;%1&quot; is not a gif:// link.</translation>
    </message>
    <message>
        <source>The link is for chain %1; gifscan follows chain %2.</source>
        <translation>The link is for chain %1; gifscan follows chain %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a gif:// link of chain %2.</source>
        <translation>&quot;%1&quot; is not a gif:// link of chain %2.</translation>
    </message>
</context>
<context>
    <name>GifPlayer</name>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>◀ Frame</source>
        <translation>◀ Frame</translation>
    </message>
    <message>
        <source>Frame ▶</source>
        <translation>Frame ▶</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Loop</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Speed</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Play</translation>
    </message>
    <message>
        <source>frame %1 of %2</source>
        <translation>frame %1 of %2</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>A block explorer for the GIF chain.</source>
        <translation>A block explorer for the GIF chain.</translation>
    </message>
    <message>
        <source>REST base URL of a node.</source>
        <translation>REST base URL of a node.</translation>
    </message>
    <message>
        <source>JSON-RPC URL of the node.</source>
        <translation>JSON-RPC URL of the node.</translation>
    </message>
    <message>
        <source>Websocket URL of the node.</source>
        <translation>Websocket URL of the node.</translation>
    </message>
    <message>
        <source>A gif:// link to open (gif://6464/&lt;slug&gt;#&lt;id&gt;[@height], an address, a hash).</source>
        <translation>A gif:// link to open (gif://6464/&lt;slug&gt;#&lt;id&gt;[@height], an address, a hash).</translation>
    </message>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>A node is named by all three of --rest, --rpc and --ws.</source>
        <translation>A node is named by all three of --rest, --rpc and --ws.</translation>
    </message>
    <message>
        <source>command line</source>
        <translation>command line</translation>
    </message>
    <message>
        <source>The local devnet could not start: %1</source>
        <translation>The local devnet could not start: %1</translation>
    </message>
    <message>
        <source>Follow the local devnet, which gifscan runs as a program of its own.</source>
        <translation>Follow the local devnet, which gifscan runs as a program of its own.</translation>
    </message>
    <message>
        <source>Seconds between the local devnet&apos;s blocks.</source>
        <translation>Seconds between the local devnet&apos;s blocks.</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <source>About gifscan</source>
        <translation>About gifscan</translation>
    </message>
    <message>
        <source>Following %1, head %L2.</source>
        <translation>Following %1, head %L2.</translation>
    </message>
    <message>
        <source>Following %1, no head yet.</source>
        <translation>Following %1, no head yet.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;gifscan %1&lt;/h3&gt;&lt;p&gt;A block explorer for the GIF chain that proves every owner it shows against headers signed by the validators you trust.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Qt %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;gifscan %1&lt;/h3&gt;&lt;p&gt;A block explorer for the GIF chain that proves every owner it shows against headers signed by the validators you trust.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Qt %3&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>LinkActions</name>
    <message>
        <source>Copied %1</source>
        <translation>Copied %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Copy as gif:// link</source>
        <translation>Copy as gif:// link</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Stop watching</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Watch</translation>
    </message>
    <message>
        <source>Stopped watching %1.</source>
        <translation>Stopped watching %1.</translation>
    </message>
    <message>
        <source>Watching %1.</source>
        <translation>Watching %1.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Rename…</translation>
    </message>
    <message>
        <source>Name this address…</source>
        <translation>Name this address…</translation>
    </message>
    <message>
        <source>Name tag</source>
        <translation>Name tag</translation>
    </message>
    <message>
        <source>A private name for %1, kept on this computer only. Empty removes it.</source>
        <translation>A private name for %1, kept on this computer only. Empty removes it.</translation>
    </message>
    <message>
        <source>%1 has no name tag.</source>
        <translation>%1 has no name tag.</translation>
    </message>
    <message>
        <source>%1 is named &quot;%2&quot;.</source>
        <translation>%1 is named &quot;%2&quot;.</translation>
    </message>
</context>
<context>
    <name>LiveFigures</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>—</source>
        <comment>no figure yet</comment>
        <translation>—</translation>
    </message>
    <message numerus="yes">
        <source>Over the newest %Ln block(s)</source>
        <translation>
            <numerusform>Over the newest block</numerusform>
            <numerusform>Over the newest %Ln blocks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocalPagesEditor</name>
    <message>
        <source>Web pages that may use the local node</source>
        <translation>Web pages that may use the local node</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <source>Not a page&apos;s address: write it as scheme://host:port, for example http://mydapp.test:3000 (port * for any).</source>
        <translation>Not a page&apos;s address: write it as scheme://host:port, for example http://mydapp.test:3000 (port * for any).</translation>
    </message>
    <message>
        <source>Pages on this computer may always use it; other websites you visit are refused, so that they cannot act through your node. Add a page you develop elsewhere (the node restarts to apply it).</source>
        <translation>Pages on this computer may always use it; other websites you visit are refused, so that they cannot act through your node. Add a page you develop elsewhere (the node restarts to apply it).</translation>
    </message>
    <message>
        <source>%1 — this computer, any port, always</source>
        <translation>%1 — this computer, any port, always</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Forward</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Settings…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Open certificate…</source>
        <translation>Open certificate…</translation>
    </message>
    <message>
        <source>Open a certificate</source>
        <translation>Open a certificate</translation>
    </message>
    <message>
        <source>Certificates (*.json)</source>
        <translation>Certificates (*.json)</translation>
    </message>
    <message>
        <source>Broadcast a transaction…</source>
        <translation>Broadcast a transaction…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Quit</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Watch</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Watching</translation>
    </message>
    <message>
        <source>Nothing in this window shows %1.</source>
        <translation>Nothing in this window shows %1.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln collections are named &quot;%1&quot;: choose one by its slug.</source>
        <translation>
            <numerusform>%Ln collection is named &quot;%1&quot;: choose one by its slug.</numerusform>
            <numerusform>%Ln collections are named &quot;%1&quot;: choose one by its slug.</numerusform>
        </translation>
    </message>
    <message>
        <source>Watching %1: notifications will come for it (%2 stops).</source>
        <translation>Watching %1: notifications will come for it (%2 stops).</translation>
    </message>
    <message>
        <source>Stopped watching %1.</source>
        <translation>Stopped watching %1.</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
</context>
<context>
    <name>NetworkBanner</name>
    <message>
        <source>Trust…</source>
        <translation>Trust…</translation>
    </message>
    <message>
        <source>See the node&apos;s validators again and choose whether to trust them</source>
        <translation>See the node&apos;s validators again and choose whether to trust them</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Settings…</translation>
    </message>
    <message>
        <source>Nothing this node serves is shown until its validators are trusted.</source>
        <translation>Nothing this node serves is shown until its validators are trusted.</translation>
    </message>
</context>
<context>
    <name>NetworkStatusModel</name>
    <message>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>connecting</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>reconnecting</translation>
    </message>
    <message>
        <source>polling</source>
        <translation>polling</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>stale</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>offline</translation>
    </message>
    <message>
        <source>wrong network</source>
        <translation>wrong network</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>not answering</translation>
    </message>
    <message>
        <source>validators not trusted yet: nothing is verified</source>
        <translation>validators not trusted yet: nothing is verified</translation>
    </message>
    <message>
        <source>headers not signed by the trusted validators</source>
        <translation>headers not signed by the trusted validators</translation>
    </message>
    <message>
        <source>the local node crashed; restarting it</source>
        <translation>the local node crashed; restarting it</translation>
    </message>
    <message>
        <source>the local node stopped (exit code %1); restarting it</source>
        <translation>the local node stopped (exit code %1); restarting it</translation>
    </message>
    <message numerus="yes">
        <source>trying again in %Ln s</source>
        <translation>
            <numerusform>trying again in %Ln s</numerusform>
            <numerusform>trying again in %Ln s</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot reach the node: %1</source>
        <translation>cannot reach the node: %1</translation>
    </message>
    <message>
        <source>cannot reach the node: %1; %2</source>
        <translation>cannot reach the node: %1; %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>This node&apos;s validators are not trusted yet. Nothing it serves is shown until you trust them: compare their fingerprint with the one the network publishes.</source>
        <translation>This node&apos;s validators are not trusted yet. Nothing it serves is shown until you trust them: compare their fingerprint with the one the network publishes.</translation>
    </message>
    <message>
        <source>This node is not the network gifscan trusts for %1: its headers are not signed by the trusted validators. Nothing it serves is shown as the chain.</source>
        <translation>This node is not the network gifscan trusts for %1: its headers are not signed by the trusted validators. Nothing it serves is shown as the chain.</translation>
    </message>
</context>
<context>
    <name>NotificationCenter</name>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
</context>
<context>
    <name>NotificationLog</name>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message numerus="yes">
        <source>While you were away: %Ln block(s), </source>
        <translation>
            <numerusform>While you were away: %Ln block, </numerusform>
            <numerusform>While you were away: %Ln blocks, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s) on your watchlist.</source>
        <translation>
            <numerusform>%Ln event on your watchlist.</numerusform>
            <numerusform>%Ln events on your watchlist.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>gifscan: %1</source>
        <translation>gifscan: %1</translation>
    </message>
    <message>
        <source>The floor of %1 moved from %2 to %3.</source>
        <translation>The floor of %1 moved from %2 to %3.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>%1 sold for %2 to %3 (block %4)</source>
        <translation>%1 sold for %2 to %3 (block %4)</translation>
    </message>
    <message>
        <source>%1 went from %2 to %3 (block %4)</source>
        <translation>%1 went from %2 to %3 (block %4)</translation>
    </message>
    <message>
        <source>%1 minted to %2 (block %3)</source>
        <translation>%1 minted to %2 (block %3)</translation>
    </message>
    <message>
        <source>%1: %2 (block %3)</source>
        <translation>%1: %2 (block %3)</translation>
    </message>
    <message>
        <source>%1 listed for %2 by %3 (block %4)</source>
        <translation>%1 listed for %2 by %3 (block %4)</translation>
    </message>
    <message>
        <source>%1 taken off the market by %2 (block %3)</source>
        <translation>%1 taken off the market by %2 (block %3)</translation>
    </message>
</context>
<context>
    <name>ObjectGridView</name>
    <message>
        <source>Copy key</source>
        <translation>Copy key</translation>
    </message>
    <message>
        <source>Copy owner</source>
        <translation>Copy owner</translation>
    </message>
</context>
<context>
    <name>ObjectListModel</name>
    <message>
        <source>%1
Rarity #%2
Owner %3</source>
        <translation>%1
Rarity #%2
Owner %3</translation>
    </message>
    <message>
        <source>key</source>
        <translation>key</translation>
    </message>
    <message>
        <source>collection</source>
        <translation>collection</translation>
    </message>
    <message>
        <source>token id</source>
        <translation>token id</translation>
    </message>
    <message>
        <source>owner</source>
        <translation>owner</translation>
    </message>
    <message>
        <source>rarity rank</source>
        <translation>rarity rank</translation>
    </message>
    <message>
        <source>%1
Rarity #%2
Listed by %3 for %4</source>
        <translation>%1
Rarity #%2
Listed by %3 for %4</translation>
    </message>
    <message>
        <source>%1
Audit: %2</source>
        <translation>%1
Audit: %2</translation>
    </message>
    <message>
        <source>rarity #%1</source>
        <translation>rarity #%1</translation>
    </message>
    <message>
        <source>listed price</source>
        <translation>listed price</translation>
    </message>
    <message>
        <source>last sale price</source>
        <translation>last sale price</translation>
    </message>
    <message>
        <source>sold %1</source>
        <translation>sold %1</translation>
    </message>
</context>
<context>
    <name>ObjectPage</name>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Verify</translation>
    </message>
    <message>
        <source>History</source>
        <translation>History</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Verifying…</translation>
    </message>
    <message>
        <source>%1 at height %2</source>
        <translation>%1 at height %2</translation>
    </message>
    <message>
        <source> (%1% have it)</source>
        <translation> (%1% have it)</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>not listed</translation>
    </message>
    <message>
        <source>%1, in escrow %2</source>
        <translation>%1, in escrow %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>No recent activity.</source>
        <translation>No recent activity.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>To</source>
        <translation>To</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaction</translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation>Could not verify: %1</translation>
    </message>
    <message>
        <source>Mismatch: the indexer names another owner</source>
        <translation>Mismatch: the indexer names another owner</translation>
    </message>
    <message>
        <source>Indexed only: the proof does not hold</source>
        <translation>Indexed only: the proof does not hold</translation>
    </message>
    <message>
        <source>%1 (proven)</source>
        <translation>%1 (proven)</translation>
    </message>
    <message>
        <source>%1 (the indexer&apos;s, unverified)</source>
        <translation>%1 (the indexer&apos;s, unverified)</translation>
    </message>
    <message>
        <source>Not verified: %1</source>
        <translation>Not verified: %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>#%L1 of %L2</source>
        <translation>#%L1 of %L2</translation>
    </message>
    <message>
        <source>#%L1</source>
        <translation>#%L1</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Collection</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Rarity</source>
        <translation>Rarity</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>Traits</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Listing</translation>
    </message>
    <message>
        <source>Last sale</source>
        <translation>Last sale</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Frames</translation>
    </message>
    <message>
        <source>%L1, %2×%3</source>
        <translation>%L1, %2×%3</translation>
    </message>
    <message>
        <source>Minted</source>
        <translation>Minted</translation>
    </message>
    <message>
        <source>at height %1</source>
        <translation>at height %1</translation>
    </message>
    <message>
        <source>listed by %1 (in escrow %2; the indexer&apos;s, unverified)</source>
        <translation>listed by %1 (in escrow %2; the indexer&apos;s, unverified)</translation>
    </message>
    <message>
        <source>in escrow %2 (proven), listed by %1 (the indexer&apos;s word)</source>
        <translation>in escrow %2 (proven), listed by %1 (the indexer&apos;s word)</translation>
    </message>
    <message>
        <source>Older entries are not shown.</source>
        <translation>Older entries are not shown.</translation>
    </message>
    <message>
        <source>Verified at height %L1</source>
        <translation>Verified at height %L1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Proof</source>
        <translation>Proof</translation>
    </message>
    <message>
        <source>Read at the head, %L1; the chain is at %L2 now: Now reads it again.</source>
        <translation>Read at the head, %L1; the chain is at %L2 now: Now reads it again.</translation>
    </message>
</context>
<context>
    <name>ObjectPageModel</name>
    <message>
        <source>Height %L1 is beyond the head (%L2).</source>
        <translation>Height %L1 is beyond the head (%L2).</translation>
    </message>
    <message>
        <source>There is no %1 on this chain.</source>
        <translation>There is no %1 on this chain.</translation>
    </message>
    <message>
        <source>%1 was minted at height %L2: at height %L3 it did not exist yet.</source>
        <translation>%1 was minted at height %L2: at height %L3 it did not exist yet.</translation>
    </message>
    <message>
        <source>There was no %1 at height %L2.</source>
        <translation>There was no %1 at height %L2.</translation>
    </message>
</context>
<context>
    <name>ObjectThumbnailDelegate</name>
    <message numerus="yes">
        <source>%Ln object(s)</source>
        <translation>
            <numerusform>%Ln object</numerusform>
            <numerusform>%Ln objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Pages</name>
    <message>
        <source>No watchlist in this window.</source>
        <translation>No watchlist in this window.</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Blocks</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Collections</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activity</translation>
    </message>
    <message>
        <source>Watchlist</source>
        <translation>Watchlist</translation>
    </message>
</context>
<context>
    <name>PriceHistoryChart</name>
    <message>
        <source>GIF</source>
        <translation>GIF</translation>
    </message>
    <message>
        <source>Price history: no sales yet</source>
        <translation>Price history: no sales yet</translation>
    </message>
    <message numerus="yes">
        <source>Price history: %Ln sale(s)</source>
        <translation>
            <numerusform>Price history: %Ln sale</numerusform>
            <numerusform>Price history: %Ln sales</numerusform>
        </translation>
    </message>
    <message>
        <source>Sold for %1 at height %L2
%3</source>
        <translation>Sold for %1 at height %L2
%3</translation>
    </message>
    <message>
        <source>Price history: not loaded</source>
        <translation>Price history: not loaded</translation>
    </message>
</context>
<context>
    <name>ProfileStore</name>
    <message>
        <source>Local devnet</source>
        <translation>Local devnet</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>A profile needs a name.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is the built-in profile; choose another name.</source>
        <translation>&quot;%1&quot; is the built-in profile; choose another name.</translation>
    </message>
    <message>
        <source>The REST URL must be http:// or https:// with a host.</source>
        <translation>The REST URL must be http:// or https:// with a host.</translation>
    </message>
    <message>
        <source>The JSON-RPC URL must be http:// or https:// with a host.</source>
        <translation>The JSON-RPC URL must be http:// or https:// with a host.</translation>
    </message>
    <message>
        <source>The websocket URL must be ws:// or wss:// with a host.</source>
        <translation>The websocket URL must be ws:// or wss:// with a host.</translation>
    </message>
    <message>
        <source>The chain id is a positive number.</source>
        <translation>The chain id is a positive number.</translation>
    </message>
</context>
<context>
    <name>ProofInspector</name>
    <message>
        <source>Check</source>
        <translation>Check</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>Copy value</translation>
    </message>
    <message>
        <source>Header %1</source>
        <translation>Header %1</translation>
    </message>
    <message>
        <source>hash recomputes</source>
        <translation>hash recomputes</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>signatures</source>
        <translation>signatures</translation>
    </message>
    <message>
        <source>validator set</source>
        <translation>validator set</translation>
    </message>
    <message>
        <source>validator %1</source>
        <translation>validator %1</translation>
    </message>
    <message>
        <source>not in the set</source>
        <translation>not in the set</translation>
    </message>
    <message>
        <source>quorum</source>
        <translation>quorum</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>object root</source>
        <translation>object root</translation>
    </message>
    <message numerus="yes">
        <source>Proof, %Ln siblings</source>
        <translation>
            <numerusform>Proof, %Ln sibling</numerusform>
            <numerusform>Proof, %Ln siblings</numerusform>
        </translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>leaf</translation>
    </message>
    <message>
        <source>start</source>
        <translation>start</translation>
    </message>
    <message>
        <source>depth %1, path goes %2</source>
        <translation>depth %1, path goes %2</translation>
    </message>
    <message>
        <source>right</source>
        <translation>right</translation>
    </message>
    <message>
        <source>left</source>
        <translation>left</translation>
    </message>
    <message>
        <source>sibling %1 → %2</source>
        <translation>sibling %1 → %2</translation>
    </message>
    <message>
        <source>computed root</source>
        <translation>computed root</translation>
    </message>
    <message>
        <source>Content: the GIF shown is the one the leaf commits to</source>
        <translation>Content: the GIF shown is the one the leaf commits to</translation>
    </message>
    <message>
        <source>Content: the node&apos;s GIF is not the one the leaf commits to</source>
        <translation>Content: the node&apos;s GIF is not the one the leaf commits to</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>no owner</translation>
    </message>
    <message>
        <source>Indexer&apos;s owner: %1</source>
        <translation>Indexer&apos;s owner: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Latest blocks</source>
        <translation>Latest blocks</translation>
    </message>
    <message>
        <source>Latest activity</source>
        <translation>Latest activity</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Collections</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>All categories</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Category:</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activity</translation>
    </message>
    <message>
        <source>All types</source>
        <translation>All types</translation>
    </message>
    <message>
        <source>All collections</source>
        <translation>All collections</translation>
    </message>
    <message>
        <source>any height</source>
        <translation>any height</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type:</translation>
    </message>
    <message>
        <source>Collection:</source>
        <translation>Collection:</translation>
    </message>
    <message>
        <source>Since block:</source>
        <translation>Since block:</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Blocks</translation>
    </message>
    <message>
        <source>Average block time</source>
        <translation>Average block time</translation>
    </message>
    <message>
        <source>Transactions per second</source>
        <translation>Transactions per second</translation>
    </message>
    <message>
        <source>Pending transactions</source>
        <translation>Pending transactions</translation>
    </message>
    <message>
        <source>Transactions the node holds for a coming block</source>
        <translation>Transactions the node holds for a coming block</translation>
    </message>
</context>
<context>
    <name>SearchBox</name>
    <message>
        <source>Height, hash, address, collection, slug#id or slug#id@height  (Ctrl+L or /)</source>
        <translation>Height, hash, address, collection, slug#id or slug#id@height  (Ctrl+L or /)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>%1 — your name for %2</source>
        <translation>%1 — your name for %2</translation>
    </message>
</context>
<context>
    <name>SearchQuery</name>
    <message>
        <source>Type a height, a hash, an address, a collection or slug#id.</source>
        <translation>Type a height, a hash, an address, a collection or slug#id.</translation>
    </message>
    <message>
        <source>That height is too large.</source>
        <translation>That height is too large.</translation>
    </message>
    <message>
        <source>0x is followed by 40 hex digits for an address or 64 for a hash.</source>
        <translation>0x is followed by 40 hex digits for an address or 64 for a hash.</translation>
    </message>
    <message>
        <source>After @ comes a block height.</source>
        <translation>After @ comes a block height.</translation>
    </message>
    <message>
        <source>An object is slug#id, like pixel-cats#42.</source>
        <translation>An object is slug#id, like pixel-cats#42.</translation>
    </message>
    <message>
        <source>Not a height, hash, address, collection or object.</source>
        <translation>Not a height, hash, address, collection or object.</translation>
    </message>
</context>
<context>
    <name>SearchSuggestions</name>
    <message>
        <source>block %1</source>
        <translation>block %1</translation>
    </message>
    <message>
        <source>transaction or block %1</source>
        <translation>transaction or block %1</translation>
    </message>
    <message>
        <source>address %1</source>
        <translation>address %1</translation>
    </message>
    <message>
        <source>%1 at height %2</source>
        <translation>%1 at height %2</translation>
    </message>
    <message>
        <source>object %1</source>
        <translation>object %1</translation>
    </message>
    <message>
        <source>an object of %1</source>
        <translation>an object of %1</translation>
    </message>
    <message>
        <source>collection %1</source>
        <translation>collection %1</translation>
    </message>
    <message>
        <source>recent: %1</source>
        <translation>recent: %1</translation>
    </message>
    <message>
        <source>collection %1 (%2)</source>
        <translation>collection %1 (%2)</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>REST URL</source>
        <translation>REST URL</translation>
    </message>
    <message>
        <source>JSON-RPC URL</source>
        <translation>JSON-RPC URL</translation>
    </message>
    <message>
        <source>Websocket URL</source>
        <translation>Websocket URL</translation>
    </message>
    <message>
        <source>Chain id</source>
        <translation>Chain id</translation>
    </message>
    <message>
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Network profiles</source>
        <translation>Network profiles</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Preferences</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>As the system</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Always</translation>
    </message>
    <message>
        <source>On hover</source>
        <translation>On hover</translation>
    </message>
    <message>
        <source>Off (reduced motion)</source>
        <translation>Off (reduced motion)</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Notify about the watchlist</source>
        <translation>Notify about the watchlist</translation>
    </message>
    <message>
        <source>Minimise to the tray</source>
        <translation>Minimise to the tray</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>Look</translation>
    </message>
    <message>
        <source>Animated thumbnails</source>
        <translation>Animated thumbnails</translation>
    </message>
    <message>
        <source>Frame cache</source>
        <translation>Frame cache</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Forget</translation>
    </message>
    <message>
        <source>Trusts</source>
        <translation>Trusts</translation>
    </message>
    <message>
        <source>nothing yet: the first connection asks</source>
        <translation>nothing yet: the first connection asks</translation>
    </message>
    <message numerus="yes">
        <source>validator set %1 (%Ln validators), genesis %2</source>
        <translation>
            <numerusform>validator set %1 (%Ln validator), genesis %2</numerusform>
            <numerusform>validator set %1 (%Ln validators), genesis %2</numerusform>
        </translation>
    </message>
    <message>
        <source>not learnt yet</source>
        <translation>not learnt yet</translation>
    </message>
    <message>
        <source>(chosen when it starts)</source>
        <translation>(chosen when it starts)</translation>
    </message>
</context>
<context>
    <name>StartingScreen</name>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>Starting the local devnet…</source>
        <translation>Starting the local devnet…</translation>
    </message>
    <message>
        <source>Starting the local devnet: importing its chain</source>
        <translation>Starting the local devnet: importing its chain</translation>
    </message>
    <message>
        <source>Starting the local devnet: bringing its database up to date</source>
        <translation>Starting the local devnet: bringing its database up to date</translation>
    </message>
    <message>
        <source>Block %1 of %2, once: the old block log is kept beside the new database.</source>
        <translation>Block %1 of %2, once: the old block log is kept beside the new database.</translation>
    </message>
    <message>
        <source>Block %1 of %2, once: this database was written by an older gifscan.</source>
        <translation>Block %1 of %2, once: this database was written by an older gifscan.</translation>
    </message>
    <message>
        <source>Starting the local devnet: building its first block</source>
        <translation>Starting the local devnet: building its first block</translation>
    </message>
    <message>
        <source>Transaction %1 of %2, once: the chain is kept for the next start.</source>
        <translation>Transaction %1 of %2, once: the chain is kept for the next start.</translation>
    </message>
</context>
<context>
    <name>StatusBarWidget</name>
    <message>
        <source>No network</source>
        <translation>No network</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <source>No head yet</source>
        <translation>No head yet</translation>
    </message>
    <message numerus="yes">
        <source>%Ln s since the last block</source>
        <translation>
            <numerusform>%Ln s since the last block</numerusform>
            <numerusform>%Ln s since the last block</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Use the local devnet</source>
        <translation>Use the local devnet</translation>
    </message>
    <message>
        <source>Follow a node gifscan runs on this computer instead</source>
        <translation>Follow a node gifscan runs on this computer instead</translation>
    </message>
</context>
<context>
    <name>TablePage</name>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>Could not load: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln new — show</source>
        <translation>
            <numerusform>%Ln new — show</numerusform>
            <numerusform>%Ln new — show</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraitFilterPanel</name>
    <message>
        <source>%1 (%2 of the %3 matching)</source>
        <translation>%1 (%2 of the %3 matching)</translation>
    </message>
    <message>
        <source>%1 (%2, %3%)</source>
        <translation>%1 (%2, %3%)</translation>
    </message>
</context>
<context>
    <name>TransactionPage</name>
    <message>
        <source>Transaction</source>
        <translation>Transaction</translation>
    </message>
    <message>
        <source>Transaction %1</source>
        <translation>Transaction %1</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Nonce</translation>
    </message>
    <message>
        <source>To</source>
        <translation>To</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Collection</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Category</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>Traits</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Content</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <source>Gas price</source>
        <translation>Gas price</translation>
    </message>
    <message>
        <source>Gas limit</source>
        <translation>Gas limit</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>pending: in the mempool, not in a block yet</source>
        <translation>pending: in the mempool, not in a block yet</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>, position %1</source>
        <translation>, position %1</translation>
    </message>
    <message>
        <source>success</source>
        <translation>success</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>failed: %1</translation>
    </message>
    <message>
        <source>Gas used</source>
        <translation>Gas used</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Fee</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Maximum price</source>
        <translation>Maximum price</translation>
    </message>
</context>
<context>
    <name>TransactionPageModel</name>
    <message>
        <source>No transaction or block has the hash %1.</source>
        <translation>No transaction or block has the hash %1.</translation>
    </message>
</context>
<context>
    <name>TravelRow</name>
    <message>
        <source>Read the object as it was at this height, and prove it there</source>
        <translation>Read the object as it was at this height, and prove it there</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Go</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Now</translation>
    </message>
    <message>
        <source>At height</source>
        <translation>At height</translation>
    </message>
</context>
<context>
    <name>WatchlistModel</name>
    <message>
        <source>Watched</source>
        <translation>Watched</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Last event</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Age</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>listed by %1</source>
        <translation>listed by %1</translation>
    </message>
    <message>
        <source>%1 at block %L2</source>
        <translation>%1 at block %L2</translation>
    </message>
    <message>
        <source>object</source>
        <translation>object</translation>
    </message>
    <message>
        <source>address</source>
        <translation>address</translation>
    </message>
    <message>
        <source>collection</source>
        <translation>collection</translation>
    </message>
    <message>
        <source>none listed</source>
        <translation>none listed</translation>
    </message>
    <message>
        <source>minted in the genesis</source>
        <translation>minted in the genesis</translation>
    </message>
    <message>
        <source>minted at block %L1</source>
        <translation>minted at block %L1</translation>
    </message>
    <message>
        <source>moved at block %L1</source>
        <translation>moved at block %L1</translation>
    </message>
    <message>
        <source>listed for %1 at block %L2</source>
        <translation>listed for %1 at block %L2</translation>
    </message>
    <message>
        <source>taken off the market at block %L1</source>
        <translation>taken off the market at block %L1</translation>
    </message>
    <message>
        <source>sold for %1 at block %L2</source>
        <translation>sold for %1 at block %L2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>WatchlistPage</name>
    <message>
        <source>Watchlist</source>
        <translation>Watchlist</translation>
    </message>
    <message>
        <source>Notifications come for these when their blocks&apos; headers verify: an object changing owner, listed or sold; an address sending or receiving; a collection&apos;s mints and floor.</source>
        <translation>Notifications come for these when their blocks&apos; headers verify: an object changing owner, listed or sold; an address sending or receiving; a collection&apos;s mints and floor.</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Stop watching</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Notifications</translation>
    </message>
    <message>
        <source>None yet: they are kept here as they come, tray or not.</source>
        <translation>None yet: they are kept here as they come, tray or not.</translation>
    </message>
    <message>
        <source>Nothing watched yet: press Watch (Ctrl+D) on an object, address or collection page.</source>
        <translation>Nothing watched yet: press Watch (Ctrl+D) on an object, address or collection page.</translation>
    </message>
</context>
</TS>
