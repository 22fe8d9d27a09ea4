<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>ActivityListModel</name>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Para</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Bloque</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
</context>
<context>
    <name>AddressPage</name>
    <message>
        <source>Escrow</source>
        <translation>Depósito</translation>
    </message>
    <message>
        <source>of %1: a listed object waits here until it is bought or delisted</source>
        <translation>de %1: un objeto en venta espera aquí hasta que se compre o se retire</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>head</source>
        <translation>último bloque</translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation>Exportar la auditoría</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>A folder for the certificates</source>
        <translation>Una carpeta para los certificados</translation>
    </message>
    <message>
        <source>Holdings</source>
        <translation>Posesiones</translation>
    </message>
    <message>
        <source>Activity of this address</source>
        <translation>Actividad de esta dirección</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Actividad</translation>
    </message>
    <message>
        <source>Address %1</source>
        <translation>Dirección %1</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Saldo</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Nonce</translation>
    </message>
    <message>
        <source>Transactions sent</source>
        <translation>Transacciones enviadas</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>En venta</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>Auditing…</source>
        <translation>Auditando…</translation>
    </message>
    <message>
        <source>The audit could not finish: %1</source>
        <translation>La auditoría no pudo terminar: %1</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (cancelada)</translation>
    </message>
    <message>
        <source>Audit as CSV…</source>
        <translation>Auditoría como CSV…</translation>
    </message>
    <message>
        <source>Not proven: the header at height %1 does not verify: %2</source>
        <translation>No probado: la cabecera a la altura %1 no se verifica: %2</translation>
    </message>
    <message>
        <source>Not proven: %1</source>
        <translation>No probado: %1</translation>
    </message>
    <message numerus="yes">
        <source>Holds exactly %Ln object(s) at height %1, proven.</source>
        <translation>
            <numerusform>Tiene exactamente %Ln objeto a la altura %1, probado.</numerusform>
            <numerusform>Tiene exactamente %Ln objetos a la altura %1, probado.</numerusform>
        </translation>
    </message>
    <message>
        <source>The indexer says %L1 objects, the proof %L2.</source>
        <translation>El indexador dice %L1 objetos, la prueba %L2.</translation>
    </message>
    <message>
        <source>Minted</source>
        <translation>Acuñados</translation>
    </message>
    <message>
        <source>Bought</source>
        <translation>Comprados</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Vendidos</translation>
    </message>
    <message>
        <source>Transfers in</source>
        <translation>Transferencias recibidas</translation>
    </message>
    <message>
        <source>Transfers out</source>
        <translation>Transferencias enviadas</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>&amp;Auditar</translation>
    </message>
    <message>
        <source>Audit its holdings at height</source>
        <translation>Auditar sus tenencias a la altura</translation>
    </message>
    <message>
        <source>Prove every object it holds against a signed header</source>
        <translation>Probar cada objeto que tiene contra una cabecera firmada</translation>
    </message>
    <message>
        <source>At height</source>
        <translation>A la altura</translation>
    </message>
    <message>
        <source>%1, following the head</source>
        <translation>%1, sigue al último bloque</translation>
    </message>
    <message>
        <source>A private name for this address, shown wherever it appears</source>
        <translation>Un nombre privado para esta dirección, mostrado dondequiera que aparezca</translation>
    </message>
    <message>
        <source>Name…</source>
        <translation>Nombrar…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renombrar…</translation>
    </message>
    <message numerus="yes">
        <source>%p% — waiting %Ln s for the node (its rate limit)</source>
        <translation>
            <numerusform>%p% — esperando %Ln s al nodo (su límite de peticiones)</numerusform>
            <numerusform>%p% — esperando %Ln s al nodo (su límite de peticiones)</numerusform>
        </translation>
    </message>
    <message>
        <source>At height %1: %L2 verified, %L3 absent, %L4 mismatched, %L5 failed%6%7.</source>
        <translation>A la altura %1: %L2 verificados, %L3 ausentes, %L4 discrepantes, %L5 fallidos%6%7.</translation>
    </message>
    <message>
        <source>, %L1 unchecked</source>
        <translation>, %L1 sin comprobar</translation>
    </message>
    <message numerus="yes">
        <source>Could not finish: the node did not answer for %Ln object(s), which remain unchecked; nothing checked failed. Audit again to finish.</source>
        <translation>
            <numerusform>No se pudo terminar: el nodo no respondió por %Ln objeto, que queda sin comprobar; nada de lo comprobado falló. Audite de nuevo para terminar.</numerusform>
            <numerusform>No se pudo terminar: el nodo no respondió por %Ln objetos, que quedan sin comprobar; nada de lo comprobado falló. Audite de nuevo para terminar.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export certificates</source>
        <translation>Exportar certificados</translation>
    </message>
    <message>
        <source>Export holdings certificate…</source>
        <translation>Exportar certificado de tenencias…</translation>
    </message>
    <message>
        <source>Export the holdings certificate</source>
        <translation>Exportar el certificado de tenencias</translation>
    </message>
    <message>
        <source>Certificates (*.json)</source>
        <translation>Certificados (*.json)</translation>
    </message>
    <message>
        <source>Export a certificate per object…</source>
        <translation>Exportar un certificado por objeto…</translation>
    </message>
    <message>
        <source>The holdings certificate was written to %1: File → Open certificate checks it.</source>
        <translation>El certificado de tenencias se escribió en %1: Archivo → Abrir certificado lo comprueba.</translation>
    </message>
    <message>
        <source>Certificates written to %1: %L2.</source>
        <translation>Certificados escritos en %1: %L2.</translation>
    </message>
    <message>
        <source>Certificates written to %1: %L2, then: %3</source>
        <translation>Certificados escritos en %1: %L2, luego: %3</translation>
    </message>
</context>
<context>
    <name>AppController</name>
    <message>
        <source>gifscan-devnet was not found beside gifscan (%1)</source>
        <translation>no se encontró gifscan-devnet junto a gifscan (%1)</translation>
    </message>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>The local devnet could not start: %1</source>
        <translation>La devnet local no pudo iniciarse: %1</translation>
    </message>
    <message>
        <source>gifscan — %1</source>
        <translation>gifscan — %1</translation>
    </message>
    <message>
        <source>Trust this network?</source>
        <translation>¿Confiar en esta red?</translation>
    </message>
    <message>
        <source>%1 is signed by a validator set gifscan has not seen before.

Fingerprint: %2
Validators: %3
Genesis: %4

Trust it only if this is the fingerprint the network publishes. Until then nothing it serves is shown as verified.</source>
        <translation>%1 está firmada por un conjunto de validadores que gifscan no ha visto antes.

Huella: %2
Validadores: %3
Génesis: %4

Confíe solo si esta es la huella que publica la red. Hasta entonces nada de lo que sirve se muestra como verificado.</translation>
    </message>
    <message>
        <source>Another gifscan was given a link it cannot open:</source>
        <translation>Otro gifscan recibió un enlace que no puede abrir:</translation>
    </message>
    <message>
        <source>It takes the place of validator set %1, which %2 trusted until now.</source>
        <translation>Ocupa el lugar del conjunto de validadores %1, en el que %2 confiaba hasta ahora.</translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>There is no audit to export yet.</source>
        <translation>Todavía no hay ninguna auditoría que exportar.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>No se puede crear la carpeta %1.</translation>
    </message>
    <message>
        <source>%1 did not verify again: %2</source>
        <translation>%1 no se pudo verificar de nuevo: %2</translation>
    </message>
    <message>
        <source>the proof fails</source>
        <translation>la prueba falla</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a certificate: not JSON (%2).</source>
        <translation>%1 no es un certificado: no es JSON (%2).</translation>
    </message>
    <message>
        <source>%1 is not a certificate: %2</source>
        <translation>%1 no es un certificado: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the header at height %1 does not verify</source>
        <translation>la cabecera a la altura %1 no se verifica</translation>
    </message>
    <message>
        <source>The holdings were not proven: there is no certificate to write.</source>
        <translation>Las tenencias no se probaron: no hay certificado que escribir.</translation>
    </message>
    <message>
        <source>The certificate does not check (%1): it was not written.</source>
        <translation>El certificado no supera la comprobación (%1): no se escribió.</translation>
    </message>
    <message>
        <source>%1 holds %2 of these certificates already: nothing was written over; choose another folder.</source>
        <translation>%1 ya contiene %2 de estos certificados: no se ha sobrescrito nada; elija otra carpeta.</translation>
    </message>
</context>
<context>
    <name>BlockListModel</name>
    <message>
        <source>Height</source>
        <translation>Altura</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transacciones</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Proponente</translation>
    </message>
</context>
<context>
    <name>BlockPage</name>
    <message>
        <source>Value or price</source>
        <translation>Valor o precio</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Bloque</translation>
    </message>
    <message>
        <source>Block %1</source>
        <translation>Bloque %1</translation>
    </message>
    <message>
        <source>Checking the header…</source>
        <translation>Comprobando la cabecera…</translation>
    </message>
    <message>
        <source>Header does not verify: the transaction root does not match</source>
        <translation>La cabecera no se verifica: la raíz de transacciones no coincide</translation>
    </message>
    <message>
        <source>Header does not verify: the transaction count does not match</source>
        <translation>La cabecera no se verifica: el número de transacciones no coincide</translation>
    </message>
    <message>
        <source>Header does not verify: the parent hash names another block</source>
        <translation>La cabecera no se verifica: el hash del padre nombra otro bloque</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Altura</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Padre</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>Proponente</translation>
    </message>
    <message>
        <source>Object root</source>
        <translation>Raíz de objetos</translation>
    </message>
    <message>
        <source>Transaction root</source>
        <translation>Raíz de transacciones</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transacciones</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>bloque %1</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Clase</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>Object, collection or recipient</source>
        <translation>Objeto, colección o destinatario</translation>
    </message>
    <message>
        <source>Header verified: %1; transaction root and count recompute, the parent links</source>
        <translation>Cabecera verificada: %1; raíz y número de transacciones coinciden, el bloque padre enlaza</translation>
    </message>
    <message>
        <source>Header does not verify: %1</source>
        <translation>Cabecera no verificada: %1</translation>
    </message>
    <message>
        <source>Holdings root</source>
        <translation>Raíz de tenencias</translation>
    </message>
    <message>
        <source>Validator set</source>
        <translation>Conjunto de validadores</translation>
    </message>
</context>
<context>
    <name>BlockPageModel</name>
    <message>
        <source>There is no block %L1 yet: the head is %L2.</source>
        <translation>Aún no existe el bloque %L1: el último es %L2.</translation>
    </message>
    <message>
        <source>There is no block %L1.</source>
        <translation>No existe el bloque %L1.</translation>
    </message>
    <message>
        <source>No block has the hash %1.</source>
        <translation>Ningún bloque tiene el hash %1.</translation>
    </message>
</context>
<context>
    <name>BlockTimeChart</name>
    <message>
        <source>height</source>
        <translation>altura</translation>
    </message>
    <message numerus="yes">
        <source>Block times, last %Ln blocks</source>
        <translation>
            <numerusform>Tiempos de bloque, último bloque</numerusform>
            <numerusform>Tiempos de bloque, últimos %Ln bloques</numerusform>
        </translation>
    </message>
    <message>
        <source>Block %L1: %L2 s after the one before</source>
        <translation>Bloque %L1: %L2 s después del anterior</translation>
    </message>
    <message numerus="yes">
        <source> (%Ln above %1 s, the longest %2)</source>
        <translation>
            <numerusform> (%Ln por encima de %1 s, el más largo %2)</numerusform>
            <numerusform> (%Ln por encima de %1 s, el más largo %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Block times: no blocks yet</source>
        <translation>Tiempos de bloque: aún no hay bloques</translation>
    </message>
    <message>
        <source>Block times: the first comes with block 2</source>
        <translation>Tiempos de bloque: el primero llega con el bloque 2</translation>
    </message>
</context>
<context>
    <name>BroadcastDialog</name>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Open transaction</source>
        <translation>Abrir la transacción</translation>
    </message>
    <message>
        <source>Broadcast a transaction</source>
        <translation>Difundir una transacción</translation>
    </message>
    <message>
        <source>Paste a signed raw transaction: 0x…</source>
        <translation>Pegue una transacción firmada en bruto: 0x…</translation>
    </message>
    <message>
        <source>nobody: it is not signed</source>
        <translation>nadie: no está firmada</translation>
    </message>
    <message>
        <source>unknown: the signature does not verify</source>
        <translation>desconocido: la firma no se verifica</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;Kind&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;What it does&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Sender&lt;/td&gt;&lt;td&gt;&lt;code&gt;%3&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Nonce&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Fee, at most&lt;/td&gt;&lt;td&gt;%5 (gas price %6 × gas limit %7)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Chain&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Hash&lt;/td&gt;&lt;td&gt;&lt;code&gt;%9&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;Clase&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qué hace&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Remitente&lt;/td&gt;&lt;td&gt;&lt;code&gt;%3&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Nonce&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Comisión, como máximo&lt;/td&gt;&lt;td&gt;%5 (precio del gas %6 × límite de gas %7)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Cadena&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Hash&lt;/td&gt;&lt;td&gt;&lt;code&gt;%9&lt;/code&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>Paste a transaction to see what it does.</source>
        <translation>Pegue una transacción para ver qué hace.</translation>
    </message>
    <message>
        <source>Nothing has been sent yet. Check the above, then Send.</source>
        <translation>Todavía no se ha enviado nada. Revise lo anterior y pulse Enviar.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Rechazada: %1</translation>
    </message>
    <message>
        <source>Accepted by the node; waiting for a block…</source>
        <translation>Aceptada por el nodo; esperando un bloque…</translation>
    </message>
    <message>
        <source>Included in block %1: success, fee %2.</source>
        <translation>Incluida en el bloque %1: éxito, comisión %2.</translation>
    </message>
    <message>
        <source>Included in block %1 but failed: %2</source>
        <translation>Incluida en el bloque %1 pero fallida: %2</translation>
    </message>
    <message>
        <source>more than any balance can hold</source>
        <translation>más de lo que cabe en cualquier saldo</translation>
    </message>
</context>
<context>
    <name>BroadcastModel</name>
    <message>
        <source>This is not hex: a signed transaction is 0x followed by an even number of hex digits.</source>
        <translation>Esto no es hexadecimal: una transacción firmada es 0x seguido de un número par de dígitos hexadecimales.</translation>
    </message>
    <message>
        <source>This is not a GIF chain transaction: %1</source>
        <translation>Esto no es una transacción de la cadena GIF: %1</translation>
    </message>
    <message>
        <source>Pays %1 to %2.</source>
        <translation>Paga %1 a %2.</translation>
    </message>
    <message>
        <source>Creates the collection %1 (&quot;%2&quot;, %3).</source>
        <translation>Crea la colección %1 («%2», %3).</translation>
    </message>
    <message>
        <source>Gives %1 to %2.</source>
        <translation>Da %1 a %2.</translation>
    </message>
    <message>
        <source>Lists %1 for %2.</source>
        <translation>Pone %1 en venta por %2.</translation>
    </message>
    <message>
        <source>Takes %1 off the market.</source>
        <translation>Retira %1 del mercado.</translation>
    </message>
    <message>
        <source>Buys %1 for at most %2.</source>
        <translation>Compra %1 por como máximo %2.</translation>
    </message>
    <message>
        <source>The node could not read it (malformed).</source>
        <translation>El nodo no pudo leerla (mal formada).</translation>
    </message>
    <message>
        <source>It is not signed.</source>
        <translation>No está firmada.</translation>
    </message>
    <message>
        <source>Its signature does not verify.</source>
        <translation>Su firma no se verifica.</translation>
    </message>
    <message>
        <source>It was signed for another chain.</source>
        <translation>Se firmó para otra cadena.</translation>
    </message>
    <message>
        <source>Its gas price is below the node&apos;s minimum (underpriced).</source>
        <translation>Su precio del gas está por debajo del mínimo del nodo (precio insuficiente).</translation>
    </message>
    <message>
        <source>Its nonce was already used by the sender (nonce too low).</source>
        <translation>El remitente ya usó su nonce (nonce demasiado bajo).</translation>
    </message>
    <message>
        <source>The sender cannot pay for it (insufficient funds).</source>
        <translation>El remitente no puede pagarla (fondos insuficientes).</translation>
    </message>
    <message>
        <source>It is too large for the node.</source>
        <translation>Es demasiado grande para el nodo.</translation>
    </message>
    <message>
        <source>The node refused it (%1).</source>
        <translation>El nodo la rechazó (%1).</translation>
    </message>
    <message>
        <source>%1 The node says: %2</source>
        <translation>%1 El nodo dice: %2</translation>
    </message>
    <message numerus="yes">
        <source>Mints %1 to %2: %Ln byte(s) of GIF.</source>
        <translation>
            <numerusform>Acuña %1 para %2: %Ln byte de GIF.</numerusform>
            <numerusform>Acuña %1 para %2: %Ln bytes de GIF.</numerusform>
        </translation>
    </message>
    <message>
        <source>Its gas limit is below what this kind of transaction needs.</source>
        <translation>Su límite de gas es menor que lo que necesita este tipo de transacción.</translation>
    </message>
    <message>
        <source>Its nonce is too far ahead of the sender&apos;s.</source>
        <translation>Su nonce está demasiado por delante de la del remitente.</translation>
    </message>
    <message>
        <source>The node holds as many waiting transactions as it takes; a higher gas price would get in.</source>
        <translation>El nodo ya retiene todas las transacciones en espera que admite; un precio de gas mayor entraría.</translation>
    </message>
    <message>
        <source>It is not signed: the node would refuse it, so it cannot be sent.</source>
        <translation>No está firmada: el nodo la rechazaría, así que no se puede enviar.</translation>
    </message>
    <message>
        <source>Its signature does not verify: the node would refuse it, so it cannot be sent.</source>
        <translation>Su firma no se verifica: el nodo la rechazaría, así que no se puede enviar.</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>Certificate %1</source>
        <translation>Certificado %1</translation>
    </message>
    <message>
        <source>%1 was owned by %2 at height %3</source>
        <translation>%1 pertenecía a %2 a la altura %3</translation>
    </message>
    <message>
        <source>%1 did not exist at height %2</source>
        <translation>%1 no existía a la altura %2</translation>
    </message>
    <message>
        <source>Valid: %1.</source>
        <translation>Válido: %1.</translation>
    </message>
    <message>
        <source>Invalid: the %1 check failed.</source>
        <translation>No válido: falló la comprobación «%1».</translation>
    </message>
    <message numerus="yes">
        <source>%1 held exactly %Ln object(s) at height %2</source>
        <translation>
            <numerusform>%1 tenía exactamente %Ln objeto a la altura %2</numerusform>
            <numerusform>%1 tenía exactamente %Ln objetos a la altura %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Signed by the devnet&apos;s validators, whose keys are public: this proves the checks, never value.</source>
        <translation>Firmado por los validadores del devnet, cuyas claves son públicas: prueba las comprobaciones, nunca un valor.</translation>
    </message>
    <message numerus="yes">
        <source>It claims that %1 held exactly %Ln object(s) at height %2</source>
        <translation>
            <numerusform>Afirma que %1 tenía exactamente %Ln objeto a la altura %2</numerusform>
            <numerusform>Afirma que %1 tenía exactamente %Ln objetos a la altura %2</numerusform>
        </translation>
    </message>
    <message>
        <source>It claims that %1 was owned by %2 at height %3</source>
        <translation>Afirma que %1 pertenecía a %2 a la altura %3</translation>
    </message>
    <message>
        <source>It claims that %1 did not exist at height %2</source>
        <translation>Afirma que %1 no existía a la altura %2</translation>
    </message>
    <message>
        <source>It names %1 at height %2</source>
        <translation>Nombra %1 a la altura %2</translation>
    </message>
    <message>
        <source>no object</source>
        <translation>ningún objeto</translation>
    </message>
</context>
<context>
    <name>ChainWords</name>
    <message>
        <source>mint</source>
        <comment>event</comment>
        <translation>acuñación</translation>
    </message>
    <message>
        <source>transfer</source>
        <comment>event</comment>
        <translation>transferencia</translation>
    </message>
    <message>
        <source>list</source>
        <comment>event</comment>
        <translation>puesta en venta</translation>
    </message>
    <message>
        <source>delist</source>
        <comment>event</comment>
        <translation>retirada</translation>
    </message>
    <message>
        <source>sale</source>
        <comment>event</comment>
        <translation>venta</translation>
    </message>
    <message>
        <source>payment</source>
        <comment>event</comment>
        <translation>pago</translation>
    </message>
    <message>
        <source>transfer</source>
        <comment>transaction kind</comment>
        <translation>transferencia</translation>
    </message>
    <message>
        <source>create collection</source>
        <comment>transaction kind</comment>
        <translation>crear colección</translation>
    </message>
    <message>
        <source>mint</source>
        <comment>transaction kind</comment>
        <translation>acuñar</translation>
    </message>
    <message>
        <source>transfer object</source>
        <comment>transaction kind</comment>
        <translation>transferir objeto</translation>
    </message>
    <message>
        <source>list</source>
        <comment>transaction kind</comment>
        <translation>poner en venta</translation>
    </message>
    <message>
        <source>delist</source>
        <comment>transaction kind</comment>
        <translation>retirar</translation>
    </message>
    <message>
        <source>buy</source>
        <comment>transaction kind</comment>
        <translation>comprar</translation>
    </message>
    <message>
        <source>version</source>
        <comment>certificate check</comment>
        <translation>versión</translation>
    </message>
    <message>
        <source>chain</source>
        <comment>certificate check</comment>
        <translation>cadena</translation>
    </message>
    <message>
        <source>header hash</source>
        <comment>certificate check</comment>
        <translation>hash de la cabecera</translation>
    </message>
    <message>
        <source>object key</source>
        <comment>certificate check</comment>
        <translation>clave del objeto</translation>
    </message>
    <message>
        <source>height</source>
        <comment>certificate check</comment>
        <translation>altura</translation>
    </message>
    <message>
        <source>proof</source>
        <comment>certificate check</comment>
        <translation>prueba</translation>
    </message>
    <message>
        <source>content</source>
        <comment>certificate check</comment>
        <translation>contenido</translation>
    </message>
    <message>
        <source>owned by %1</source>
        <translation>pertenece a %1</translation>
    </message>
    <message>
        <source>%1 does not exist at this height</source>
        <translation>%1 no existe a esta altura</translation>
    </message>
    <message>
        <source>the proof leads to another root than the header&apos;s</source>
        <translation>la prueba lleva a otra raíz que la de la cabecera</translation>
    </message>
    <message>
        <source>the proof is malformed</source>
        <translation>la prueba está mal formada</translation>
    </message>
    <message>
        <source>the proof is for another object</source>
        <translation>la prueba es de otro objeto</translation>
    </message>
    <message>
        <source>the neighbouring leaf is off the object&apos;s path</source>
        <translation>la hoja vecina está fuera del camino del objeto</translation>
    </message>
    <message>
        <source>not checked</source>
        <comment>indexer</comment>
        <translation>no comprobado</translation>
    </message>
    <message>
        <source>agrees</source>
        <comment>indexer</comment>
        <translation>coincide</translation>
    </message>
    <message>
        <source>disagrees</source>
        <comment>indexer</comment>
        <translation>discrepa</translation>
    </message>
    <message>
        <source>unavailable</source>
        <comment>indexer</comment>
        <translation>no disponible</translation>
    </message>
    <message>
        <source>verified</source>
        <comment>audit</comment>
        <translation>verificado</translation>
    </message>
    <message>
        <source>absent</source>
        <comment>audit</comment>
        <translation>ausente</translation>
    </message>
    <message>
        <source>mismatch</source>
        <comment>audit</comment>
        <translation>discrepancia</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>audit</comment>
        <translation>fallido</translation>
    </message>
    <message>
        <source>proven here, but the indexer does not list it</source>
        <translation>demostrado aquí, pero el indexador no lo lista</translation>
    </message>
    <message>
        <source>validator set</source>
        <comment>certificate check</comment>
        <translation>conjunto de validadores</translation>
    </message>
    <message>
        <source>signatures</source>
        <comment>certificate check</comment>
        <translation>firmas</translation>
    </message>
    <message>
        <source>trusted set</source>
        <comment>certificate check</comment>
        <translation>conjunto de confianza</translation>
    </message>
    <message>
        <source>kind</source>
        <comment>certificate check</comment>
        <translation>tipo</translation>
    </message>
    <message>
        <source>holdings</source>
        <comment>certificate check</comment>
        <translation>tenencias</translation>
    </message>
    <message>
        <source>signed by %1 of %2 validators (quorum %3)</source>
        <translation>firmada por %1 de %2 validadores (quórum %3)</translation>
    </message>
    <message>
        <source>no validator set is trusted for this network</source>
        <translation>no se confía en ningún conjunto de validadores para esta red</translation>
    </message>
    <message>
        <source>the header&apos;s hash does not recompute</source>
        <translation>el hash de la cabecera no se puede recalcular</translation>
    </message>
    <message>
        <source>signed for validator set %1, which is not trusted</source>
        <translation>firmada para el conjunto de validadores %1, que no es de confianza</translation>
    </message>
    <message>
        <source>the header carries no signatures</source>
        <translation>la cabecera no lleva firmas</translation>
    </message>
    <message>
        <source>the signatures&apos; indexes are malformed</source>
        <translation>los índices de las firmas son incorrectos</translation>
    </message>
    <message>
        <source>signature %1 does not come from its validator</source>
        <translation>la firma %1 no proviene de su validador</translation>
    </message>
    <message>
        <source>only %1 of %2 validators signed, %3 are needed</source>
        <translation>solo firmaron %1 de %2 validadores, se necesitan %3</translation>
    </message>
    <message>
        <source>the block&apos;s proposer did not sign</source>
        <translation>el proponente del bloque no firmó</translation>
    </message>
    <message>
        <source>the header does not link to its parent</source>
        <translation>la cabecera no enlaza con su bloque padre</translation>
    </message>
    <message>
        <source>this is not the genesis the network was first trusted with</source>
        <translation>este no es el bloque génesis con el que se confió primero en la red</translation>
    </message>
    <message numerus="yes">
        <source>held exactly %Ln object(s)</source>
        <translation>
            <numerusform>tenía exactamente %Ln objeto</numerusform>
            <numerusform>tenía exactamente %Ln objetos</numerusform>
        </translation>
    </message>
    <message>
        <source>the holdings name a malformed object key</source>
        <translation>las tenencias nombran una clave de objeto incorrecta</translation>
    </message>
    <message>
        <source>the holdings are not in key order</source>
        <translation>las tenencias no están ordenadas por clave</translation>
    </message>
    <message>
        <source>the holdings proof is malformed</source>
        <translation>la prueba de tenencias es incorrecta</translation>
    </message>
    <message>
        <source>the holdings proof leads to another root than the header&apos;s</source>
        <translation>la prueba de tenencias lleva a otra raíz que la de la cabecera</translation>
    </message>
    <message>
        <source>the holdings name it, the proof says it does not exist</source>
        <translation>las tenencias lo nombran, la prueba dice que no existe</translation>
    </message>
    <message>
        <source>the holdings name it, the proof says %1 owns it</source>
        <translation>las tenencias lo nombran, la prueba dice que pertenece a %1</translation>
    </message>
    <message>
        <source>the indexer lists it, the proven holdings do not</source>
        <translation>el indexador lo lista, las tenencias probadas no</translation>
    </message>
    <message>
        <source>this node was refused: it is not the network this profile trusts</source>
        <translation>este nodo fue rechazado: no es la red en la que confía este perfil</translation>
    </message>
    <message>
        <source>no error</source>
        <translation>sin error</translation>
    </message>
    <message>
        <source>the node cannot be reached (%1)</source>
        <translation>no se puede contactar con el nodo (%1)</translation>
    </message>
    <message>
        <source>the node did not answer in time (%1)</source>
        <translation>el nodo no respondió a tiempo (%1)</translation>
    </message>
    <message>
        <source>the node has no such thing (%1)</source>
        <translation>el nodo no tiene eso (%1)</translation>
    </message>
    <message>
        <source>the node refused the request: HTTP %1 %2 (%3)</source>
        <translation>el nodo rechazó la solicitud: HTTP %1 %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>the node is limiting requests: try again in %Ln second(s)</source>
        <translation>
            <numerusform>el nodo limita las solicitudes: vuelve a intentarlo en %Ln segundo</numerusform>
            <numerusform>el nodo limita las solicitudes: vuelve a intentarlo en %Ln segundos</numerusform>
        </translation>
    </message>
    <message>
        <source>the node&apos;s answer is not what the protocol says (%1)</source>
        <translation>la respuesta del nodo no es la que dice el protocolo (%1)</translation>
    </message>
    <message>
        <source>the node&apos;s answer is larger than any honest one (%1)</source>
        <translation>la respuesta del nodo es mayor que cualquier respuesta honesta (%1)</translation>
    </message>
    <message>
        <source>the node refused the request: error %1 (%2)</source>
        <translation>el nodo rechazó la solicitud: error %1 (%2)</translation>
    </message>
    <message>
        <source>art</source>
        <comment>collection category</comment>
        <translation>arte</translation>
    </message>
    <message>
        <source>profile pictures</source>
        <comment>collection category</comment>
        <translation>fotos de perfil</translation>
    </message>
    <message>
        <source>gaming</source>
        <comment>collection category</comment>
        <translation>juegos</translation>
    </message>
    <message>
        <source>music</source>
        <comment>collection category</comment>
        <translation>música</translation>
    </message>
    <message>
        <source>memes</source>
        <comment>collection category</comment>
        <translation>memes</translation>
    </message>
    <message>
        <source>it ends before its field &quot;%1&quot;</source>
        <translation>termina antes de su campo «%1»</translation>
    </message>
    <message>
        <source>its field &quot;%1&quot; is not UTF-8 text</source>
        <translation>su campo «%1» no es texto UTF-8</translation>
    </message>
    <message>
        <source>version %1 is not one this explorer knows (it reads version 1)</source>
        <translation>este explorador no conoce la versión %1 (lee la versión 1)</translation>
    </message>
    <message>
        <source>kind %1 is not a transaction kind (1 to 7)</source>
        <translation>el tipo %1 no es un tipo de transacción (1 a 7)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln byte(s) follow its signature</source>
        <translation>
            <numerusform>%Ln byte sigue a su firma</numerusform>
            <numerusform>%Ln bytes siguen a su firma</numerusform>
        </translation>
    </message>
    <message>
        <source>unchecked</source>
        <comment>audit</comment>
        <translation>sin comprobar</translation>
    </message>
    <message>
        <source>the node did not answer for it (%1); audit again to check it</source>
        <translation>el nodo no respondió por él (%1); audite de nuevo para comprobarlo</translation>
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
        <translation>Poseedor</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objetos</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Parte</translation>
    </message>
</context>
<context>
    <name>CollectionAnalyticsView</name>
    <message>
        <source>Top holders</source>
        <translation>Mayores poseedores</translation>
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
        <translation>Todo</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Leer de nuevo</translation>
    </message>
    <message>
        <source>The figures stay at the height they were read at until read again</source>
        <translation>Las cifras quedan a la altura en que se leyeron hasta leerlas de nuevo</translation>
    </message>
    <message>
        <source>Could not read the analytics: %1</source>
        <translation>No se pudo leer el análisis: %1</translation>
    </message>
    <message>
        <source>Reading the collection&apos;s market…</source>
        <translation>Leyendo el mercado de la colección…</translation>
    </message>
    <message>
        <source>Holding 1 object: %1 · 2–5: %2 · 6–20: %3 · over 20: %4</source>
        <translation>Con 1 objeto: %1 · 2–5: %2 · 6–20: %3 · más de 20: %4</translation>
    </message>
    <message>
        <source>Only the newest pages were read: the figures are of what was read.</source>
        <translation>Solo se leyeron las páginas más recientes: las cifras son de lo leído.</translation>
    </message>
    <message>
        <source>Floor and volume: not loaded</source>
        <translation>Precio mínimo y volumen: sin cargar</translation>
    </message>
    <message>
        <source>Floor and volume</source>
        <translation>Precio mínimo y volumen</translation>
    </message>
    <message>
        <source>Floor and volume: no listings or sales yet</source>
        <translation>Precio mínimo y volumen: aún sin ofertas ni ventas</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Precio mínimo</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volumen</translation>
    </message>
    <message numerus="yes">
        <source>At height %1: %Ln holder(s) of %2 objects.</source>
        <translation>
            <numerusform>A la altura %1: %Ln poseedor de %2 objetos.</numerusform>
            <numerusform>A la altura %1: %Ln poseedores de %2 objetos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Since block %1: %Ln sale(s), volume %2.</source>
        <translation>
            <numerusform>Desde el bloque %1: %Ln venta, volumen %2.</numerusform>
            <numerusform>Desde el bloque %1: %Ln ventas, volumen %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Floor at that height: %1.</source>
        <translation>Precio mínimo a esa altura: %1.</translation>
    </message>
    <message>
        <source>Nothing was listed at that height.</source>
        <translation>A esa altura no había nada en venta.</translation>
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
        <translation>«%1» no es un filtro de los objetos de una colección.</translation>
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
        <translation>%1 — creada por %2 a la altura %3</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Objetos</translation>
    </message>
    <message>
        <source>Owners</source>
        <translation>Propietarios</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>En venta</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Precio mínimo</translation>
    </message>
    <message>
        <source>24h volume</source>
        <translation>Volumen 24 h</translation>
    </message>
    <message>
        <source>Slug</source>
        <translation>Identificador</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>Token id</source>
        <translation>ID de token</translation>
    </message>
    <message>
        <source>Rarity</source>
        <translation>Rareza</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Quitar filtros</translation>
    </message>
    <message>
        <source>Sort by:</source>
        <translation>Ordenar por:</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  (%2)</translation>
    </message>
    <message>
        <source>%1 · %2 items · %3 owners · %4 listed · floor %5 · 24 h volume %6</source>
        <translation>%1 · %2 objetos · %3 propietarios · %4 en venta · precio mínimo %5 · volumen 24 h %6</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s)</source>
        <translation>
            <numerusform>%Ln objeto</numerusform>
            <numerusform>%Ln objetos</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no collection &quot;%1&quot;.</source>
        <translation>No existe la colección «%1».</translation>
    </message>
    <message>
        <source>%L1+ objects match</source>
        <translation>%L1+ objetos coinciden</translation>
    </message>
    <message>
        <source>No object has all of these traits.</source>
        <translation>Ningún objeto tiene todos estos rasgos.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) match</source>
        <translation>
            <numerusform>%Ln objeto coincide</numerusform>
            <numerusform>%Ln objetos coinciden</numerusform>
        </translation>
    </message>
    <message>
        <source>Listed only</source>
        <translation>Solo en venta</translation>
    </message>
    <message>
        <source>Show only objects for sale now</source>
        <translation>Mostrar solo objetos en venta ahora</translation>
    </message>
    <message>
        <source>No object matches these filters.</source>
        <translation>Ningún objeto cumple estos filtros.</translation>
    </message>
    <message>
        <source>Price, GIF:</source>
        <translation>Precio, GIF:</translation>
    </message>
    <message>
        <source>to</source>
        <translation>a</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Last sale</source>
        <translation>Última venta</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Publicación</translation>
    </message>
    <message>
        <source>min</source>
        <translation>mín</translation>
    </message>
    <message>
        <source>max</source>
        <translation>máx</translation>
    </message>
    <message>
        <source>Listed at this price or more, in GIF</source>
        <translation>En venta a este precio o más, en GIF</translation>
    </message>
    <message>
        <source>Listed at this price or less, in GIF</source>
        <translation>En venta a este precio o menos, en GIF</translation>
    </message>
    <message>
        <source>lowest first</source>
        <translation>menor primero</translation>
    </message>
    <message>
        <source>highest first</source>
        <translation>mayor primero</translation>
    </message>
    <message>
        <source>rarest first</source>
        <translation>más raro primero</translation>
    </message>
    <message>
        <source>commonest first</source>
        <translation>más común primero</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>más reciente primero</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>más antiguo primero</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a price in GIF (like 2.5).</source>
        <translation>«%1» no es un precio en GIF (como 2.5).</translation>
    </message>
    <message>
        <source>&amp;Objects</source>
        <translation>&amp;Objetos</translation>
    </message>
    <message>
        <source>A&amp;nalytics</source>
        <translation>A&amp;nálisis</translation>
    </message>
</context>
<context>
    <name>CollectionPageModel</name>
    <message>
        <source>There is no collection &quot;%1&quot;.</source>
        <translation>No existe la colección «%1».</translation>
    </message>
</context>
<context>
    <name>CopyButton</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy as gif:// link</source>
        <translation>Copiar como enlace gif://</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>Copiar %1</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>Export cancelled.</source>
        <translation>Exportación cancelada.</translation>
    </message>
    <message>
        <source>The list went away.</source>
        <translation>La lista ya no existe.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>The node stopped answering after %Ln row(s).</source>
        <translation>
            <numerusform>El nodo dejó de responder tras %Ln fila.</numerusform>
            <numerusform>El nodo dejó de responder tras %Ln filas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1.</source>
        <translation>
            <numerusform>%Ln fila escrita en %1.</numerusform>
            <numerusform>%Ln filas escritas en %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (name tag)</source>
        <translation>%1 (etiqueta)</translation>
    </message>
</context>
<context>
    <name>DetailBrowser</name>
    <message>
        <source>escrow</source>
        <translation>depósito</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>Copiar %1</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>just now</source>
        <translation>ahora mismo</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>hace %1 s</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>hace %1 min</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>hace %1 h</translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation>hace %1 d</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1, %Ln confirmation(s)</source>
        <translation>
            <numerusform>%1, %Ln confirmación</numerusform>
            <numerusform>%1, %Ln confirmaciones</numerusform>
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
        <translation>Exportar CSV…</translation>
    </message>
    <message>
        <source>Export as CSV</source>
        <translation>Exportar como CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportando…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message numerus="yes">
        <source>Exporting… %Ln row(s)</source>
        <translation>
            <numerusform>Exportando… %Ln fila</numerusform>
            <numerusform>Exportando… %Ln filas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GifLink</name>
    <message>
        <source>&quot;%1&quot; is not a gif:// link.</source>
        <translation>«%1» no es un enlace gif://.</translation>
    </message>
    <message>
        <source>The link is for chain %1; gifscan follows chain %2.</source>
        <translation>El enlace es de la cadena %1; gifscan sigue la cadena %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a gif:// link of chain %2.</source>
        <translation>«%1» no es un enlace gif:// de la cadena %2.</translation>
    </message>
</context>
<context>
    <name>GifPlayer</name>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>◀ Frame</source>
        <translation>◀ Fotograma</translation>
    </message>
    <message>
        <source>Frame ▶</source>
        <translation>Fotograma ▶</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Bucle</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>frame %1 of %2</source>
        <translation>fotograma %1 de %2</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>A block explorer for the GIF chain.</source>
        <translation>Un explorador de bloques para la cadena GIF.</translation>
    </message>
    <message>
        <source>REST base URL of a node.</source>
        <translation>URL base REST de un nodo.</translation>
    </message>
    <message>
        <source>JSON-RPC URL of the node.</source>
        <translation>URL JSON-RPC del nodo.</translation>
    </message>
    <message>
        <source>Websocket URL of the node.</source>
        <translation>URL websocket del nodo.</translation>
    </message>
    <message>
        <source>A gif:// link to open (gif://6464/&lt;slug&gt;#&lt;id&gt;[@height], an address, a hash).</source>
        <translation>Un enlace gif:// que abrir (gif://6464/&lt;slug&gt;#&lt;id&gt;[@altura], una dirección, un hash).</translation>
    </message>
    <message>
        <source>gifscan</source>
        <translation>gifscan</translation>
    </message>
    <message>
        <source>A node is named by all three of --rest, --rpc and --ws.</source>
        <translation>Un nodo se indica con las tres opciones --rest, --rpc y --ws.</translation>
    </message>
    <message>
        <source>command line</source>
        <translation>línea de órdenes</translation>
    </message>
    <message>
        <source>The local devnet could not start: %1</source>
        <translation>La devnet local no pudo iniciarse: %1</translation>
    </message>
    <message>
        <source>Follow the local devnet, which gifscan runs as a program of its own.</source>
        <translation>Seguir la devnet local, que gifscan ejecuta como un programa propio.</translation>
    </message>
    <message>
        <source>Seconds between the local devnet&apos;s blocks.</source>
        <translation>Segundos entre los bloques de la devnet local.</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>About gifscan</source>
        <translation>Acerca de gifscan</translation>
    </message>
    <message>
        <source>Following %1, head %L2.</source>
        <translation>Siguiendo %1, último bloque %L2.</translation>
    </message>
    <message>
        <source>Following %1, no head yet.</source>
        <translation>Siguiendo %1, aún sin bloques.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;gifscan %1&lt;/h3&gt;&lt;p&gt;A block explorer for the GIF chain that proves every owner it shows against headers signed by the validators you trust.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Qt %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;gifscan %1&lt;/h3&gt;&lt;p&gt;Un explorador de bloques de la cadena GIF que prueba cada propietario que muestra frente a cabeceras firmadas por los validadores en los que usted confía.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Qt %3&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>LinkActions</name>
    <message>
        <source>Copied %1</source>
        <translation>Copiado: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy as gif:// link</source>
        <translation>Copiar como enlace gif://</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Dejar de seguir</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Seguir</translation>
    </message>
    <message>
        <source>Stopped watching %1.</source>
        <translation>Ya no sigues %1.</translation>
    </message>
    <message>
        <source>Watching %1.</source>
        <translation>Siguiendo %1.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renombrar…</translation>
    </message>
    <message>
        <source>Name this address…</source>
        <translation>Nombrar esta dirección…</translation>
    </message>
    <message>
        <source>Name tag</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <source>A private name for %1, kept on this computer only. Empty removes it.</source>
        <translation>Un nombre privado para %1, guardado solo en este ordenador. Vacío lo elimina.</translation>
    </message>
    <message>
        <source>%1 has no name tag.</source>
        <translation>%1 no tiene etiqueta.</translation>
    </message>
    <message>
        <source>%1 is named &quot;%2&quot;.</source>
        <translation>%1 se llama «%2».</translation>
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
            <numerusform>Sobre el bloque más reciente</numerusform>
            <numerusform>Sobre los %Ln bloques más recientes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocalPagesEditor</name>
    <message>
        <source>Web pages that may use the local node</source>
        <translation>Páginas web que pueden usar el nodo local</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Not a page&apos;s address: write it as scheme://host:port, for example http://mydapp.test:3000 (port * for any).</source>
        <translation>No es la dirección de una página: escríbala como esquema://host:puerto, por ejemplo http://mydapp.test:3000 (puerto * para cualquiera).</translation>
    </message>
    <message>
        <source>Pages on this computer may always use it; other websites you visit are refused, so that they cannot act through your node. Add a page you develop elsewhere (the node restarts to apply it).</source>
        <translation>Las páginas de este ordenador siempre pueden usarlo; los demás sitios web que visite son rechazados, para que no puedan actuar a través de su nodo. Añada una página que desarrolle en otro lugar (el nodo se reinicia para aplicarlo).</translation>
    </message>
    <message>
        <source>%1 — this computer, any port, always</source>
        <translation>%1 — este ordenador, cualquier puerto, siempre</translation>
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
        <translation>Buscar</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Atrás</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Adelante</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Ajustes…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>Open certificate…</source>
        <translation>Abrir certificado…</translation>
    </message>
    <message>
        <source>Open a certificate</source>
        <translation>Abrir un certificado</translation>
    </message>
    <message>
        <source>Certificates (*.json)</source>
        <translation>Certificados (*.json)</translation>
    </message>
    <message>
        <source>Broadcast a transaction…</source>
        <translation>Difundir una transacción…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Seguir</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Siguiendo</translation>
    </message>
    <message>
        <source>Nothing in this window shows %1.</source>
        <translation>Nada en esta ventana muestra %1.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln collections are named &quot;%1&quot;: choose one by its slug.</source>
        <translation>
            <numerusform>%Ln colección se llama «%1»: elija una por su identificador.</numerusform>
            <numerusform>%Ln colecciones se llaman «%1»: elija una por su identificador.</numerusform>
        </translation>
    </message>
    <message>
        <source>Watching %1: notifications will come for it (%2 stops).</source>
        <translation>Siguiendo %1: llegarán notificaciones (%2 lo detiene).</translation>
    </message>
    <message>
        <source>Stopped watching %1.</source>
        <translation>Ya no se sigue %1.</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Recargar</translation>
    </message>
</context>
<context>
    <name>NetworkBanner</name>
    <message>
        <source>Trust…</source>
        <translation>Confiar…</translation>
    </message>
    <message>
        <source>See the node&apos;s validators again and choose whether to trust them</source>
        <translation>Ver de nuevo los validadores del nodo y decidir si confiar en ellos</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Ajustes…</translation>
    </message>
    <message>
        <source>Nothing this node serves is shown until its validators are trusted.</source>
        <translation>No se muestra nada de este nodo hasta que se confíe en sus validadores.</translation>
    </message>
</context>
<context>
    <name>NetworkStatusModel</name>
    <message>
        <source>idle</source>
        <translation>inactivo</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>conectando</translation>
    </message>
    <message>
        <source>live</source>
        <translation>en directo</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>reconectando</translation>
    </message>
    <message>
        <source>polling</source>
        <translation>sondeando</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>desfasado</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>sin conexión</translation>
    </message>
    <message>
        <source>wrong network</source>
        <translation>red equivocada</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>no responde</translation>
    </message>
    <message>
        <source>validators not trusted yet: nothing is verified</source>
        <translation>validadores aún sin confianza: nada está verificado</translation>
    </message>
    <message>
        <source>headers not signed by the trusted validators</source>
        <translation>cabeceras no firmadas por los validadores de confianza</translation>
    </message>
    <message>
        <source>the local node crashed; restarting it</source>
        <translation>el nodo local se bloqueó; reiniciándolo</translation>
    </message>
    <message>
        <source>the local node stopped (exit code %1); restarting it</source>
        <translation>el nodo local se detuvo (código de salida %1); reiniciándolo</translation>
    </message>
    <message numerus="yes">
        <source>trying again in %Ln s</source>
        <translation>
            <numerusform>nuevo intento en %Ln s</numerusform>
            <numerusform>nuevo intento en %Ln s</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot reach the node: %1</source>
        <translation>no se puede alcanzar el nodo: %1</translation>
    </message>
    <message>
        <source>cannot reach the node: %1; %2</source>
        <translation>no se puede alcanzar el nodo: %1; %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>This node&apos;s validators are not trusted yet. Nothing it serves is shown until you trust them: compare their fingerprint with the one the network publishes.</source>
        <translation>Aún no se confía en los validadores de este nodo. No se muestra nada de él hasta que confíe en ellos: compare su huella con la que publica la red.</translation>
    </message>
    <message>
        <source>This node is not the network gifscan trusts for %1: its headers are not signed by the trusted validators. Nothing it serves is shown as the chain.</source>
        <translation>Este nodo no es la red en la que gifscan confía para %1: sus cabeceras no están firmadas por los validadores de confianza. No se muestra nada de él como la cadena.</translation>
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
            <numerusform>Mientras no estaba: %Ln bloque, </numerusform>
            <numerusform>Mientras no estaba: %Ln bloques, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s) on your watchlist.</source>
        <translation>
            <numerusform>%Ln evento en su lista de seguimiento.</numerusform>
            <numerusform>%Ln eventos en su lista de seguimiento.</numerusform>
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
        <translation>El precio mínimo de %1 pasó de %2 a %3.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>%1 sold for %2 to %3 (block %4)</source>
        <translation>%1 vendido por %2 a %3 (bloque %4)</translation>
    </message>
    <message>
        <source>%1 went from %2 to %3 (block %4)</source>
        <translation>%1 pasó de %2 a %3 (bloque %4)</translation>
    </message>
    <message>
        <source>%1 minted to %2 (block %3)</source>
        <translation>%1 acuñado para %2 (bloque %3)</translation>
    </message>
    <message>
        <source>%1: %2 (block %3)</source>
        <translation>%1: %2 (bloque %3)</translation>
    </message>
    <message>
        <source>%1 listed for %2 by %3 (block %4)</source>
        <translation>%3 puso en venta %1 por %2 (bloque %4)</translation>
    </message>
    <message>
        <source>%1 taken off the market by %2 (block %3)</source>
        <translation>%2 retiró %1 de la venta (bloque %3)</translation>
    </message>
</context>
<context>
    <name>ObjectGridView</name>
    <message>
        <source>Copy key</source>
        <translation>Copiar la clave</translation>
    </message>
    <message>
        <source>Copy owner</source>
        <translation>Copiar el propietario</translation>
    </message>
</context>
<context>
    <name>ObjectListModel</name>
    <message>
        <source>%1
Rarity #%2
Owner %3</source>
        <translation>%1
Rareza #%2
Propietario %3</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clave</translation>
    </message>
    <message>
        <source>collection</source>
        <translation>colección</translation>
    </message>
    <message>
        <source>token id</source>
        <translation>ID de token</translation>
    </message>
    <message>
        <source>owner</source>
        <translation>propietario</translation>
    </message>
    <message>
        <source>rarity rank</source>
        <translation>rango de rareza</translation>
    </message>
    <message>
        <source>%1
Rarity #%2
Listed by %3 for %4</source>
        <translation>%1
Rareza #%2
Puesto a la venta por %3 por %4</translation>
    </message>
    <message>
        <source>%1
Audit: %2</source>
        <translation>%1
Auditoría: %2</translation>
    </message>
    <message>
        <source>rarity #%1</source>
        <translation>rareza #%1</translation>
    </message>
    <message>
        <source>listed price</source>
        <translation>precio de venta</translation>
    </message>
    <message>
        <source>last sale price</source>
        <translation>precio de la última venta</translation>
    </message>
    <message>
        <source>sold %1</source>
        <translation>vendido por %1</translation>
    </message>
</context>
<context>
    <name>ObjectPage</name>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Verificar</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Verificando…</translation>
    </message>
    <message>
        <source>%1 at height %2</source>
        <translation>%1 a la altura %2</translation>
    </message>
    <message>
        <source> (%1% have it)</source>
        <translation> (lo tiene el %1 %)</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>no está en venta</translation>
    </message>
    <message>
        <source>%1, in escrow %2</source>
        <translation>%1, en depósito en %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>No recent activity.</source>
        <translation>No hay actividad reciente.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Bloque</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Para</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transacción</translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation>No se pudo verificar: %1</translation>
    </message>
    <message>
        <source>Mismatch: the indexer names another owner</source>
        <translation>Discrepancia: el indexador nombra otro propietario</translation>
    </message>
    <message>
        <source>Indexed only: the proof does not hold</source>
        <translation>Solo indexado: la prueba no se sostiene</translation>
    </message>
    <message>
        <source>%1 (proven)</source>
        <translation>%1 (probado)</translation>
    </message>
    <message>
        <source>%1 (the indexer&apos;s, unverified)</source>
        <translation>%1 (según el indexador, sin verificar)</translation>
    </message>
    <message>
        <source>Not verified: %1</source>
        <translation>No verificado: %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>#%L1 of %L2</source>
        <translation>#%L1 de %L2</translation>
    </message>
    <message>
        <source>#%L1</source>
        <translation>#%L1</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Propietario</translation>
    </message>
    <message>
        <source>Rarity</source>
        <translation>Rareza</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>Rasgos</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Oferta</translation>
    </message>
    <message>
        <source>Last sale</source>
        <translation>Última venta</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Fotogramas</translation>
    </message>
    <message>
        <source>%L1, %2×%3</source>
        <translation>%L1, %2×%3</translation>
    </message>
    <message>
        <source>Minted</source>
        <translation>Acuñados</translation>
    </message>
    <message>
        <source>at height %1</source>
        <translation>en la altura %1</translation>
    </message>
    <message>
        <source>listed by %1 (in escrow %2; the indexer&apos;s, unverified)</source>
        <translation>puesto a la venta por %1 (en depósito %2; según el indexador, sin verificar)</translation>
    </message>
    <message>
        <source>in escrow %2 (proven), listed by %1 (the indexer&apos;s word)</source>
        <translation>en depósito %2 (probado), puesto a la venta por %1 (según el indexador)</translation>
    </message>
    <message>
        <source>Older entries are not shown.</source>
        <translation>No se muestran las entradas más antiguas.</translation>
    </message>
    <message>
        <source>Verified at height %L1</source>
        <translation>Verificado a la altura %L1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Proof</source>
        <translation>Prueba</translation>
    </message>
    <message>
        <source>Read at the head, %L1; the chain is at %L2 now: Now reads it again.</source>
        <translation>Leído en el bloque %L1, entonces el último; la cadena está ahora en %L2: «Ahora» lo vuelve a leer.</translation>
    </message>
</context>
<context>
    <name>ObjectPageModel</name>
    <message>
        <source>Height %L1 is beyond the head (%L2).</source>
        <translation>La altura %L1 está más allá del último bloque (%L2).</translation>
    </message>
    <message>
        <source>There is no %1 on this chain.</source>
        <translation>No existe %1 en esta cadena.</translation>
    </message>
    <message>
        <source>%1 was minted at height %L2: at height %L3 it did not exist yet.</source>
        <translation>%1 se acuñó en la altura %L2: en la altura %L3 aún no existía.</translation>
    </message>
    <message>
        <source>There was no %1 at height %L2.</source>
        <translation>No había %1 en la altura %L2.</translation>
    </message>
</context>
<context>
    <name>ObjectThumbnailDelegate</name>
    <message numerus="yes">
        <source>%Ln object(s)</source>
        <translation>
            <numerusform>%Ln objeto</numerusform>
            <numerusform>%Ln objetos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Pages</name>
    <message>
        <source>No watchlist in this window.</source>
        <translation>No hay lista de seguimiento en esta ventana.</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>En directo</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Bloques</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Colecciones</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Actividad</translation>
    </message>
    <message>
        <source>Watchlist</source>
        <translation>Seguimiento</translation>
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
        <translation>Historial de precios: aún sin ventas</translation>
    </message>
    <message numerus="yes">
        <source>Price history: %Ln sale(s)</source>
        <translation>
            <numerusform>Historial de precios: %Ln venta</numerusform>
            <numerusform>Historial de precios: %Ln ventas</numerusform>
        </translation>
    </message>
    <message>
        <source>Sold for %1 at height %L2
%3</source>
        <translation>Vendido por %1 a la altura %L2
%3</translation>
    </message>
    <message>
        <source>Price history: not loaded</source>
        <translation>Historial de precios: no cargado</translation>
    </message>
</context>
<context>
    <name>ProfileStore</name>
    <message>
        <source>Local devnet</source>
        <translation>Devnet local</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>Un perfil necesita un nombre.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is the built-in profile; choose another name.</source>
        <translation>«%1» es el perfil integrado; elija otro nombre.</translation>
    </message>
    <message>
        <source>The REST URL must be http:// or https:// with a host.</source>
        <translation>La URL REST debe ser http:// o https:// con un host.</translation>
    </message>
    <message>
        <source>The JSON-RPC URL must be http:// or https:// with a host.</source>
        <translation>La URL JSON-RPC debe ser http:// o https:// con un host.</translation>
    </message>
    <message>
        <source>The websocket URL must be ws:// or wss:// with a host.</source>
        <translation>La URL websocket debe ser ws:// o wss:// con un host.</translation>
    </message>
    <message>
        <source>The chain id is a positive number.</source>
        <translation>El id de cadena es un número positivo.</translation>
    </message>
</context>
<context>
    <name>ProofInspector</name>
    <message>
        <source>Check</source>
        <translation>Comprobación</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>Copiar el valor</translation>
    </message>
    <message>
        <source>Header %1</source>
        <translation>Cabecera %1</translation>
    </message>
    <message>
        <source>hash recomputes</source>
        <translation>el hash se recalcula</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>signatures</source>
        <translation>firmas</translation>
    </message>
    <message>
        <source>validator set</source>
        <translation>conjunto de validadores</translation>
    </message>
    <message>
        <source>validator %1</source>
        <translation>validador %1</translation>
    </message>
    <message>
        <source>not in the set</source>
        <translation>fuera del conjunto</translation>
    </message>
    <message>
        <source>quorum</source>
        <translation>quórum</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>object root</source>
        <translation>raíz de objetos</translation>
    </message>
    <message numerus="yes">
        <source>Proof, %Ln siblings</source>
        <translation>
            <numerusform>Prueba, %Ln hermano</numerusform>
            <numerusform>Prueba, %Ln hermanos</numerusform>
        </translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>hoja</translation>
    </message>
    <message>
        <source>start</source>
        <translation>inicio</translation>
    </message>
    <message>
        <source>depth %1, path goes %2</source>
        <translation>profundidad %1, el camino va a la %2</translation>
    </message>
    <message>
        <source>right</source>
        <translation>derecha</translation>
    </message>
    <message>
        <source>left</source>
        <translation>izquierda</translation>
    </message>
    <message>
        <source>sibling %1 → %2</source>
        <translation>hermano %1 → %2</translation>
    </message>
    <message>
        <source>computed root</source>
        <translation>raíz calculada</translation>
    </message>
    <message>
        <source>Content: the GIF shown is the one the leaf commits to</source>
        <translation>Contenido: el GIF mostrado es el que fija la hoja</translation>
    </message>
    <message>
        <source>Content: the node&apos;s GIF is not the one the leaf commits to</source>
        <translation>Contenido: el GIF del nodo no es el que fija la hoja</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>sin propietario</translation>
    </message>
    <message>
        <source>Indexer&apos;s owner: %1</source>
        <translation>Propietario según el indexador: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Latest blocks</source>
        <translation>Últimos bloques</translation>
    </message>
    <message>
        <source>Latest activity</source>
        <translation>Actividad reciente</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Colecciones</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>Todas las categorías</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Categoría:</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Actividad</translation>
    </message>
    <message>
        <source>All types</source>
        <translation>Todos los tipos</translation>
    </message>
    <message>
        <source>All collections</source>
        <translation>Todas las colecciones</translation>
    </message>
    <message>
        <source>any height</source>
        <translation>cualquier altura</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Tipo:</translation>
    </message>
    <message>
        <source>Collection:</source>
        <translation>Colección:</translation>
    </message>
    <message>
        <source>Since block:</source>
        <translation>Desde el bloque:</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Bloques</translation>
    </message>
    <message>
        <source>Average block time</source>
        <translation>Tiempo medio de bloque</translation>
    </message>
    <message>
        <source>Transactions per second</source>
        <translation>Transacciones por segundo</translation>
    </message>
    <message>
        <source>Pending transactions</source>
        <translation>Transacciones pendientes</translation>
    </message>
    <message>
        <source>Transactions the node holds for a coming block</source>
        <translation>Transacciones que el nodo guarda para un próximo bloque</translation>
    </message>
</context>
<context>
    <name>SearchBox</name>
    <message>
        <source>Height, hash, address, collection, slug#id or slug#id@height  (Ctrl+L or /)</source>
        <translation>Altura, hash, dirección, colección, slug#id o slug#id@altura  (Ctrl+L o /)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <source>%1 — your name for %2</source>
        <translation>%1 — tu nombre para %2</translation>
    </message>
</context>
<context>
    <name>SearchQuery</name>
    <message>
        <source>Type a height, a hash, an address, a collection or slug#id.</source>
        <translation>Escriba una altura, un hash, una dirección, una colección o slug#id.</translation>
    </message>
    <message>
        <source>That height is too large.</source>
        <translation>Esa altura es demasiado grande.</translation>
    </message>
    <message>
        <source>0x is followed by 40 hex digits for an address or 64 for a hash.</source>
        <translation>A 0x le siguen 40 dígitos hexadecimales para una dirección o 64 para un hash.</translation>
    </message>
    <message>
        <source>After @ comes a block height.</source>
        <translation>Después de @ va una altura de bloque.</translation>
    </message>
    <message>
        <source>An object is slug#id, like pixel-cats#42.</source>
        <translation>Un objeto es slug#id, como pixel-cats#42.</translation>
    </message>
    <message>
        <source>Not a height, hash, address, collection or object.</source>
        <translation>No es una altura, un hash, una dirección, una colección ni un objeto.</translation>
    </message>
</context>
<context>
    <name>SearchSuggestions</name>
    <message>
        <source>block %1</source>
        <translation>bloque %1</translation>
    </message>
    <message>
        <source>transaction or block %1</source>
        <translation>transacción o bloque %1</translation>
    </message>
    <message>
        <source>address %1</source>
        <translation>dirección %1</translation>
    </message>
    <message>
        <source>%1 at height %2</source>
        <translation>%1 a la altura %2</translation>
    </message>
    <message>
        <source>object %1</source>
        <translation>objeto %1</translation>
    </message>
    <message>
        <source>an object of %1</source>
        <translation>un objeto de %1</translation>
    </message>
    <message>
        <source>collection %1</source>
        <translation>colección %1</translation>
    </message>
    <message>
        <source>recent: %1</source>
        <translation>reciente: %1</translation>
    </message>
    <message>
        <source>collection %1 (%2)</source>
        <translation>colección %1 (%2)</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>REST URL</source>
        <translation>URL REST</translation>
    </message>
    <message>
        <source>JSON-RPC URL</source>
        <translation>URL JSON-RPC</translation>
    </message>
    <message>
        <source>Websocket URL</source>
        <translation>URL websocket</translation>
    </message>
    <message>
        <source>Chain id</source>
        <translation>Id de cadena</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nuevo</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Network profiles</source>
        <translation>Perfiles de red</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Conectar</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Preferencias</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Como el sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Siempre</translation>
    </message>
    <message>
        <source>On hover</source>
        <translation>Al pasar el ratón</translation>
    </message>
    <message>
        <source>Off (reduced motion)</source>
        <translation>Desactivadas (menos movimiento)</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Notify about the watchlist</source>
        <translation>Avisar de la lista de seguimiento</translation>
    </message>
    <message>
        <source>Minimise to the tray</source>
        <translation>Minimizar a la bandeja</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>Aspecto</translation>
    </message>
    <message>
        <source>Animated thumbnails</source>
        <translation>Miniaturas animadas</translation>
    </message>
    <message>
        <source>Frame cache</source>
        <translation>Caché de fotogramas</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Olvidar</translation>
    </message>
    <message>
        <source>Trusts</source>
        <translation>Confía en</translation>
    </message>
    <message>
        <source>nothing yet: the first connection asks</source>
        <translation>nada aún: la primera conexión lo pregunta</translation>
    </message>
    <message numerus="yes">
        <source>validator set %1 (%Ln validators), genesis %2</source>
        <translation>
            <numerusform>conjunto de validadores %1 (%Ln validador), génesis %2</numerusform>
            <numerusform>conjunto de validadores %1 (%Ln validadores), génesis %2</numerusform>
        </translation>
    </message>
    <message>
        <source>not learnt yet</source>
        <translation>aún sin aprender</translation>
    </message>
    <message>
        <source>(chosen when it starts)</source>
        <translation>(elegidos al arrancar)</translation>
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
        <translation>Iniciando la devnet local…</translation>
    </message>
    <message>
        <source>Starting the local devnet: importing its chain</source>
        <translation>Iniciando la devnet local: importando su cadena</translation>
    </message>
    <message>
        <source>Starting the local devnet: bringing its database up to date</source>
        <translation>Iniciando la devnet local: actualizando su base de datos</translation>
    </message>
    <message>
        <source>Block %1 of %2, once: the old block log is kept beside the new database.</source>
        <translation>Bloque %1 de %2, una sola vez: el registro de bloques antiguo se conserva junto a la nueva base de datos.</translation>
    </message>
    <message>
        <source>Block %1 of %2, once: this database was written by an older gifscan.</source>
        <translation>Bloque %1 de %2, una sola vez: esta base de datos la escribió un gifscan anterior.</translation>
    </message>
    <message>
        <source>Starting the local devnet: building its first block</source>
        <translation>Iniciando la devnet local: construye su primer bloque</translation>
    </message>
    <message>
        <source>Transaction %1 of %2, once: the chain is kept for the next start.</source>
        <translation>Transacción %1 de %2, una sola vez: la cadena se conserva para el próximo inicio.</translation>
    </message>
</context>
<context>
    <name>StatusBarWidget</name>
    <message>
        <source>No network</source>
        <translation>Sin red</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Último bloque %1</translation>
    </message>
    <message>
        <source>No head yet</source>
        <translation>Todavía sin bloques</translation>
    </message>
    <message numerus="yes">
        <source>%Ln s since the last block</source>
        <translation>
            <numerusform>%Ln s desde el último bloque</numerusform>
            <numerusform>%Ln s desde el último bloque</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Use the local devnet</source>
        <translation>Usar la devnet local</translation>
    </message>
    <message>
        <source>Follow a node gifscan runs on this computer instead</source>
        <translation>Seguir en su lugar un nodo que gifscan ejecuta en este equipo</translation>
    </message>
</context>
<context>
    <name>TablePage</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>No se pudo cargar: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln new — show</source>
        <translation>
            <numerusform>%Ln nuevo — mostrar</numerusform>
            <numerusform>%Ln nuevos — mostrar</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraitFilterPanel</name>
    <message>
        <source>%1 (%2 of the %3 matching)</source>
        <translation>%1 (%2 de las %3 coincidencias)</translation>
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
        <translation>Transacción</translation>
    </message>
    <message>
        <source>Transaction %1</source>
        <translation>Transacción %1</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Clase</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Nonce</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Para</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Importe</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Colección</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Traits</source>
        <translation>Rasgos</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Contenido</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <source>Gas price</source>
        <translation>Precio del gas</translation>
    </message>
    <message>
        <source>Gas limit</source>
        <translation>Límite de gas</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>pending: in the mempool, not in a block yet</source>
        <translation>pendiente: en la mempool, todavía en ningún bloque</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Bloque</translation>
    </message>
    <message>
        <source>, position %1</source>
        <translation>, posición %1</translation>
    </message>
    <message>
        <source>success</source>
        <translation>éxito</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fallida: %1</translation>
    </message>
    <message>
        <source>Gas used</source>
        <translation>Gas usado</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Comisión</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Eventos</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Maximum price</source>
        <translation>Precio máximo</translation>
    </message>
</context>
<context>
    <name>TransactionPageModel</name>
    <message>
        <source>No transaction or block has the hash %1.</source>
        <translation>Ninguna transacción ni bloque tiene el hash %1.</translation>
    </message>
</context>
<context>
    <name>TravelRow</name>
    <message>
        <source>Read the object as it was at this height, and prove it there</source>
        <translation>Leer el objeto tal como era a esta altura y demostrarlo ahí</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Ir</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Ahora</translation>
    </message>
    <message>
        <source>At height</source>
        <translation>A la altura</translation>
    </message>
</context>
<context>
    <name>WatchlistModel</name>
    <message>
        <source>Watched</source>
        <translation>Seguido</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Propietario</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Precio mínimo</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Último evento</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Antigüedad</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>listed by %1</source>
        <translation>a la venta por %1</translation>
    </message>
    <message>
        <source>%1 at block %L2</source>
        <translation>%1 en el bloque %L2</translation>
    </message>
    <message>
        <source>object</source>
        <translation>objeto</translation>
    </message>
    <message>
        <source>address</source>
        <translation>dirección</translation>
    </message>
    <message>
        <source>collection</source>
        <translation>colección</translation>
    </message>
    <message>
        <source>none listed</source>
        <translation>ninguno en venta</translation>
    </message>
    <message>
        <source>minted in the genesis</source>
        <translation>acuñado en el génesis</translation>
    </message>
    <message>
        <source>minted at block %L1</source>
        <translation>acuñado en el bloque %L1</translation>
    </message>
    <message>
        <source>moved at block %L1</source>
        <translation>transferido en el bloque %L1</translation>
    </message>
    <message>
        <source>listed for %1 at block %L2</source>
        <translation>puesto en venta por %1 en el bloque %L2</translation>
    </message>
    <message>
        <source>taken off the market at block %L1</source>
        <translation>retirado de la venta en el bloque %L1</translation>
    </message>
    <message>
        <source>sold for %1 at block %L2</source>
        <translation>vendido por %1 en el bloque %L2</translation>
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
        <translation>Seguimiento</translation>
    </message>
    <message>
        <source>Notifications come for these when their blocks&apos; headers verify: an object changing owner, listed or sold; an address sending or receiving; a collection&apos;s mints and floor.</source>
        <translation>Los avisos llegan cuando las cabeceras de sus bloques se verifican: un objeto cambia de propietario, se pone en venta o se vende; una dirección envía o recibe; una colección acuña o cambia su precio mínimo.</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Dejar de seguir</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Notificaciones</translation>
    </message>
    <message>
        <source>None yet: they are kept here as they come, tray or not.</source>
        <translation>Ninguna aún: se guardan aquí según llegan, haya bandeja o no.</translation>
    </message>
    <message>
        <source>Nothing watched yet: press Watch (Ctrl+D) on an object, address or collection page.</source>
        <translation>Aún no sigue nada: pulse Seguir (Ctrl+D) en la página de un objeto, dirección o colección.</translation>
    </message>
</context>
</TS>
