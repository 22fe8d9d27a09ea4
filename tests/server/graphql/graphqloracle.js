// graphql-js (Debian's node-graphql) as an independent oracle for the
// devnet's GraphQL: builds a client schema from our introspection, as
// GraphiQL and code generators do, and validates queries against it.
// Input (argv[2]): {"introspection": <data of the introspection query>,
// "queries": ["…", …]}. Output: {"sdl": "…", "errors": [["message", …], …]}.
'use strict';
const fs = require('fs');
const { buildClientSchema, printSchema, parse, validate } = require('graphql');

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const schema = buildClientSchema(input.introspection); // throws on a schema it cannot accept
const errors = input.queries.map((q) => {
  let doc;
  try {
    doc = parse(q);
  } catch (e) {
    return [e.message];
  }
  return validate(schema, doc).map((e) => e.message);
});
process.stdout.write(JSON.stringify({ sdl: printSchema(schema), errors }));
