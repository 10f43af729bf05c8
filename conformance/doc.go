// Package conformance checks that a registry's operations keep Jacobian's
// contract (DESIGN §8). It is one library with three uses: Jacobian's own
// tests, the `jacobian conformance` command, which runs Check on the
// registry built into the binary, and the go test of any third-party
// domain module.
//
// # Wiring it into a domain's tests
//
// A domain module exports Register(*core.Registry) error. Its
// conformance_test.go is three lines:
//
//	package gaussian_test
//
//	import (
//		"testing"
//
//		"example.com/gaussian"
//		"jacobian.dev/conformance"
//	)
//
//	func TestConformance(t *testing.T) { conformance.Run(t, gaussian.Register) }
//
// Run builds a registry from the Register functions. A registration error
// (a malformed or duplicate ID, a missing postcondition, an open schema, an
// example that does not parse: core.Add reports every problem at once)
// fails the test with that error's text, which names each operation and
// each problem. Otherwise Run reports one subtest per operation and clause,
// named "<capability ID>/<clause>":
//
//	go test -run 'TestConformance/gaussian.norm.compute/examples_run'
//
// A clause with nothing to check is a skipped subtest whose message says
// what to declare; go test -v lists them. Generated requests are seeded
// with RunSeed, so a failure names a request that reproduces. -short
// lowers the generated requests per operation from twenty to five.
//
// Programs call Check instead, with their own seed, and read the Report; it
// marshals to JSON for machine consumers.
//
// # The clauses
//
//   - id_grammar: the ID is lowercase dotted segments of [a-z0-9_], each
//     starting with a letter; the first is the domain namespace; exactly
//     one segment is a verb from core.Verbs (compute, solve, check).
//   - kind_verb: the verb is "check" exactly when Kind is core.Check,
//     exactly when the result schema has a required "verdict" property
//     (embed core.CheckResult); a computation never carries a verdict; and
//     a checker's result embeds core.Bindings of its own request type.
//   - closed_schemas: every object schema inside the request and result
//     schemas has additionalProperties false, and no property or item
//     schema admits any JSON value (the schema true that a Go field of
//     type any infers to), since such a value could be an object with
//     undeclared fields.
//   - bounded_requests: every array in the request schema has maxItems,
//     every string maxLength (or an enum), every integer a maximum, so no
//     input dimension escapes the limits. Core's value types carry the
//     codec's bounds; an operation writes its own with Operation.Bounds.
//     The runtime refuses a request past one as RESOURCE_REFUSED.
//   - schemas_compile: both published schemas compile as JSON Schema
//     2020-12.
//   - catalog_metadata: title, summary, input kinds, effect, provider
//     module and version are present; each limit has a name, a positive
//     max, a unit and a description; and there is at least one example,
//     each with a title.
//   - examples_validate: each example's payload matches the request schema
//     and the runtime parses it; each expected result matches the result
//     schema.
//   - result_construction: a result the runtime publishes without
//     validating it again (a flat result of word-size integers whose
//     schema admits every such object) is valid under the general
//     validator for random and extreme words, and a longer integer is
//     sent to validation.
//   - compact_results: a result type whose MarshalJSON promises compact
//     bytes in a fresh buffer (core.CompactMarshaler), which the runtime
//     publishes without compacting or copying them, writes what
//     json.Marshal writes, in a new buffer each call, for the examples and
//     the generated requests.
//   - examples_run: each example completes, and its value equals the
//     expected result as a JSON value (key order and spacing aside; numbers
//     are compared by their exact text). A checker's outcome verdict
//     agrees with its value.
//   - results_validate: every value published for an example or a
//     generated request matches the published result schema, and the
//     runtime never had to withhold a result that did not.
//   - postcondition_generated: Options.Generated random requests from the
//     declaration's Generate each complete, or end in DOMAIN_ERROR or
//     RESOURCE_REFUSED; none fails its postcondition, panics, times out or
//     fails to parse. At least one must complete, or the postcondition was
//     never exercised.
//   - preflight_limits: each limit's Beyond payload ends as non_conclusion
//     RESOURCE_REFUSED, and its At payload, exactly at the limit, passes
//     preflight: run with a 300ms deadline, it completes or times out, and
//     is neither refused nor failed. A limit is exact at its boundary.
//   - refusal_examples: each declared refusal example fails with its
//     declared code and path: a failure caused by one field names it.
//   - verdict_bindings: each verdict a checker returns for its examples
//     carries exactly one of subject (the request judged, which run again
//     gives the same verdict) and subject_digest (sha256:<hex>).
//   - unknown_fields: each example payload with an added field
//     "__conformance_unknown" fails with UNKNOWN_FIELD; and for each
//     top-level field holding an integer or rational string (or, depth
//     first, an array or object holding one, such as a matrix entry or a
//     coefficient) that string sent as a JSON number (a rational as its
//     numerator) fails with INVALID_PAYLOAD, because JSON numbers lose
//     precision.
//   - determinism: every example, and the first five generated requests,
//     run a second time give the same outcome and a byte-identical value;
//     and the generator, reseeded, makes the same requests again.
//   - cancellation: the Slow payload is cancelled 50ms after the operation
//     starts executing and must end as non_conclusion CANCELLED
//     (CHECKER_INTERRUPTED for a checker) within Options.CancelWithin,
//     500ms by default. The time the runtime spends parsing and
//     preflighting the payload beforehand is not counted (it is mentioned
//     when it exceeds CancelWithin). An operation that ends right but late
//     gets a second attempt, since a loaded machine can stall a prompt one;
//     late twice, it fails. A Slow payload that is refused, fails to parse
//     or finishes before it can be cancelled fails the clause.
//
// core.Add already refuses most declarations that break id_grammar,
// kind_verb, closed_schemas, schemas_compile, catalog_metadata or
// examples_validate, so for operations that reach a registry those clauses
// mostly confirm what registration enforced. What Add lets through, they
// catch (a field of type any, an untitled example), and they guard against
// the two drifting apart.
//
// # Giving the checks something to run
//
// Some clauses need inputs that only the domain author can supply, declared
// on core.Operation:
//
//   - Limits: each core.Limit carries Beyond, a payload just past the
//     limit, e.g. an operand with one digit more than allowed, and At, a
//     payload exactly at it. Preflight must refuse the first with
//     core.Refusef before any work starts, and let the second through.
//   - RefusalExamples: requests that must fail, each with the code and
//     the path of the field at fault (core.DomainErrorAt carries it).
//   - Generate: func(*rand.Rand) Req returns a random valid request within
//     the limits, mostly inside the mathematical domain and small enough to
//     run in milliseconds. Use only the given generator, so the stream
//     reproduces from the seed. Without it, postcondition_generated is
//     skipped.
//   - Slow: a payload within the limits that runs a second or more (a
//     large input to a loop that polls ctx). Without it, cancellation is
//     skipped. Run must poll ctx.Err() in every long loop and return that
//     error; the runtime turns it into CANCELLED or CHECKER_INTERRUPTED.
//   - Examples: small, exact, with the canonical result the operation
//     documents. unknown_fields derives its altered payloads from them.
package conformance
