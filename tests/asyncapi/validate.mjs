// Validates an AsyncAPI document read from stdin with @asyncapi/parser; prints the
// diagnostics as JSON and exits 1 on any error (severity 0).
import { Parser } from "@asyncapi/parser";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new Parser();
const { document, diagnostics } = await parser.parse(Buffer.concat(chunks).toString("utf8"));
const errors = diagnostics.filter((d) => d.severity === 0);
console.log(JSON.stringify({
  valid: Boolean(document) && errors.length === 0,
  version: document ? document.version() : null,
  channels: document ? document.channels().all().map((c) => c.address()) : [],
  errors: errors.map((d) => ({ code: d.code, message: d.message, path: d.path })),
}));
process.exit(document && errors.length === 0 ? 0 : 1);
