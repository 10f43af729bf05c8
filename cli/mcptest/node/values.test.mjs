// Values by reference with the official TypeScript MCP SDK over stdio: a
// value table handed from one operation to the next by value:// reference,
// eviction from a bounded store, a GF(2^16) table published as an artifact
// and read back as a resource, and malformed references.
//
// JACOBIAN_BIN names the binary under test (run.sh builds it).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const bin = process.env.JACOBIAN_BIN;
if (!bin) {
  throw new Error("set JACOBIAN_BIN to the jacobian binary under test");
}

const TABLE = "finite_field.polynomial_map.table.compute";
const FIBERS = "finite_field.polynomial_map.fibers.compute";

// GF(3^5) = GF(3)[t]/(t^5 + 2t + 1); PARI/GP 2.15:
// polisirreducible(Mod(1,3)*(x^5+2*x+1)) = 1.
const GF243 = { characteristic: "3", degree: 5, modulus: { coefficients: ["1", "2", "0", "0", "0", "1"] } };
// f(x) = 2x^3 + t·x^2 + 1. PARI/GP 2.15, with t = ffgen(Mod(1,3)*(y^5+2*y+1), 't)
// and the element with integer encoding Σ d_j 3^j being Σ d_j t^j: the
// image of f has 162 elements.
const CUBIC = { coefficients: [["1"], [], ["0", "1"], ["2"]] };
const CUBIC_IMAGE = 162;

// GF(2^16) = GF(2)[t]/(t^16 + t^5 + t^3 + t^2 + 1); PARI/GP 2.15:
// polisirreducible(Mod(1,2)*(x^16+x^5+x^3+x^2+1)) = 1.
const GF65536 = { characteristic: "2", degree: 16, modulus: { coefficients: ["1", "0", "1", "1", "0", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1"] } };

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

const dirs = [];
const clients = [];
const stderrs = [];

async function connect(args, maxBufferSize) {
  const transport = new StdioClientTransport({ command: bin, args: ["serve", ...args], stderr: "pipe", maxBufferSize });
  const log = { text: "" };
  transport.stderr?.on("data", (chunk) => { log.text += chunk; });
  stderrs.push(log);
  const client = new Client({ name: "jacobian-node-values", version: "0.0.0" });
  await client.connect(transport);
  clients.push(client);
  await client.listTools(); // primes the SDK's output-schema validation
  return client;
}

function artifactDir() {
  const dir = mkdtempSync(join(tmpdir(), "jacobian-node-artifacts-"));
  dirs.push(dir);
  return dir;
}

after(async () => {
  for (const c of clients) await c.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const run = (client, args) => client.callTool({ name: "math.run", arguments: args }, undefined, { timeout: 120000 });
const table = (client, field, polynomial) => run(client, { capability_id: TABLE, payload: { field, polynomial } });
const fibersOf = (client, ref) => run(client, { capability_id: FIBERS, payload: {}, inputs: { table: { value_ref: ref } } });

test("a value table passes to the fibers operation by reference", async () => {
  const client = await connect(["--no-artifacts"]);
  const res = await table(client, GF243, CUBIC);
  assert.equal(res.isError, undefined);
  const out = res.structuredContent;
  const port = out.outputs.table;
  assert.match(port.value_ref, /^value:\/\/[A-Za-z0-9_-]{32}$/);
  assert.equal(port.artifact_type, "finite_field.value_table");
  // JSON.stringify keeps the server's key order, and the table holds no
  // characters Go's encoder escapes, so these are the bytes it encoded.
  const inline = JSON.stringify(out.value.table);
  assert.equal(port.digest, `sha256:${sha256(inline)}`);
  assert.equal(port.size, Buffer.byteLength(inline));

  const byRef = await fibersOf(client, port.value_ref);
  assert.equal(byRef.isError, undefined, JSON.stringify(byRef.structuredContent));
  const byValue = await run(client, { capability_id: FIBERS, payload: { table: out.value.table } });
  assert.equal(byValue.isError, undefined);
  assert.deepEqual(byRef.structuredContent.value, byValue.structuredContent.value);
  assert.equal(byRef.structuredContent.value.image_size, CUBIC_IMAGE);

  // The fibers partition the table's inputs by value.
  const grouped = new Map();
  out.value.table.outputs.forEach((y, i) => {
    const key = JSON.stringify(y);
    grouped.set(key, [...(grouped.get(key) ?? []), out.value.table.inputs[i]]);
  });
  assert.equal(grouped.size, CUBIC_IMAGE);
  for (const f of byRef.structuredContent.value.fibers) {
    assert.deepEqual(f.preimages, grouped.get(JSON.stringify(f.value)));
  }
});

test("a server keeping three values evicts the oldest references", async () => {
  const client = await connect(["--no-artifacts", "--max-values", "3"]);
  const refs = [];
  for (const c of ["1", "2"]) {
    for (const lead of ["2", "1"]) {
      const res = await table(client, GF243, { coefficients: [[c], [], ["0", "1"], [lead]] });
      refs.push(res.structuredContent.outputs.table.value_ref);
    }
  }
  refs.push((await table(client, GF243, { coefficients: [["1"], [], ["0", "2"], ["2"]] })).structuredContent.outputs.table.value_ref);
  assert.equal(new Set(refs).size, 5);
  // Oldest first: resolving a reference makes it recent.
  for (const [i, ref] of refs.entries()) {
    const res = await fibersOf(client, ref);
    if (i < 2) {
      assert.equal(res.isError, true, `reference ${i + 1} resolved`);
      assert.equal(res.structuredContent.code, "UNKNOWN_REFERENCE");
      assert.match(res.structuredContent.message, /evicted/);
    } else {
      assert.equal(res.isError, undefined, JSON.stringify(res.structuredContent));
      assert.equal(res.structuredContent.outcome, "completed");
    }
  }
});

test("a GF(2^16) table is published as an artifact and read as a resource", async () => {
  const dir = artifactDir();
  // The SDK's stdio transport drops any message above 10 MiB by default
  // (and then the connection). Reading this 8.1 MB artifact is one message
  // of about 12 MB, since every quote in the table is escaped inside the
  // resource's text, so the client is given room for it.
  const client = await connect(["--artifact-dir", dir], 32 * 1024 * 1024);
  const started = performance.now();
  const res = await table(client, GF65536, { coefficients: [[], [], [], ["1"]] });
  console.log(`# GF(2^16) table over MCP: ${(performance.now() - started).toFixed(0)} ms`);
  assert.equal(res.isError, undefined, JSON.stringify(res.structuredContent));
  const port = res.structuredContent.outputs.table;
  assert.match(port.artifact_uri, /^artifact:\/\/sha256\/[0-9a-f]{64}$/);
  assert.equal(port.digest, `sha256:${port.artifact_uri.slice("artifact://sha256/".length)}`);
  assert.equal(res.structuredContent.value, undefined, "a result above the inline limit was sent inline");
  const link = res.content.find((c) => c.type === "resource_link" && c.uri === port.artifact_uri);
  assert.ok(link, "no resource link to the table");
  assert.equal(link.size, port.size);

  const read = await client.readResource({ uri: port.artifact_uri });
  const text = read.contents[0].text;
  assert.equal(Buffer.byteLength(text), port.size);
  assert.equal(`sha256:${sha256(text)}`, port.digest);
  assert.equal(JSON.parse(text).inputs.length, 65536);
});

test("malformed and unresolvable references are tool errors", async () => {
  const client = await connect(["--artifact-dir", artifactDir()]);
  const cases = [
    ["ref://" + "A".repeat(32), /must start with "value:\/\/"/],
    ["value://AAAA", /has 32 characters/],
    ["value://" + "A".repeat(30) + "+/", /only base64url characters/],
    ["value://" + "A".repeat(32), /unknown to this session/],
    ["artifact://sha256/../../etc/passwd", /is not an artifact URI/],
    ["artifact://sha256/" + "0".repeat(64), /is not in the artifact store/],
  ];
  for (const [ref, says] of cases) {
    const res = await fibersOf(client, ref);
    assert.equal(res.isError, true, ref);
    assert.equal(res.structuredContent.outcome, "failed");
    assert.equal(res.structuredContent.code, "UNKNOWN_REFERENCE", ref);
    assert.equal(res.structuredContent.path, "/inputs/table/value_ref");
    assert.match(res.structuredContent.message, says);
  }
});

process.on("exit", (code) => {
  if (code !== 0) {
    for (const log of stderrs) if (log.text) console.error("server stderr:\n" + log.text);
  }
});
