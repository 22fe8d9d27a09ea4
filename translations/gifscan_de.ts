<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ActivityListModel</name>
    <message>
        <source>Type</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
</context>
<context>
    <name>AddressPage</name>
    <message>
        <source>Escrow</source>
        <translation>Treuhand</translation>
    </message>
    <message>
        <source>of %1: a listed object waits here until it is bought or delisted</source>
        <translation>von %1: ein angebotenes Objekt wartet hier, bis es gekauft oder zurückgezogen wird</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>head</source>
        <translation>aktueller Block</translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation>Prüfung exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>A folder for the certificates</source>
        <translation>Ein Ordner für die Zertifikate</translation>
    </message>
    <message>
        <source>Holdings</source>
        <translation>Bestand</translation>
    </message>
    <message>
        <source>Activity of this address</source>
        <translation>Aktivität dieser Adresse</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>Address %1</source>
        <translation>Adresse %1</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Guthaben</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Nonce</translation>
    </message>
    <message>
        <source>Transactions sent</source>
        <translation>Gesendete Transaktionen</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>Angeboten</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Auditing…</source>
        <translation>Prüfe…</translation>
    </message>
    <message>
        <source>The audit could not finish: %1</source>
        <translation>Die Prüfung konnte nicht abgeschlossen werden: %1</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (abgebrochen)</translation>
    </message>
    <message>
        <source>Audit as CSV…</source>
        <translation>Prüfung als CSV…</translation>
    </message>
    <message>
        <source>Not proven: the header at height %1 does not verify: %2</source>
        <translation>Nicht bewiesen: der Kopf bei Blockhöhe %1 ist nicht verifiziert: %2</translation>
    </message>
    <message>
        <source>Not proven: %1</source>
        <translation>Nicht bewiesen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Holds exactly %Ln object(s) at height %1, proven.</source>
        <translation>
            <numerusform>Besitzt bei Blockhöhe %1 genau %Ln Objekt, bewiesen.</numerusform>
            <numerusform>Besitzt bei Blockhöhe %1 genau %Ln Objekte, bewiesen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The indexer says %L1 objects, the proof %L2.</source>
        <translation>Der Indexer nennt %L1 Objekte, der Beweis %L2.</translation>
    </message>
    <message>
        <source>Minted</source>
        <translation>Geprägt</translation>
    </message>
    <message>
        <source>Bought</source>
        <translation>Gekauft</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Verkauft</translation>
    </message>
    <message>
        <source>Transfers in</source>
        <translation>Übertragungen herein</translation>
    </message>
    <message>
        <source>Transfers out</source>
        <translation>Übertragungen hinaus</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>Audit its holdings at height</source>
        <translation>Bestand prüfen bei Blockhöhe</translation>
    </message>
    <message>
        <source>Prove every object it holds against a signed header</source>
        <translation>Jedes gehaltene Objekt gegen einen signierten Blockkopf beweisen</translation>
    </message>
    <message>
        <source>At height</source>
        <translation>Bei Höhe</translation>
    </message>
    <message>
        <source>%1, following the head</source>
        <translation>%1, folgt dem aktuellen Block</translation>
    </message>
    <message>
        <source>A private name for this address, shown wherever it appears</source>
        <translation>Ein privater Name für diese Adresse, überall angezeigt, wo sie erscheint</translation>
    </message>
    <message>
        <source>Name…</source>
        <translation>Benennen…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message numerus="yes">
        <source>%p% — waiting %Ln s for the node (its rate limit)</source>
        <translation>
            <numerusform>%p% — warte %Ln s auf den Knoten (sein Ratenlimit)</numerusform>
            <numerusform>%p% — warte %Ln s auf den Knoten (sein Ratenlimit)</numerusform>
        </translation>
    </message>
    <message>
        <source>At height %1: %L2 verified, %L3 absent, %L4 mismatched, %L5 failed%6%7.</source>
        <translation>Bei Blockhöhe %1: %L2 verifiziert, %L3 fehlend, %L4 abweichend, %L5 fehlgeschlagen%6%7.</translation>
    </message>
    <message>
        <source>, %L1 unchecked</source>
        <translation>, %L1 ungeprüft</translation>
    </message>
    <message numerus="yes">
        <source>Could not finish: the node did not answer for %Ln object(s), which remain unchecked; nothing checked failed. Audit again to finish.</source>
        <translation>
            <numerusform>Nicht abgeschlossen: Der Knoten hat für %Ln Objekt nicht geantwortet, das ungeprüft bleibt; nichts Geprüftes ist fehlgeschlagen. Prüfen Sie erneut, um abzuschließen.</numerusform>
            <numerusform>Nicht abgeschlossen: Der Knoten hat für %Ln Objekte nicht geantwortet, die ungeprüft bleiben; nichts Geprüftes ist fehlgeschlagen. Prüfen Sie erneut, um abzuschließen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export certificates</source>
        <translation>Zertifikate exportieren</translation>
    </message>
    <message>
        <source>Export holdings certificate…</source>
        <translation>Bestandszertifikat exportieren…</translation>
    </message>
    <message>
        <source>Export the holdings certificate</source>
        <translation>Das Bestandszertifikat exportieren</translation>
    </message>
    <message>
        <source>Certificates (*.json)</source>
        <translation>Zertifikate (*.json)</translation>
    </message>
    <message>
        <source>Export a certificate per object…</source>
        <translation>Ein Zertifikat je Objekt exportieren…</translation>
    </message>
    <message>
        <source>The holdings certificate was written to %1: File → Open certificate checks it.</source>
        <translation>Das Bestandszertifikat wurde nach %1 geschrieben: Datei → Zertifikat öffnen prüft es.</translation>
    </message>
    <message>
        <source>Certificates written to %1: %L2.</source>
        <translation>Zertifikate geschrieben nach %1: %L2.</translation>
    </message>
    <message>
        <source>Certificates written to %1: %L2, then: %3</source>
        <translation>Zertifikate geschrieben nach %1: %L2, dann: %3</translation>
    </message>
</context>
<context>
    <name>AppController</name>
    <message>
        <source>gifscan-devnet was not found beside gifscan (%1)</source>
        <translation>gifscan-devnet wurde nicht neben gifscan gefunden (%1)</translation>
    </message>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>The local devnet could not start: %1</source>
        <translation>Das lokale Devnet konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>gifscan — %1</source>
        <translation>gifscan — %1</translation>
    </message>
    <message>
        <source>Trust this network?</source>
        <translation>Diesem Netz vertrauen?</translation>
    </message>
    <message>
        <source>%1 is signed by a validator set gifscan has not seen before.

Fingerprint: %2
Validators: %3
Genesis: %4

Trust it only if this is the fingerprint the network publishes. Until then nothing it serves is shown as verified.</source>
        <translation>%1 wird von einer Validatorenmenge signiert, die gifscan noch nie gesehen hat.

Fingerabdruck: %2
Validatoren: %3
Genesis: %4

Vertrauen Sie ihr nur, wenn das Netz genau diesen Fingerabdruck veröffentlicht. Bis dahin wird nichts von ihm als verifiziert angezeigt.</translation>
    </message>
    <message>
        <source>Another gifscan was given a link it cannot open:</source>
        <translation>Ein weiteres gifscan erhielt einen Link, den es nicht öffnen kann:</translation>
    </message>
    <message>
        <source>It takes the place of validator set %1, which %2 trusted until now.</source>
        <translation>Es tritt an die Stelle des Validator-Sets %1, dem %2 bisher vertraut hat.</translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>There is no audit to export yet.</source>
        <translation>Es gibt noch keine Prüfung zum Exportieren.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>%1 did not verify again: %2</source>
        <translation>%1 ließ sich nicht erneut verifizieren: %2</translation>
    </message>
    <message>
        <source>the proof fails</source>
        <translation>der Beweis schlägt fehl</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a certificate: not JSON (%2).</source>
        <translation>%1 ist kein Zertifikat: kein JSON (%2).</translation>
    </message>
    <message>
        <source>%1 is not a certificate: %2</source>
        <translation>%1 ist kein Zertifikat: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the header at height %1 does not verify</source>
        <translation>der Blockkopf bei Blockhöhe %1 ist nicht bestätigt</translation>
    </message>
    <message>
        <source>The holdings were not proven: there is no certificate to write.</source>
        <translation>Der Bestand wurde nicht bewiesen: Es gibt kein Zertifikat zu schreiben.</translation>
    </message>
    <message>
        <source>The certificate does not check (%1): it was not written.</source>
        <translation>Das Zertifikat besteht die Prüfung nicht (%1): Es wurde nicht geschrieben.</translation>
    </message>
    <message>
        <source>%1 holds %2 of these certificates already: nothing was written over; choose another folder.</source>
        <translation>%1 enthält %2 dieser Zertifikate schon: Nichts wurde überschrieben; wählen Sie einen anderen Ordner.</translation>
    </message>
</context>
<context>
    <name>BlockListModel</name>
    <message>
        <source>Height</source>
        <translation>Blockhöhe</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transakt.</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Vorschlagender</translation>
    </message>
</context>
<context>
    <name>BlockPage</name>
    <message>
        <source>Value or price</source>
        <translation>Wert oder Preis</translation>
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
        <translation>Blockkopf wird geprüft…</translation>
    </message>
    <message>
        <source>Header does not verify: the transaction root does not match</source>
        <translation>Blockkopf ungültig: die Transaktionswurzel stimmt nicht</translation>
    </message>
    <message>
        <source>Header does not verify: the transaction count does not match</source>
        <translation>Blockkopf ungültig: die Transaktionsanzahl stimmt nicht</translation>
    </message>
    <message>
        <source>Header does not verify: the parent hash names another block</source>
        <translation>Blockkopf ungültig: der Vorgänger-Hash nennt einen anderen Block</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Blockhöhe</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Vorgänger</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Vorschlagender</translation>
    </message>
    <message>
        <source>Object root</source>
        <translation>Objektwurzel</translation>
    </message>
    <message>
        <source>Transaction root</source>
        <translation>Transaktionswurzel</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transaktionen</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Nächster</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>Block %1</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Object, collection or recipient</source>
        <translation>Objekt, Sammlung oder Empfänger</translation>
    </message>
    <message>
        <source>Header verified: %1; transaction root and count recompute, the parent links</source>
        <translation>Kopf verifiziert: %1; Transaktionswurzel und -anzahl stimmen, der Elternblock passt</translation>
    </message>
    <message>
        <source>Header does not verify: %1</source>
        <translation>Kopf nicht verifiziert: %1</translation>
    </message>
    <message>
        <source>Holdings root</source>
        <translation>Besitzwurzel</translation>
    </message>
    <message>
        <source>Validator set</source>
        <translation>Validatorenmenge</translation>
    </message>
</context>
<context>
    <name>BlockPageModel</name>
    <message>
        <source>There is no block %L1 yet: the head is %L2.</source>
        <translation>Block %L1 gibt es noch nicht: der aktuelle Block ist %L2.</translation>
    </message>
    <message>
        <source>There is no block %L1.</source>
        <translation>Block %L1 gibt es nicht.</translation>
    </message>
    <message>
        <source>No block has the hash %1.</source>
        <translation>Kein Block hat den Hash %1.</translation>
    </message>
</context>
<context>
    <name>BlockTimeChart</name>
    <message>
        <source>height</source>
        <translation>Blockhöhe</translation>
    </message>
    <message numerus="yes">
        <source>Block times, last %Ln blocks</source>
        <translation>
            <numerusform>Blockzeiten, letzter Block</numerusform>
            <numerusform>Blockzeiten, letzte %Ln Blöcke</numerusform>
        </translation>
    </message>
    <message>
        <source>Block %L1: %L2 s after the one before</source>
        <translation>Block %L1: %L2 s nach dem vorigen</translation>
    </message>
    <message numerus="yes">
        <source> (%Ln above %1 s, the longest %2)</source>
        <translation>
            <numerusform> (%Ln über %1 s, die längste %2)</numerusform>
            <numerusform> (%Ln über %1 s, die längste %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Block times: no blocks yet</source>
        <translation>Blockzeiten: noch keine Blöcke</translation>
    </message>
    <message>
        <source>Block times: the first comes with block 2</source>
        <translation>Blockzeiten: die erste kommt mit Block 2</translation>
    </message>
</context>
<context>
    <name>BroadcastDialog</name>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Open transaction</source>
        <translation>Transaktion öffnen</translation>
    </message>
    <message>
        <source>Broadcast a transaction</source>
        <translation>Transaktion senden</translation>
    </message>
    <message>
        <source>Paste a signed raw transaction: 0x…</source>
        <translation>Signierte Rohtransaktion einfügen: 0x…</translation>
    </message>
    <message>
        <source>nobody: it is not signed</source>
        <translation>niemand: sie ist nicht signiert</translation>
    </message>
    <message>
        <source>unknown: the signature does not verify</source>
        <translation>unbekannt: die Signatur ist ungültig</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;Kind&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;What it does&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Sender&lt;/td&gt;&lt;td&gt;&lt;code&gt;%3&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Nonce&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Fee, at most&lt;/td&gt;&lt;td&gt;%5 (gas price %6 × gas limit %7)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Chain&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Hash&lt;/td&gt;&lt;td&gt;&lt;code&gt;%9&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;Art&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Was sie tut&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Absender&lt;/td&gt;&lt;td&gt;&lt;code&gt;%3&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Nonce&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Gebühr, höchstens&lt;/td&gt;&lt;td&gt;%5 (Gaspreis %6 × Gaslimit %7)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Chain&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Hash&lt;/td&gt;&lt;td&gt;&lt;code&gt;%9&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>Paste a transaction to see what it does.</source>
        <translation>Fügen Sie eine Transaktion ein, um zu sehen, was sie tut.</translation>
    </message>
    <message>
        <source>Nothing has been sent yet. Check the above, then Send.</source>
        <translation>Noch nichts gesendet. Prüfen Sie die Angaben oben, dann Senden.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>Accepted by the node; waiting for a block…</source>
        <translation>Vom Knoten angenommen; warte auf einen Block…</translation>
    </message>
    <message>
        <source>Included in block %1: success, fee %2.</source>
        <translation>In Block %1 aufgenommen: erfolgreich, Gebühr %2.</translation>
    </message>
    <message>
        <source>Included in block %1 but failed: %2</source>
        <translation>In Block %1 aufgenommen, aber fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>more than any balance can hold</source>
        <translation>mehr, als ein Guthaben fassen kann</translation>
    </message>
</context>
<context>
    <name>BroadcastModel</name>
    <message>
        <source>This is not hex: a signed transaction is 0x followed by an even number of hex digits.</source>
        <translation>Das ist kein Hex: eine signierte Transaktion ist 0x, gefolgt von einer geraden Anzahl Hex-Ziffern.</translation>
    </message>
    <message>
        <source>This is not a GIF chain transaction: %1</source>
        <translation>Das ist keine Transaktion der GIF-Chain: %1</translation>
    </message>
    <message>
        <source>Pays %1 to %2.</source>
        <translation>Zahlt %1 an %2.</translation>
    </message>
    <message>
        <source>Creates the collection %1 (&quot;%2&quot;, %3).</source>
        <translation>Legt die Sammlung %1 an („%2“, %3).</translation>
    </message>
    <message>
        <source>Gives %1 to %2.</source>
        <translation>Gibt %1 an %2.</translation>
    </message>
    <message>
        <source>Lists %1 for %2.</source>
        <translation>Bietet %1 für %2 an.</translation>
    </message>
    <message>
        <source>Takes %1 off the market.</source>
        <translation>Nimmt %1 vom Markt.</translation>
    </message>
    <message>
        <source>Buys %1 for at most %2.</source>
        <translation>Kauft %1 für höchstens %2.</translation>
    </message>
    <message>
        <source>The node could not read it (malformed).</source>
        <translation>Der Knoten konnte sie nicht lesen (fehlerhaft).</translation>
    </message>
    <message>
        <source>It is not signed.</source>
        <translation>Sie ist nicht signiert.</translation>
    </message>
    <message>
        <source>Its signature does not verify.</source>
        <translation>Ihre Signatur ist ungültig.</translation>
    </message>
    <message>
        <source>It was signed for another chain.</source>
        <translation>Sie wurde für eine andere Chain signiert.</translation>
    </message>
    <message>
        <source>Its gas price is below the node&apos;s minimum (underpriced).</source>
        <translation>Ihr Gaspreis liegt unter dem Minimum des Knotens (zu niedrig).</translation>
    </message>
    <message>
        <source>Its nonce was already used by the sender (nonce too low).</source>
        <translation>Ihre Nonce hat der Absender schon verwendet (Nonce zu niedrig).</translation>
    </message>
    <message>
        <source>The sender cannot pay for it (insufficient funds).</source>
        <translation>Der Absender kann sie nicht bezahlen (Guthaben reicht nicht).</translation>
    </message>
    <message>
        <source>It is too large for the node.</source>
        <translation>Sie ist zu groß für den Knoten.</translation>
    </message>
    <message>
        <source>The node refused it (%1).</source>
        <translation>Der Knoten hat sie abgelehnt (%1).</translation>
    </message>
    <message>
        <source>%1 The node says: %2</source>
        <translation>%1 Der Knoten sagt: %2</translation>
    </message>
    <message numerus="yes">
        <source>Mints %1 to %2: %Ln byte(s) of GIF.</source>
        <translation>
            <numerusform>Prägt %1 für %2: %Ln Byte GIF.</numerusform>
            <numerusform>Prägt %1 für %2: %Ln Bytes GIF.</numerusform>
        </translation>
    </message>
    <message>
        <source>Its gas limit is below what this kind of transaction needs.</source>
        <translation>Sein Gaslimit liegt unter dem, was diese Art Transaktion braucht.</translation>
    </message>
    <message>
        <source>Its nonce is too far ahead of the sender&apos;s.</source>
        <translation>Seine Nonce liegt zu weit vor der des Absenders.</translation>
    </message>
    <message>
        <source>The node holds as many waiting transactions as it takes; a higher gas price would get in.</source>
        <translation>Der Knoten hält so viele wartende Transaktionen, wie er annimmt; ein höherer Gaspreis käme hinein.</translation>
    </message>
    <message>
        <source>It is not signed: the node would refuse it, so it cannot be sent.</source>
        <translation>Sie ist nicht signiert: der Knoten würde sie ablehnen, daher kann sie nicht gesendet werden.</translation>
    </message>
    <message>
        <source>Its signature does not verify: the node would refuse it, so it cannot be sent.</source>
        <translation>Ihre Signatur lässt sich nicht prüfen: der Knoten würde sie ablehnen, daher kann sie nicht gesendet werden.</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>Certificate %1</source>
        <translation>Zertifikat %1</translation>
    </message>
    <message>
        <source>%1 was owned by %2 at height %3</source>
        <translation>%1 gehörte %2 bei Blockhöhe %3</translation>
    </message>
    <message>
        <source>%1 did not exist at height %2</source>
        <translation>%1 existierte bei Blockhöhe %2 nicht</translation>
    </message>
    <message>
        <source>Valid: %1.</source>
        <translation>Gültig: %1.</translation>
    </message>
    <message>
        <source>Invalid: the %1 check failed.</source>
        <translation>Ungültig: die Prüfung „%1“ schlug fehl.</translation>
    </message>
    <message numerus="yes">
        <source>%1 held exactly %Ln object(s) at height %2</source>
        <translation>
            <numerusform>%1 besaß bei Blockhöhe %2 genau %Ln Objekt</numerusform>
            <numerusform>%1 besaß bei Blockhöhe %2 genau %Ln Objekte</numerusform>
        </translation>
    </message>
    <message>
        <source>Signed by the devnet&apos;s validators, whose keys are public: this proves the checks, never value.</source>
        <translation>Von den Validatoren des Devnets signiert, deren Schlüssel öffentlich sind: das belegt die Prüfungen, nie einen Wert.</translation>
    </message>
    <message numerus="yes">
        <source>It claims that %1 held exactly %Ln object(s) at height %2</source>
        <translation>
            <numerusform>Es behauptet, dass %1 bei Höhe %2 genau %Ln Objekt hielt</numerusform>
            <numerusform>Es behauptet, dass %1 bei Höhe %2 genau %Ln Objekte hielt</numerusform>
        </translation>
    </message>
    <message>
        <source>It claims that %1 was owned by %2 at height %3</source>
        <translation>Es behauptet, dass %1 bei Höhe %3 %2 gehörte</translation>
    </message>
    <message>
        <source>It claims that %1 did not exist at height %2</source>
        <translation>Es behauptet, dass %1 bei Höhe %2 nicht existierte</translation>
    </message>
    <message>
        <source>It names %1 at height %2</source>
        <translation>Es nennt %1 bei Höhe %2</translation>
    </message>
    <message>
        <source>no object</source>
        <translation>kein Objekt</translation>
    </message>
</context>
<context>
    <name>ChainWords</name>
    <message>
        <source>mint</source>
        <comment>event</comment>
        <translation>Prägung</translation>
    </message>
    <message>
        <source>transfer</source>
        <comment>event</comment>
        <translation>Übertragung</translation>
    </message>
    <message>
        <source>list</source>
        <comment>event</comment>
        <translation>Angebot</translation>
    </message>
    <message>
        <source>delist</source>
        <comment>event</comment>
        <translation>Zurückgezogen</translation>
    </message>
    <message>
        <source>sale</source>
        <comment>event</comment>
        <translation>Verkauf</translation>
    </message>
    <message>
        <source>payment</source>
        <comment>event</comment>
        <translation>Zahlung</translation>
    </message>
    <message>
        <source>transfer</source>
        <comment>transaction kind</comment>
        <translation>Überweisung</translation>
    </message>
    <message>
        <source>create collection</source>
        <comment>transaction kind</comment>
        <translation>Sammlung anlegen</translation>
    </message>
    <message>
        <source>mint</source>
        <comment>transaction kind</comment>
        <translation>Prägen</translation>
    </message>
    <message>
        <source>transfer object</source>
        <comment>transaction kind</comment>
        <translation>Objekt übertragen</translation>
    </message>
    <message>
        <source>list</source>
        <comment>transaction kind</comment>
        <translation>Anbieten</translation>
    </message>
    <message>
        <source>delist</source>
        <comment>transaction kind</comment>
        <translation>Zurückziehen</translation>
    </message>
    <message>
        <source>buy</source>
        <comment>transaction kind</comment>
        <translation>Kaufen</translation>
    </message>
    <message>
        <source>version</source>
        <comment>certificate check</comment>
        <translation>Version</translation>
    </message>
    <message>
        <source>chain</source>
        <comment>certificate check</comment>
        <translation>Chain</translation>
    </message>
    <message>
        <source>header hash</source>
        <comment>certificate check</comment>
        <translation>Blockkopf-Hash</translation>
    </message>
    <message>
        <source>object key</source>
        <comment>certificate check</comment>
        <translation>Objektschlüssel</translation>
    </message>
    <message>
        <source>height</source>
        <comment>certificate check</comment>
        <translation>Blockhöhe</translation>
    </message>
    <message>
        <source>proof</source>
        <comment>certificate check</comment>
        <translation>Beweis</translation>
    </message>
    <message>
        <source>content</source>
        <comment>certificate check</comment>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>owned by %1</source>
        <translation>gehört %1</translation>
    </message>
    <message>
        <source>%1 does not exist at this height</source>
        <translation>%1 existiert bei dieser Blockhöhe nicht</translation>
    </message>
    <message>
        <source>the proof leads to another root than the header&apos;s</source>
        <translation>der Beweis führt zu einer anderen Wurzel als der des Blockkopfs</translation>
    </message>
    <message>
        <source>the proof is malformed</source>
        <translation>der Beweis ist fehlerhaft</translation>
    </message>
    <message>
        <source>the proof is for another object</source>
        <translation>der Beweis gilt einem anderen Objekt</translation>
    </message>
    <message>
        <source>the neighbouring leaf is off the object&apos;s path</source>
        <translation>das benachbarte Blatt liegt nicht auf dem Pfad des Objekts</translation>
    </message>
    <message>
        <source>not checked</source>
        <comment>indexer</comment>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>agrees</source>
        <comment>indexer</comment>
        <translation>stimmt überein</translation>
    </message>
    <message>
        <source>disagrees</source>
        <comment>indexer</comment>
        <translation>weicht ab</translation>
    </message>
    <message>
        <source>unavailable</source>
        <comment>indexer</comment>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>verified</source>
        <comment>audit</comment>
        <translation>verifiziert</translation>
    </message>
    <message>
        <source>absent</source>
        <comment>audit</comment>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>mismatch</source>
        <comment>audit</comment>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>audit</comment>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>proven here, but the indexer does not list it</source>
        <translation>hier bewiesen, aber der Indexer führt es nicht</translation>
    </message>
    <message>
        <source>validator set</source>
        <comment>certificate check</comment>
        <translation>Validatorenmenge</translation>
    </message>
    <message>
        <source>signatures</source>
        <comment>certificate check</comment>
        <translation>Signaturen</translation>
    </message>
    <message>
        <source>trusted set</source>
        <comment>certificate check</comment>
        <translation>vertraute Menge</translation>
    </message>
    <message>
        <source>kind</source>
        <comment>certificate check</comment>
        <translation>Art</translation>
    </message>
    <message>
        <source>holdings</source>
        <comment>certificate check</comment>
        <translation>Besitz</translation>
    </message>
    <message>
        <source>signed by %1 of %2 validators (quorum %3)</source>
        <translation>signiert von %1 von %2 Validatoren (Quorum %3)</translation>
    </message>
    <message>
        <source>no validator set is trusted for this network</source>
        <translation>diesem Netz wird keine Validatorenmenge vertraut</translation>
    </message>
    <message>
        <source>the header&apos;s hash does not recompute</source>
        <translation>der Hash des Kopfes lässt sich nicht nachrechnen</translation>
    </message>
    <message>
        <source>signed for validator set %1, which is not trusted</source>
        <translation>signiert für Validatorenmenge %1, der nicht vertraut wird</translation>
    </message>
    <message>
        <source>the header carries no signatures</source>
        <translation>der Kopf trägt keine Signaturen</translation>
    </message>
    <message>
        <source>the signatures&apos; indexes are malformed</source>
        <translation>die Indizes der Signaturen sind fehlerhaft</translation>
    </message>
    <message>
        <source>signature %1 does not come from its validator</source>
        <translation>Signatur %1 stammt nicht von ihrem Validator</translation>
    </message>
    <message>
        <source>only %1 of %2 validators signed, %3 are needed</source>
        <translation>nur %1 von %2 Validatoren haben signiert, %3 sind nötig</translation>
    </message>
    <message>
        <source>the block&apos;s proposer did not sign</source>
        <translation>der Vorschlagende des Blocks hat nicht signiert</translation>
    </message>
    <message>
        <source>the header does not link to its parent</source>
        <translation>der Kopf verweist nicht auf seinen Elternblock</translation>
    </message>
    <message>
        <source>this is not the genesis the network was first trusted with</source>
        <translation>das ist nicht der Genesis-Block, dem dieses Netz zuerst vertraut wurde</translation>
    </message>
    <message numerus="yes">
        <source>held exactly %Ln object(s)</source>
        <translation>
            <numerusform>besaß genau %Ln Objekt</numerusform>
            <numerusform>besaß genau %Ln Objekte</numerusform>
        </translation>
    </message>
    <message>
        <source>the holdings name a malformed object key</source>
        <translation>der Besitz nennt einen fehlerhaften Objektschlüssel</translation>
    </message>
    <message>
        <source>the holdings are not in key order</source>
        <translation>der Besitz ist nicht nach Schlüsseln geordnet</translation>
    </message>
    <message>
        <source>the holdings proof is malformed</source>
        <translation>der Besitzbeweis ist fehlerhaft</translation>
    </message>
    <message>
        <source>the holdings proof leads to another root than the header&apos;s</source>
        <translation>der Besitzbeweis führt zu einer anderen Wurzel als der des Kopfes</translation>
    </message>
    <message>
        <source>the holdings name it, the proof says it does not exist</source>
        <translation>der Besitz nennt es, laut Beweis existiert es nicht</translation>
    </message>
    <message>
        <source>the holdings name it, the proof says %1 owns it</source>
        <translation>der Besitz nennt es, laut Beweis gehört es %1</translation>
    </message>
    <message>
        <source>the indexer lists it, the proven holdings do not</source>
        <translation>der Indexer führt es auf, der bewiesene Besitz nicht</translation>
    </message>
    <message>
        <source>this node was refused: it is not the network this profile trusts</source>
        <translation>dieser Knoten wurde abgelehnt: er ist nicht das Netz, dem dieses Profil vertraut</translation>
    </message>
    <message>
        <source>no error</source>
        <translation>kein Fehler</translation>
    </message>
    <message>
        <source>the node cannot be reached (%1)</source>
        <translation>der Knoten ist nicht erreichbar (%1)</translation>
    </message>
    <message>
        <source>the node did not answer in time (%1)</source>
        <translation>der Knoten hat nicht rechtzeitig geantwortet (%1)</translation>
    </message>
    <message>
        <source>the node has no such thing (%1)</source>
        <translation>das gibt es auf dem Knoten nicht (%1)</translation>
    </message>
    <message>
        <source>the node refused the request: HTTP %1 %2 (%3)</source>
        <translation>der Knoten hat die Anfrage abgelehnt: HTTP %1 %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>the node is limiting requests: try again in %Ln second(s)</source>
        <translation>
            <numerusform>der Knoten begrenzt die Anfragen: in %Ln Sekunde erneut versuchen</numerusform>
            <numerusform>der Knoten begrenzt die Anfragen: in %Ln Sekunden erneut versuchen</numerusform>
        </translation>
    </message>
    <message>
        <source>the node&apos;s answer is not what the protocol says (%1)</source>
        <translation>die Antwort des Knotens entspricht nicht dem Protokoll (%1)</translation>
    </message>
    <message>
        <source>the node&apos;s answer is larger than any honest one (%1)</source>
        <translation>die Antwort des Knotens ist größer als jede ehrliche (%1)</translation>
    </message>
    <message>
        <source>the node refused the request: error %1 (%2)</source>
        <translation>der Knoten hat die Anfrage abgelehnt: Fehler %1 (%2)</translation>
    </message>
    <message>
        <source>art</source>
        <comment>collection category</comment>
        <translation>Kunst</translation>
    </message>
    <message>
        <source>profile pictures</source>
        <comment>collection category</comment>
        <translation>Profilbilder</translation>
    </message>
    <message>
        <source>gaming</source>
        <comment>collection category</comment>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>music</source>
        <comment>collection category</comment>
        <translation>Musik</translation>
    </message>
    <message>
        <source>memes</source>
        <comment>collection category</comment>
        <translation>Memes</translation>
    </message>
    <message>
        <source>it ends before its field &quot;%1&quot;</source>
        <translation>sie endet vor ihrem Feld „%1“</translation>
    </message>
    <message>
        <source>its field &quot;%1&quot; is not UTF-8 text</source>
        <translation>ihr Feld „%1“ ist kein UTF-8-Text</translation>
    </message>
    <message>
        <source>version %1 is not one this explorer knows (it reads version 1)</source>
        <translation>Version %1 kennt dieser Explorer nicht (er liest Version 1)</translation>
    </message>
    <message>
        <source>kind %1 is not a transaction kind (1 to 7)</source>
        <translation>Art %1 ist keine Transaktionsart (1 bis 7)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln byte(s) follow its signature</source>
        <translation>
            <numerusform>%Ln Byte folgt ihrer Signatur</numerusform>
            <numerusform>%Ln Bytes folgen ihrer Signatur</numerusform>
        </translation>
    </message>
    <message>
        <source>unchecked</source>
        <comment>audit</comment>
        <translation>ungeprüft</translation>
    </message>
    <message>
        <source>the node did not answer for it (%1); audit again to check it</source>
        <translation>der Knoten hat dafür nicht geantwortet (%1); erneut prüfen, um es zu prüfen</translation>
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
        <translation>Besitzer</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
</context>
<context>
    <name>CollectionAnalyticsView</name>
    <message>
        <source>Top holders</source>
        <translation>Größte Besitzer</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 h</translation>
    </message>
    <message>
        <source>7 d</source>
        <translation>7 T</translation>
    </message>
    <message>
        <source>30 d</source>
        <translation>30 T</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alles</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Neu lesen</translation>
    </message>
    <message>
        <source>The figures stay at the height they were read at until read again</source>
        <translation>Die Zahlen bleiben auf der Höhe, auf der sie gelesen wurden, bis sie neu gelesen werden</translation>
    </message>
    <message>
        <source>Could not read the analytics: %1</source>
        <translation>Die Analyse konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Reading the collection&apos;s market…</source>
        <translation>Der Markt der Sammlung wird gelesen…</translation>
    </message>
    <message>
        <source>Holding 1 object: %1 · 2–5: %2 · 6–20: %3 · over 20: %4</source>
        <translation>Mit 1 Objekt: %1 · 2–5: %2 · 6–20: %3 · über 20: %4</translation>
    </message>
    <message>
        <source>Only the newest pages were read: the figures are of what was read.</source>
        <translation>Nur die neuesten Seiten wurden gelesen: die Zahlen gelten für das Gelesene.</translation>
    </message>
    <message>
        <source>Floor and volume: not loaded</source>
        <translation>Mindestpreis und Volumen: nicht geladen</translation>
    </message>
    <message>
        <source>Floor and volume</source>
        <translation>Mindestpreis und Volumen</translation>
    </message>
    <message>
        <source>Floor and volume: no listings or sales yet</source>
        <translation>Mindestpreis und Volumen: noch keine Angebote oder Verkäufe</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Mindestpreis</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volumen</translation>
    </message>
    <message numerus="yes">
        <source>At height %1: %Ln holder(s) of %2 objects.</source>
        <translation>
            <numerusform>Auf Höhe %1: %Ln Besitzer von %2 Objekten.</numerusform>
            <numerusform>Auf Höhe %1: %Ln Besitzer von %2 Objekten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Since block %1: %Ln sale(s), volume %2.</source>
        <translation>
            <numerusform>Seit Block %1: %Ln Verkauf, Volumen %2.</numerusform>
            <numerusform>Seit Block %1: %Ln Verkäufe, Volumen %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Floor at that height: %1.</source>
        <translation>Mindestpreis auf dieser Höhe: %1.</translation>
    </message>
    <message>
        <source>Nothing was listed at that height.</source>
        <translation>Auf dieser Höhe war nichts angeboten.</translation>
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
        <translation>„%1“ ist kein Filter für die Objekte einer Sammlung.</translation>
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
        <translation>%1 — angelegt von %2 bei Blockhöhe %3</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Owners</source>
        <translation>Besitzer</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>Angeboten</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Mindestpreis</translation>
    </message>
    <message>
        <source>24h volume</source>
        <translation>Volumen 24 h</translation>
    </message>
    <message>
        <source>Slug</source>
        <translation>Kürzel</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>Token id</source>
        <translation>Token-ID</translation>
    </message>
    <message>
        <source>Rarity</source>
        <translation>Seltenheit</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Filter zurücksetzen</translation>
    </message>
    <message>
        <source>Sort by:</source>
        <translation>Sortieren nach:</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  (%2)</translation>
    </message>
    <message>
        <source>%1 · %2 items · %3 owners · %4 listed · floor %5 · 24 h volume %6</source>
        <translation>%1 · %2 Objekte · %3 Besitzer · %4 angeboten · Mindestpreis: %5 · Volumen 24 h: %6</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s)</source>
        <translation>
            <numerusform>%Ln Objekt</numerusform>
            <numerusform>%Ln Objekte</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no collection &quot;%1&quot;.</source>
        <translation>Es gibt keine Sammlung „%1“.</translation>
    </message>
    <message>
        <source>%L1+ objects match</source>
        <translation>%L1+ Objekte passen</translation>
    </message>
    <message>
        <source>No object has all of these traits.</source>
        <translation>Kein Objekt hat alle diese Merkmale.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) match</source>
        <translation>
            <numerusform>%Ln Objekt passt</numerusform>
            <numerusform>%Ln Objekte passen</numerusform>
        </translation>
    </message>
    <message>
        <source>Listed only</source>
        <translation>Nur angebotene</translation>
    </message>
    <message>
        <source>Show only objects for sale now</source>
        <translation>Nur Objekte zeigen, die jetzt zum Verkauf stehen</translation>
    </message>
    <message>
        <source>No object matches these filters.</source>
        <translation>Kein Objekt passt zu diesen Filtern.</translation>
    </message>
    <message>
        <source>Price, GIF:</source>
        <translation>Preis, GIF:</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Last sale</source>
        <translation>Letzter Verkauf</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Angebot</translation>
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
        <translation>Zu diesem Preis oder höher angeboten, in GIF</translation>
    </message>
    <message>
        <source>Listed at this price or less, in GIF</source>
        <translation>Zu diesem Preis oder niedriger angeboten, in GIF</translation>
    </message>
    <message>
        <source>lowest first</source>
        <translation>niedrigste zuerst</translation>
    </message>
    <message>
        <source>highest first</source>
        <translation>höchste zuerst</translation>
    </message>
    <message>
        <source>rarest first</source>
        <translation>seltenste zuerst</translation>
    </message>
    <message>
        <source>commonest first</source>
        <translation>häufigste zuerst</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>neueste zuerst</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>älteste zuerst</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a price in GIF (like 2.5).</source>
        <translation>„%1“ ist kein Preis in GIF (wie 2.5).</translation>
    </message>
    <message>
        <source>&amp;Objects</source>
        <translation>&amp;Objekte</translation>
    </message>
    <message>
        <source>A&amp;nalytics</source>
        <translation>A&amp;nalyse</translation>
    </message>
</context>
<context>
    <name>CollectionPageModel</name>
    <message>
        <source>There is no collection &quot;%1&quot;.</source>
        <translation>Es gibt keine Sammlung „%1“.</translation>
    </message>
</context>
<context>
    <name>CopyButton</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy as gif:// link</source>
        <translation>Als gif://-Link kopieren</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>%1 kopieren</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>Export cancelled.</source>
        <translation>Export abgebrochen.</translation>
    </message>
    <message>
        <source>The list went away.</source>
        <translation>Die Liste ist nicht mehr da.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>The node stopped answering after %Ln row(s).</source>
        <translation>
            <numerusform>Der Knoten antwortete nach %Ln Zeile nicht mehr.</numerusform>
            <numerusform>Der Knoten antwortete nach %Ln Zeilen nicht mehr.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1.</source>
        <translation>
            <numerusform>%Ln Zeile in %1 geschrieben.</numerusform>
            <numerusform>%Ln Zeilen in %1 geschrieben.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (name tag)</source>
        <translation>%1 (Namensschild)</translation>
    </message>
</context>
<context>
    <name>DetailBrowser</name>
    <message>
        <source>escrow</source>
        <translation>Treuhand</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>%1 kopieren</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>vor %1 s</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>vor %1 Min.</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>vor %1 Std.</translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation>vor %1 Tg.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1, %Ln confirmation(s)</source>
        <translation>
            <numerusform>%1, %Ln Bestätigung</numerusform>
            <numerusform>%1, %Ln Bestätigungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 gwei</source>
        <translation>%1 Gwei</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 T.</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 Std.</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 Min.</translation>
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
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation>Als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportiere…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message numerus="yes">
        <source>Exporting… %Ln row(s)</source>
        <translation>
            <numerusform>Exportiere… %Ln Zeile</numerusform>
            <numerusform>Exportiere… %Ln Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GifLink</name>
    <message>
        <source>&quot;%1&quot; is not a gif:// link.</source>
        <translation>„%1“ ist kein gif://-Link.</translation>
    </message>
    <message>
        <source>The link is for chain %1; gifscan follows chain %2.</source>
        <translation>Der Link gilt für Chain %1; gifscan folgt Chain %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a gif:// link of chain %2.</source>
        <translation>„%1“ ist kein gif://-Link der Chain %2.</translation>
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
        <translation>◀ Bild</translation>
    </message>
    <message>
        <source>Frame ▶</source>
        <translation>Bild ▶</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Schleife</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>frame %1 of %2</source>
        <translation>Bild %1 von %2</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>A block explorer for the GIF chain.</source>
        <translation>Ein Block-Explorer für die GIF-Chain.</translation>
    </message>
    <message>
        <source>REST base URL of a node.</source>
        <translation>REST-Basis-URL eines Knotens.</translation>
    </message>
    <message>
        <source>JSON-RPC URL of the node.</source>
        <translation>JSON-RPC-URL des Knotens.</translation>
    </message>
    <message>
        <source>Websocket URL of the node.</source>
        <translation>Websocket-URL des Knotens.</translation>
    </message>
    <message>
        <source>A gif:// link to open (gif://6464/&lt;slug&gt;#&lt;id&gt;[@height], an address, a hash).</source>
        <translation>Ein zu öffnender gif://-Link (gif://6464/&lt;slug&gt;#&lt;id&gt;[@höhe], eine Adresse, ein Hash).</translation>
    </message>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>A node is named by all three of --rest, --rpc and --ws.</source>
        <translation>Ein Knoten wird durch alle drei angegeben: --rest, --rpc und --ws.</translation>
    </message>
    <message>
        <source>command line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <source>The local devnet could not start: %1</source>
        <translation>Das lokale Devnet konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Follow the local devnet, which gifscan runs as a program of its own.</source>
        <translation>Dem lokalen Devnet folgen, das gifscan als eigenes Programm ausführt.</translation>
    </message>
    <message>
        <source>Seconds between the local devnet&apos;s blocks.</source>
        <translation>Sekunden zwischen den Blöcken des lokalen Devnets.</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>About gifscan</source>
        <translation>Über gifscan</translation>
    </message>
    <message>
        <source>Following %1, head %L2.</source>
        <translation>Folgt %1, aktueller Block %L2.</translation>
    </message>
    <message>
        <source>Following %1, no head yet.</source>
        <translation>Folgt %1, noch kein aktueller Block.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;gifscan %1&lt;/h3&gt;&lt;p&gt;A block explorer for the GIF chain that proves every owner it shows against headers signed by the validators you trust.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Qt %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;gifscan %1&lt;/h3&gt;&lt;p&gt;Ein Block-Explorer für die GIF-Chain, der jeden gezeigten Besitzer gegen Blockköpfe beweist, die von den Validatoren Ihres Vertrauens signiert sind.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Qt %3&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>LinkActions</name>
    <message>
        <source>Copied %1</source>
        <translation>%1 kopiert</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy as gif:// link</source>
        <translation>Als gif://-Link kopieren</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Nicht mehr beobachten</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Beobachten</translation>
    </message>
    <message>
        <source>Stopped watching %1.</source>
        <translation>%1 wird nicht mehr beobachtet.</translation>
    </message>
    <message>
        <source>Watching %1.</source>
        <translation>%1 wird beobachtet.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Name this address…</source>
        <translation>Diese Adresse benennen…</translation>
    </message>
    <message>
        <source>Name tag</source>
        <translation>Namensschild</translation>
    </message>
    <message>
        <source>A private name for %1, kept on this computer only. Empty removes it.</source>
        <translation>Ein privater Name für %1, nur auf diesem Computer gespeichert. Leer entfernt ihn.</translation>
    </message>
    <message>
        <source>%1 has no name tag.</source>
        <translation>%1 hat kein Namensschild.</translation>
    </message>
    <message>
        <source>%1 is named &quot;%2&quot;.</source>
        <translation>%1 heißt „%2“.</translation>
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
            <numerusform>Über den neuesten Block</numerusform>
            <numerusform>Über die neuesten %Ln Blöcke</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocalPagesEditor</name>
    <message>
        <source>Web pages that may use the local node</source>
        <translation>Webseiten, die den lokalen Knoten nutzen dürfen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Not a page&apos;s address: write it as scheme://host:port, for example http://mydapp.test:3000 (port * for any).</source>
        <translation>Keine Seitenadresse: Schreiben Sie sie als schema://host:port, zum Beispiel http://mydapp.test:3000 (Port * für jeden).</translation>
    </message>
    <message>
        <source>Pages on this computer may always use it; other websites you visit are refused, so that they cannot act through your node. Add a page you develop elsewhere (the node restarts to apply it).</source>
        <translation>Seiten auf diesem Computer dürfen ihn immer nutzen; andere Websites, die Sie besuchen, werden abgewiesen, damit sie nicht über Ihren Knoten handeln können. Fügen Sie eine Seite hinzu, die Sie anderswo entwickeln (der Knoten startet dafür neu).</translation>
    </message>
    <message>
        <source>%1 — this computer, any port, always</source>
        <translation>%1 — dieser Computer, jeder Port, immer</translation>
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
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vorwärts</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open certificate…</source>
        <translation>Zertifikat öffnen…</translation>
    </message>
    <message>
        <source>Open a certificate</source>
        <translation>Ein Zertifikat öffnen</translation>
    </message>
    <message>
        <source>Certificates (*.json)</source>
        <translation>Zertifikate (*.json)</translation>
    </message>
    <message>
        <source>Broadcast a transaction…</source>
        <translation>Transaktion senden…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Beobachten</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Nothing in this window shows %1.</source>
        <translation>In diesem Fenster zeigt nichts %1.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln collections are named &quot;%1&quot;: choose one by its slug.</source>
        <translation>
            <numerusform>%Ln Sammlung heißt „%1“: wählen Sie eine nach ihrem Kürzel.</numerusform>
            <numerusform>%Ln Sammlungen heißen „%1“: wählen Sie eine nach ihrem Kürzel.</numerusform>
        </translation>
    </message>
    <message>
        <source>Watching %1: notifications will come for it (%2 stops).</source>
        <translation>%1 wird beobachtet: Benachrichtigungen folgen (%2 beendet das).</translation>
    </message>
    <message>
        <source>Stopped watching %1.</source>
        <translation>%1 wird nicht mehr beobachtet.</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
</context>
<context>
    <name>NetworkBanner</name>
    <message>
        <source>Trust…</source>
        <translation>Vertrauen…</translation>
    </message>
    <message>
        <source>See the node&apos;s validators again and choose whether to trust them</source>
        <translation>Die Validatoren des Knotens noch einmal ansehen und entscheiden, ob Sie ihnen vertrauen</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>Nothing this node serves is shown until its validators are trusted.</source>
        <translation>Nichts von diesem Knoten wird angezeigt, bis seinen Validatoren vertraut wird.</translation>
    </message>
</context>
<context>
    <name>NetworkStatusModel</name>
    <message>
        <source>idle</source>
        <translation>untätig</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbinde</translation>
    </message>
    <message>
        <source>live</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>verbinde neu</translation>
    </message>
    <message>
        <source>polling</source>
        <translation>frage ab</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>getrennt</translation>
    </message>
    <message>
        <source>wrong network</source>
        <translation>falsches Netz</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>antwortet nicht</translation>
    </message>
    <message>
        <source>validators not trusted yet: nothing is verified</source>
        <translation>Validatoren noch nicht vertraut: nichts ist verifiziert</translation>
    </message>
    <message>
        <source>headers not signed by the trusted validators</source>
        <translation>Köpfe nicht von den vertrauten Validatoren signiert</translation>
    </message>
    <message>
        <source>the local node crashed; restarting it</source>
        <translation>der lokale Knoten ist abgestürzt; er wird neu gestartet</translation>
    </message>
    <message>
        <source>the local node stopped (exit code %1); restarting it</source>
        <translation>der lokale Knoten hat sich beendet (Exit-Code %1); er wird neu gestartet</translation>
    </message>
    <message numerus="yes">
        <source>trying again in %Ln s</source>
        <translation>
            <numerusform>neuer Versuch in %Ln s</numerusform>
            <numerusform>neuer Versuch in %Ln s</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot reach the node: %1</source>
        <translation>Knoten nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>cannot reach the node: %1; %2</source>
        <translation>Knoten nicht erreichbar: %1; %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>This node&apos;s validators are not trusted yet. Nothing it serves is shown until you trust them: compare their fingerprint with the one the network publishes.</source>
        <translation>Den Validatoren dieses Knotens wird noch nicht vertraut. Nichts von ihm wird angezeigt, bis Sie ihnen vertrauen: Vergleichen Sie ihren Fingerabdruck mit dem, den das Netzwerk veröffentlicht.</translation>
    </message>
    <message>
        <source>This node is not the network gifscan trusts for %1: its headers are not signed by the trusted validators. Nothing it serves is shown as the chain.</source>
        <translation>Dieser Knoten ist nicht das Netzwerk, dem gifscan für %1 vertraut: Seine Blockköpfe sind nicht von den vertrauten Validatoren signiert. Nichts von ihm wird als die Chain angezeigt.</translation>
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
            <numerusform>Während Sie weg waren: %Ln Block, </numerusform>
            <numerusform>Während Sie weg waren: %Ln Blöcke, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s) on your watchlist.</source>
        <translation>
            <numerusform>%Ln Ereignis auf Ihrer Beobachtungsliste.</numerusform>
            <numerusform>%Ln Ereignisse auf Ihrer Beobachtungsliste.</numerusform>
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
        <translation>Der Mindestpreis von %1 ging von %2 auf %3.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keinem</translation>
    </message>
    <message>
        <source>%1 sold for %2 to %3 (block %4)</source>
        <translation>%1 für %2 an %3 verkauft (Block %4)</translation>
    </message>
    <message>
        <source>%1 went from %2 to %3 (block %4)</source>
        <translation>%1 ging von %2 an %3 (Block %4)</translation>
    </message>
    <message>
        <source>%1 minted to %2 (block %3)</source>
        <translation>%1 für %2 geprägt (Block %3)</translation>
    </message>
    <message>
        <source>%1: %2 (block %3)</source>
        <translation>%1: %2 (Block %3)</translation>
    </message>
    <message>
        <source>%1 listed for %2 by %3 (block %4)</source>
        <translation>%1 für %2 von %3 angeboten (Block %4)</translation>
    </message>
    <message>
        <source>%1 taken off the market by %2 (block %3)</source>
        <translation>%1 von %2 nicht mehr angeboten (Block %3)</translation>
    </message>
</context>
<context>
    <name>ObjectGridView</name>
    <message>
        <source>Copy key</source>
        <translation>Schlüssel kopieren</translation>
    </message>
    <message>
        <source>Copy owner</source>
        <translation>Besitzer kopieren</translation>
    </message>
</context>
<context>
    <name>ObjectListModel</name>
    <message>
        <source>%1
Rarity #%2
Owner %3</source>
        <translation>%1
Seltenheit #%2
Besitzer %3</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>collection</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <source>token id</source>
        <translation>Token-ID</translation>
    </message>
    <message>
        <source>owner</source>
        <translation>Besitzer</translation>
    </message>
    <message>
        <source>rarity rank</source>
        <translation>Seltenheitsrang</translation>
    </message>
    <message>
        <source>%1
Rarity #%2
Listed by %3 for %4</source>
        <translation>%1
Seltenheit #%2
Angeboten von %3 für %4</translation>
    </message>
    <message>
        <source>%1
Audit: %2</source>
        <translation>%1
Prüfung: %2</translation>
    </message>
    <message>
        <source>rarity #%1</source>
        <translation>Seltenheit #%1</translation>
    </message>
    <message>
        <source>listed price</source>
        <translation>Angebotspreis</translation>
    </message>
    <message>
        <source>last sale price</source>
        <translation>letzter Verkaufspreis</translation>
    </message>
    <message>
        <source>sold %1</source>
        <translation>verkauft für %1</translation>
    </message>
</context>
<context>
    <name>ObjectPage</name>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Verifizieren</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Verifiziere…</translation>
    </message>
    <message>
        <source>%1 at height %2</source>
        <translation>%1 bei Blockhöhe %2</translation>
    </message>
    <message>
        <source> (%1% have it)</source>
        <translation> (%1 % haben es)</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>nicht angeboten</translation>
    </message>
    <message>
        <source>%1, in escrow %2</source>
        <translation>%1, treuhänderisch bei %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>No recent activity.</source>
        <translation>Keine Aktivität in letzter Zeit.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaktion</translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation>Verifizieren nicht möglich: %1</translation>
    </message>
    <message>
        <source>Mismatch: the indexer names another owner</source>
        <translation>Abweichung: der Indexer nennt einen anderen Besitzer</translation>
    </message>
    <message>
        <source>Indexed only: the proof does not hold</source>
        <translation>Nur indiziert: der Beweis trägt nicht</translation>
    </message>
    <message>
        <source>%1 (proven)</source>
        <translation>%1 (bewiesen)</translation>
    </message>
    <message>
        <source>%1 (the indexer&apos;s, unverified)</source>
        <translation>%1 (laut Indexer, unverifiziert)</translation>
    </message>
    <message>
        <source>Not verified: %1</source>
        <translation>Nicht verifiziert: %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>#%L1 of %L2</source>
        <translation>#%L1 von %L2</translation>
    </message>
    <message>
        <source>#%L1</source>
        <translation>#%L1</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Besitzer</translation>
    </message>
    <message>
        <source>Rarity</source>
        <translation>Seltenheit</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>Merkmale</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Angebot</translation>
    </message>
    <message>
        <source>Last sale</source>
        <translation>Letzter Verkauf</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>%L1, %2×%3</source>
        <translation>%L1, %2×%3</translation>
    </message>
    <message>
        <source>Minted</source>
        <translation>Geprägt</translation>
    </message>
    <message>
        <source>at height %1</source>
        <translation>bei Blockhöhe %1</translation>
    </message>
    <message>
        <source>listed by %1 (in escrow %2; the indexer&apos;s, unverified)</source>
        <translation>angeboten von %1 (treuhänderisch bei %2; laut Indexer, unverifiziert)</translation>
    </message>
    <message>
        <source>in escrow %2 (proven), listed by %1 (the indexer&apos;s word)</source>
        <translation>treuhänderisch bei %2 (bewiesen), angeboten von %1 (laut Indexer)</translation>
    </message>
    <message>
        <source>Older entries are not shown.</source>
        <translation>Ältere Einträge werden nicht angezeigt.</translation>
    </message>
    <message>
        <source>Verified at height %L1</source>
        <translation>Verifiziert auf Höhe %L1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Proof</source>
        <translation>Beweis</translation>
    </message>
    <message>
        <source>Read at the head, %L1; the chain is at %L2 now: Now reads it again.</source>
        <translation>Gelesen bei Blockhöhe %L1, damals dem aktuellen Block; die Kette ist jetzt bei %L2: „Jetzt“ liest es neu.</translation>
    </message>
</context>
<context>
    <name>ObjectPageModel</name>
    <message>
        <source>Height %L1 is beyond the head (%L2).</source>
        <translation>Blockhöhe %L1 gibt es noch nicht: der aktuelle Block ist %L2.</translation>
    </message>
    <message>
        <source>There is no %1 on this chain.</source>
        <translation>Auf dieser Chain gibt es kein %1.</translation>
    </message>
    <message>
        <source>%1 was minted at height %L2: at height %L3 it did not exist yet.</source>
        <translation>%1 wurde bei Blockhöhe %L2 geprägt: bei Blockhöhe %L3 gab es das Objekt noch nicht.</translation>
    </message>
    <message>
        <source>There was no %1 at height %L2.</source>
        <translation>Bei Blockhöhe %L2 gab es kein %1.</translation>
    </message>
</context>
<context>
    <name>ObjectThumbnailDelegate</name>
    <message numerus="yes">
        <source>%Ln object(s)</source>
        <translation>
            <numerusform>%Ln Objekt</numerusform>
            <numerusform>%Ln Objekte</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Pages</name>
    <message>
        <source>No watchlist in this window.</source>
        <translation>In diesem Fenster gibt es keine Beobachtungsliste.</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Blöcke</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Sammlungen</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>Watchlist</source>
        <translation>Beobachtet</translation>
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
        <translation>Preisverlauf: noch keine Verkäufe</translation>
    </message>
    <message numerus="yes">
        <source>Price history: %Ln sale(s)</source>
        <translation>
            <numerusform>Preisverlauf: %Ln Verkauf</numerusform>
            <numerusform>Preisverlauf: %Ln Verkäufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Sold for %1 at height %L2
%3</source>
        <translation>Verkauft für %1 bei Blockhöhe %L2
%3</translation>
    </message>
    <message>
        <source>Price history: not loaded</source>
        <translation>Preisverlauf: nicht geladen</translation>
    </message>
</context>
<context>
    <name>ProfileStore</name>
    <message>
        <source>Local devnet</source>
        <translation>Lokales Devnet</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>Ein Profil braucht einen Namen.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is the built-in profile; choose another name.</source>
        <translation>„%1“ ist das eingebaute Profil; wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <source>The REST URL must be http:// or https:// with a host.</source>
        <translation>Die REST-URL muss http:// oder https:// mit einem Host sein.</translation>
    </message>
    <message>
        <source>The JSON-RPC URL must be http:// or https:// with a host.</source>
        <translation>Die JSON-RPC-URL muss http:// oder https:// mit einem Host sein.</translation>
    </message>
    <message>
        <source>The websocket URL must be ws:// or wss:// with a host.</source>
        <translation>Die Websocket-URL muss ws:// oder wss:// mit einem Host sein.</translation>
    </message>
    <message>
        <source>The chain id is a positive number.</source>
        <translation>Die Chain-ID ist eine positive Zahl.</translation>
    </message>
</context>
<context>
    <name>ProofInspector</name>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>Wert kopieren</translation>
    </message>
    <message>
        <source>Header %1</source>
        <translation>Blockkopf %1</translation>
    </message>
    <message>
        <source>hash recomputes</source>
        <translation>Hash stimmt nachgerechnet</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>signatures</source>
        <translation>Signaturen</translation>
    </message>
    <message>
        <source>validator set</source>
        <translation>Validatorenmenge</translation>
    </message>
    <message>
        <source>validator %1</source>
        <translation>Validator %1</translation>
    </message>
    <message>
        <source>not in the set</source>
        <translation>nicht in der Menge</translation>
    </message>
    <message>
        <source>quorum</source>
        <translation>Quorum</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>object root</source>
        <translation>Objektwurzel</translation>
    </message>
    <message numerus="yes">
        <source>Proof, %Ln siblings</source>
        <translation>
            <numerusform>Beweis, %Ln Geschwisterknoten</numerusform>
            <numerusform>Beweis, %Ln Geschwisterknoten</numerusform>
        </translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>Blatt</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>depth %1, path goes %2</source>
        <translation>Tiefe %1, der Pfad geht %2</translation>
    </message>
    <message>
        <source>right</source>
        <translation>rechts</translation>
    </message>
    <message>
        <source>left</source>
        <translation>links</translation>
    </message>
    <message>
        <source>sibling %1 → %2</source>
        <translation>Geschwister %1 → %2</translation>
    </message>
    <message>
        <source>computed root</source>
        <translation>berechnete Wurzel</translation>
    </message>
    <message>
        <source>Content: the GIF shown is the one the leaf commits to</source>
        <translation>Inhalt: das gezeigte GIF ist das, auf das sich das Blatt festlegt</translation>
    </message>
    <message>
        <source>Content: the node&apos;s GIF is not the one the leaf commits to</source>
        <translation>Inhalt: das GIF des Knotens ist nicht das, auf das sich das Blatt festlegt</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>kein Besitzer</translation>
    </message>
    <message>
        <source>Indexer&apos;s owner: %1</source>
        <translation>Besitzer laut Indexer: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Latest blocks</source>
        <translation>Neueste Blöcke</translation>
    </message>
    <message>
        <source>Latest activity</source>
        <translation>Neueste Aktivität</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Sammlungen</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>Alle Kategorien</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Kategorie:</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>All types</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>All collections</source>
        <translation>Alle Sammlungen</translation>
    </message>
    <message>
        <source>any height</source>
        <translation>jede Blockhöhe</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>Collection:</source>
        <translation>Sammlung:</translation>
    </message>
    <message>
        <source>Since block:</source>
        <translation>Ab Block:</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Blöcke</translation>
    </message>
    <message>
        <source>Average block time</source>
        <translation>Durchschnittliche Blockzeit</translation>
    </message>
    <message>
        <source>Transactions per second</source>
        <translation>Transaktionen pro Sekunde</translation>
    </message>
    <message>
        <source>Pending transactions</source>
        <translation>Ausstehende Transaktionen</translation>
    </message>
    <message>
        <source>Transactions the node holds for a coming block</source>
        <translation>Transaktionen, die der Knoten für einen kommenden Block bereithält</translation>
    </message>
</context>
<context>
    <name>SearchBox</name>
    <message>
        <source>Height, hash, address, collection, slug#id or slug#id@height  (Ctrl+L or /)</source>
        <translation>Blockhöhe, Hash, Adresse, Sammlung, slug#id oder slug#id@blockhöhe  (Ctrl+L oder /)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>%1 — your name for %2</source>
        <translation>%1 — Ihr Name für %2</translation>
    </message>
</context>
<context>
    <name>SearchQuery</name>
    <message>
        <source>Type a height, a hash, an address, a collection or slug#id.</source>
        <translation>Geben Sie eine Blockhöhe, einen Hash, eine Adresse, eine Sammlung oder slug#id ein.</translation>
    </message>
    <message>
        <source>That height is too large.</source>
        <translation>Diese Blockhöhe ist zu groß.</translation>
    </message>
    <message>
        <source>0x is followed by 40 hex digits for an address or 64 for a hash.</source>
        <translation>Auf 0x folgen 40 Hex-Ziffern für eine Adresse oder 64 für einen Hash.</translation>
    </message>
    <message>
        <source>After @ comes a block height.</source>
        <translation>Nach @ kommt eine Blockhöhe.</translation>
    </message>
    <message>
        <source>An object is slug#id, like pixel-cats#42.</source>
        <translation>Ein Objekt ist slug#id, etwa pixel-cats#42.</translation>
    </message>
    <message>
        <source>Not a height, hash, address, collection or object.</source>
        <translation>Keine Blockhöhe, kein Hash, keine Adresse, Sammlung oder Objekt.</translation>
    </message>
</context>
<context>
    <name>SearchSuggestions</name>
    <message>
        <source>block %1</source>
        <translation>Block %1</translation>
    </message>
    <message>
        <source>transaction or block %1</source>
        <translation>Transaktion oder Block %1</translation>
    </message>
    <message>
        <source>address %1</source>
        <translation>Adresse %1</translation>
    </message>
    <message>
        <source>%1 at height %2</source>
        <translation>%1 bei Blockhöhe %2</translation>
    </message>
    <message>
        <source>object %1</source>
        <translation>Objekt %1</translation>
    </message>
    <message>
        <source>an object of %1</source>
        <translation>ein Objekt aus %1</translation>
    </message>
    <message>
        <source>collection %1</source>
        <translation>Sammlung %1</translation>
    </message>
    <message>
        <source>recent: %1</source>
        <translation>zuletzt: %1</translation>
    </message>
    <message>
        <source>collection %1 (%2)</source>
        <translation>Sammlung %1 (%2)</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>REST URL</source>
        <translation>REST-URL</translation>
    </message>
    <message>
        <source>JSON-RPC URL</source>
        <translation>JSON-RPC-URL</translation>
    </message>
    <message>
        <source>Websocket URL</source>
        <translation>Websocket-URL</translation>
    </message>
    <message>
        <source>Chain id</source>
        <translation>Chain-ID</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Network profiles</source>
        <translation>Netzprofile</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Voreinstellungen</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>On hover</source>
        <translation>Beim Überfahren</translation>
    </message>
    <message>
        <source>Off (reduced motion)</source>
        <translation>Aus (weniger Bewegung)</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Notify about the watchlist</source>
        <translation>Über die Beobachtungsliste benachrichtigen</translation>
    </message>
    <message>
        <source>Minimise to the tray</source>
        <translation>In den Infobereich minimieren</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>Aussehen</translation>
    </message>
    <message>
        <source>Animated thumbnails</source>
        <translation>Animierte Vorschaubilder</translation>
    </message>
    <message>
        <source>Frame cache</source>
        <translation>Bildspeicher</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Vergessen</translation>
    </message>
    <message>
        <source>Trusts</source>
        <translation>Vertraut</translation>
    </message>
    <message>
        <source>nothing yet: the first connection asks</source>
        <translation>noch nichts: die erste Verbindung fragt nach</translation>
    </message>
    <message numerus="yes">
        <source>validator set %1 (%Ln validators), genesis %2</source>
        <translation>
            <numerusform>Validatorenmenge %1 (%Ln Validator), Genesis %2</numerusform>
            <numerusform>Validatorenmenge %1 (%Ln Validatoren), Genesis %2</numerusform>
        </translation>
    </message>
    <message>
        <source>not learnt yet</source>
        <translation>noch nicht gelernt</translation>
    </message>
    <message>
        <source>(chosen when it starts)</source>
        <translation>(beim Start gewählt)</translation>
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
        <translation>Das lokale Devnet startet…</translation>
    </message>
    <message>
        <source>Starting the local devnet: importing its chain</source>
        <translation>Das lokale Devnet startet: seine Kette wird importiert</translation>
    </message>
    <message>
        <source>Starting the local devnet: bringing its database up to date</source>
        <translation>Das lokale Devnet startet: seine Datenbank wird aktualisiert</translation>
    </message>
    <message>
        <source>Block %1 of %2, once: the old block log is kept beside the new database.</source>
        <translation>Block %1 von %2, einmalig: das alte Blockprotokoll bleibt neben der neuen Datenbank erhalten.</translation>
    </message>
    <message>
        <source>Block %1 of %2, once: this database was written by an older gifscan.</source>
        <translation>Block %1 von %2, einmalig: diese Datenbank wurde von einem älteren gifscan geschrieben.</translation>
    </message>
    <message>
        <source>Starting the local devnet: building its first block</source>
        <translation>Das lokale Devnet startet: es baut seinen ersten Block</translation>
    </message>
    <message>
        <source>Transaction %1 of %2, once: the chain is kept for the next start.</source>
        <translation>Transaktion %1 von %2, nur einmal: die Kette bleibt für den nächsten Start erhalten.</translation>
    </message>
</context>
<context>
    <name>StatusBarWidget</name>
    <message>
        <source>No network</source>
        <translation>Kein Netz</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Aktueller Block %1</translation>
    </message>
    <message>
        <source>No head yet</source>
        <translation>Noch kein aktueller Block</translation>
    </message>
    <message numerus="yes">
        <source>%Ln s since the last block</source>
        <translation>
            <numerusform>%Ln s seit dem letzten Block</numerusform>
            <numerusform>%Ln s seit dem letzten Block</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Use the local devnet</source>
        <translation>Lokales Devnet verwenden</translation>
    </message>
    <message>
        <source>Follow a node gifscan runs on this computer instead</source>
        <translation>Stattdessen einem Knoten folgen, den gifscan auf diesem Rechner ausführt</translation>
    </message>
</context>
<context>
    <name>TablePage</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>Laden nicht möglich: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln new — show</source>
        <translation>
            <numerusform>%Ln neu — zeigen</numerusform>
            <numerusform>%Ln neu — zeigen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraitFilterPanel</name>
    <message>
        <source>%1 (%2 of the %3 matching)</source>
        <translation>%1 (%2 der %3 Treffer)</translation>
    </message>
    <message>
        <source>%1 (%2, %3%)</source>
        <translation>%1 (%2, %3 %)</translation>
    </message>
</context>
<context>
    <name>TransactionPage</name>
    <message>
        <source>Transaction</source>
        <translation>Transaktion</translation>
    </message>
    <message>
        <source>Transaction %1</source>
        <translation>Transaktion %1</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Nonce</translation>
    </message>
    <message>
        <source>To</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>Merkmale</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Gas price</source>
        <translation>Gaspreis</translation>
    </message>
    <message>
        <source>Gas limit</source>
        <translation>Gaslimit</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>pending: in the mempool, not in a block yet</source>
        <translation>ausstehend: im Mempool, noch in keinem Block</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>, position %1</source>
        <translation>, Position %1</translation>
    </message>
    <message>
        <source>success</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Gas used</source>
        <translation>Verbrauchtes Gas</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Gebühr</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Maximum price</source>
        <translation>Höchstpreis</translation>
    </message>
</context>
<context>
    <name>TransactionPageModel</name>
    <message>
        <source>No transaction or block has the hash %1.</source>
        <translation>Keine Transaktion und kein Block hat den Hash %1.</translation>
    </message>
</context>
<context>
    <name>TravelRow</name>
    <message>
        <source>Read the object as it was at this height, and prove it there</source>
        <translation>Das Objekt so lesen, wie es bei dieser Blockhöhe war, und es dort beweisen</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Los</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>At height</source>
        <translation>Bei Blockhöhe</translation>
    </message>
</context>
<context>
    <name>WatchlistModel</name>
    <message>
        <source>Watched</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Mindestpreis</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Letztes Ereignis</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>listed by %1</source>
        <translation>angeboten von %1</translation>
    </message>
    <message>
        <source>%1 at block %L2</source>
        <translation>%1 in Block %L2</translation>
    </message>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>collection</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <source>none listed</source>
        <translation>keins angeboten</translation>
    </message>
    <message>
        <source>minted in the genesis</source>
        <translation>im Genesis-Block geprägt</translation>
    </message>
    <message>
        <source>minted at block %L1</source>
        <translation>in Block %L1 geprägt</translation>
    </message>
    <message>
        <source>moved at block %L1</source>
        <translation>in Block %L1 übertragen</translation>
    </message>
    <message>
        <source>listed for %1 at block %L2</source>
        <translation>in Block %L2 für %1 angeboten</translation>
    </message>
    <message>
        <source>taken off the market at block %L1</source>
        <translation>in Block %L1 nicht mehr angeboten</translation>
    </message>
    <message>
        <source>sold for %1 at block %L2</source>
        <translation>in Block %L2 für %1 verkauft</translation>
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
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Notifications come for these when their blocks&apos; headers verify: an object changing owner, listed or sold; an address sending or receiving; a collection&apos;s mints and floor.</source>
        <translation>Benachrichtigungen kommen, sobald die Blockköpfe verifiziert sind: ein Objekt wechselt den Besitzer, wird angeboten oder verkauft; eine Adresse sendet oder empfängt; eine Sammlung prägt oder ihr Mindestpreis ändert sich.</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Nicht mehr beobachten</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Benachrichtigungen</translation>
    </message>
    <message>
        <source>None yet: they are kept here as they come, tray or not.</source>
        <translation>Noch keine: Sie werden hier gesammelt, sobald sie kommen, mit oder ohne Infobereich.</translation>
    </message>
    <message>
        <source>Nothing watched yet: press Watch (Ctrl+D) on an object, address or collection page.</source>
        <translation>Noch nichts beobachtet: Drücken Sie „Beobachten“ (Strg+D) auf einer Objekt-, Adress- oder Sammlungsseite.</translation>
    </message>
</context>
</TS>
