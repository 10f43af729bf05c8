// End-to-end check of `jacobian serve` over stdio with the official
// TypeScript MCP SDK, a client nobody on the project wrote. The SDK also
// validates every structured result against the tool's output schema (with
// Ajv) once tools/list has been read, so each call below checks the
// published output schemas too.
//
// JACOBIAN_BIN names the binary under test (run.sh builds it).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const bin = process.env.JACOBIAN_BIN;
if (!bin) {
  throw new Error("set JACOBIAN_BIN to the jacobian binary under test");
}

// Operands of the 40-digit gcd, PARI/GP 2.15:
// p = nextprime(10^19); a = p*nextprime(10^20); b = p*nextprime(10^20+10^6);
// gcd(a, b) = 10000000000000000051.
const LEFT = "1000000000000000005490000000000000001989";
const RIGHT = "1000000000000010005370000000000051001377";
const GCD = "10000000000000000051";

// nextprime(10^29) * nextprime(3*10^29) (PARI/GP 2.15): Pollard rho needs
// about 10^14 iterations to split it, so the run lasts until cancelled.
const SEMIPRIME = "30000000000000000000000000096400000000000000000000000002233";

let client;
let stderr = "";

before(async () => {
  // One execution slot, so the cancellation test can see it freed.
  const transport = new StdioClientTransport({ command: bin, args: ["serve", "--slots", "1"], stderr: "pipe" });
  transport.stderr?.on("data", (chunk) => { stderr += chunk; });
  client = new Client({ name: "jacobian-node-e2e", version: "0.0.0" });
  await client.connect(transport);
});

after(async () => {
  await client?.close();
});

const run = (args, options) => client.callTool({ name: "math.run", arguments: args }, undefined, options);
const find = (request) => client.callTool({ name: "math.find", arguments: { request } });

test("tools/list shows exactly math.find and math.run", async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), ["math.find", "math.run"]);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, "object", `${t.name} input schema root`);
    assert.equal(t.outputSchema.type, "object", `${t.name} output schema root`);
    assert.ok(t.title && t.description, `${t.name} has a title and a description`);
  }
  const [findTool, runTool] = tools;
  assert.equal(findTool.annotations.readOnlyHint, true);
  assert.equal(findTool.annotations.idempotentHint, true);
  assert.equal(runTool.annotations.readOnlyHint, false);
  assert.equal(runTool.annotations.destructiveHint, false);
  assert.equal(runTool.annotations.idempotentHint, false);
  assert.equal(runTool.annotations.openWorldHint, false);
});

test("search finds the gcd and inspect describes it", async () => {
  const search = await find({ op: "search", query: "greatest common divisor", limit: 3 });
  assert.equal(search.isError, undefined);
  assert.equal(search.structuredContent.outcome, "completed");
  assert.equal(search.structuredContent.value.hits[0].capability_id, "integer.compute.gcd");
  assert.match(search.content[0].text, /integer\.compute\.gcd/);

  const inspect = await find({ op: "inspect", capability_id: "integer.compute.gcd" });
  assert.equal(inspect.structuredContent.outcome, "completed");
  const schema = inspect.structuredContent.value.request_schema;
  assert.deepEqual(Object.keys(schema.properties).sort(), ["left", "right"]);
  assert.ok(inspect.structuredContent.value.examples.length > 0);

  const misplaced = await find({ op: "inspect", capability_id: "integer.compute.gcd", query: "gcd" });
  assert.equal(misplaced.isError, true);
  assert.equal(misplaced.structuredContent.code, "UNKNOWN_FIELD");
  assert.match(misplaced.structuredContent.message, /search field/);
});

test("a 40-digit gcd comes back as the exact string", async () => {
  await client.listTools(); // primes the SDK's output-schema validation
  const res = await run({ capability_id: "integer.compute.gcd", payload: { left: LEFT, right: RIGHT } });
  assert.equal(res.isError, undefined);
  assert.equal(res.structuredContent.outcome, "completed");
  assert.equal(res.structuredContent.value.gcd, GCD);
  assert.match(res.content[0].text, new RegExp(`"gcd":"${GCD}"`));
});

test("a bad payload is a tool error the model can act on", async () => {
  // A JS number above 2^53 reaches the wire as a JSON number.
  const number = await run({ capability_id: "integer.compute.gcd", payload: { left: 9007199254740993, right: "3" } });
  assert.equal(number.isError, true);
  assert.equal(number.structuredContent.outcome, "failed");
  assert.equal(number.structuredContent.code, "INVALID_PAYLOAD");
  assert.equal(number.structuredContent.path, "/payload/left");
  assert.match(number.structuredContent.message, /decimal strings/);

  const extra = await run({ capability_id: "integer.compute.gcd", payload: { left: "1", right: "2" }, precision: 10 });
  assert.equal(extra.isError, true);
  assert.equal(extra.structuredContent.code, "UNKNOWN_ARGUMENT");

  const field = await run({ capability_id: "integer.compute.gcd", payload: { left: "1", rigth: "2" } });
  assert.equal(field.isError, true);
  assert.equal(field.structuredContent.code, "UNKNOWN_FIELD");
  assert.equal(field.structuredContent.path, "/payload/rigth");
});

test("cancelling a long factorization frees its slot for the next call", async () => {
  const controller = new AbortController();
  let progressed;
  const firstProgress = new Promise((resolve) => { progressed = resolve; });
  const long = run(
    { capability_id: "integer.compute.prime_factorization", payload: { n: SEMIPRIME, max_iterations: 100000000 } },
    { signal: controller.signal, onprogress: () => progressed(), resetTimeoutOnProgress: true, timeout: 60000 },
  );
  long.catch(() => {}); // observed below
  await firstProgress;

  const busy = await run({ capability_id: "integer.compute.gcd", payload: { left: "84", right: "30" } });
  assert.equal(busy.structuredContent.reason, "RESOURCE_REFUSED", "the only slot is busy while factoring");

  const cancelledAt = performance.now();
  controller.abort("no longer needed");
  await assert.rejects(long);

  let attempts = 0;
  for (;;) {
    attempts++;
    const res = await run({ capability_id: "integer.compute.gcd", payload: { left: "84", right: "30" } });
    if (res.structuredContent.outcome === "completed") {
      assert.equal(res.structuredContent.value.gcd, "6");
      break;
    }
    assert.equal(res.structuredContent.reason, "RESOURCE_REFUSED", JSON.stringify(res.structuredContent));
    assert.ok(attempts < 5000, "the slot was never freed");
  }
  const ms = (performance.now() - cancelledAt).toFixed(1);
  console.log(`# slot freed and next call served ${ms} ms after cancelling (${attempts} attempts)`);
});

test("resources: the catalog and a missing artifact", async () => {
  const { resources } = await client.listResources();
  assert.deepEqual(resources.map((r) => r.uri), ["capability://catalog"]);
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.deepEqual(resourceTemplates.map((r) => r.uriTemplate), ["artifact://sha256/{digest}"]);
  const read = await client.readResource({ uri: "capability://catalog" });
  const catalog = JSON.parse(read.contents[0].text);
  assert.equal(catalog.count, catalog.operations.length);
  assert.ok(catalog.operations.some((op) => op.capability_id === "integer.compute.gcd"));
  await assert.rejects(client.readResource({ uri: `artifact://sha256/${"0".repeat(64)}` }), /not found/i);
});

process.on("exit", (code) => {
  if (code !== 0 && stderr) {
    console.error("server stderr:\n" + stderr);
  }
});
