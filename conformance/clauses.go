package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"jacobian.dev/core"
)

// clause is one rule of the contract (DESIGN §8), checked against one
// declaration. needsRuntime clauses run the operation and so apply only to
// declarations installed in the registry under check.
type clause struct {
	name         string
	needsRuntime bool
	check        func(context.Context, *subject) (Status, string)
}

// clauses are checked in this order: static rules first, so that a report
// reads from the declaration's shape to its behaviour.
// The static rules of the declaration's shape are core's
// (core.DeclarationRules), the same ones core.Add enforces.
var clauses = append(declarationClauses(),
	clause{name: "schemas_compile", check: checkSchemasCompile},
	clause{name: "examples_validate", check: checkExamplesValidate},
	clause{name: "result_construction", check: checkResultConstruction},
	clause{name: "compact_results", needsRuntime: true, check: checkCompactResults},
	clause{name: "examples_run", needsRuntime: true, check: checkExamplesRun},
	clause{name: "results_validate", needsRuntime: true, check: checkResultsValidate},
	clause{name: "postcondition_generated", needsRuntime: true, check: checkPostconditionGenerated},
	clause{name: "preflight_limits", needsRuntime: true, check: checkPreflightLimits},
	clause{name: "refusal_examples", needsRuntime: true, check: checkRefusalExamples},
	clause{name: "verdict_bindings", needsRuntime: true, check: checkVerdictBindings},
	clause{name: "unknown_fields", needsRuntime: true, check: checkUnknownFields},
	clause{name: "determinism", needsRuntime: true, check: checkDeterminism},
	clause{name: "cancellation", needsRuntime: true, check: checkCancellation},
)

// declarationClauses turns core's declaration rules into clauses.
func declarationClauses() []clause {
	var out []clause
	for _, r := range core.DeclarationRules() {
		out = append(out, clause{name: r.Name, check: func(_ context.Context, sub *subject) (Status, string) {
			return problems(r.Check(sub.d)).verdict("")
		}})
	}
	return out
}

// maxListed is how many failing requests of one kind a message lists; the
// first few say enough, and a count says how common the rest are.
const maxListed = 3

// problems collects every finding of a clause so one report names them all.
type problems []string

func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

func (p problems) verdict(passMessage string) (Status, string) {
	if len(p) > 0 {
		return Fail, strings.Join(p, "; ")
	}
	return Pass, passMessage
}

// checkSchemasCompile: both published schemas compile as JSON Schema
// 2020-12.
func checkSchemasCompile(_ context.Context, sub *subject) (Status, string) {
	if _, err := sub.compiled(); err != nil {
		return Fail, err.Error()
	}
	return Pass, ""
}

// exampleName identifies an example in messages.
func exampleName(i int, ex core.Example) string {
	if ex.Title == "" {
		return fmt.Sprintf("example %d", i)
	}
	return fmt.Sprintf("example %d (%s)", i, ex.Title)
}

// checkExamplesValidate: each example payload validates against the request
// schema and each expected result against the result schema, both as
// published and, for installed declarations, as the runtime parses and
// validates them.
func checkExamplesValidate(ctx context.Context, sub *subject) (Status, string) {
	if len(sub.d.Examples) == 0 {
		return Skip, "no examples are declared (catalog_metadata reports this)"
	}
	schemas, err := sub.compiled()
	if err != nil {
		return Fail, "the schemas do not compile, so nothing can be validated: " + err.Error()
	}
	var p problems
	for i, ex := range sub.d.Examples {
		if err := validate(schemas.request, ex.Payload); err != nil {
			p.add("%s: the payload does not match the request schema %s", exampleName(i, ex), err)
		}
		if err := validate(schemas.result, ex.Result); err != nil {
			p.add("%s: the expected result does not match the result schema %s", exampleName(i, ex), err)
		}
	}
	if sub.installed() {
		for i, r := range sub.examples(ctx) {
			ex := sub.d.Examples[i]
			if err := sub.d.ValidateResult(ex.Result); err != nil {
				p.add("%s: the runtime's result validation refuses the expected result: %v", exampleName(i, ex), err)
			}
			if o := r.outcome; o.Outcome == core.OutcomeFailed && (o.Code == core.InvalidPayload || o.Code == core.UnknownField) {
				p.add("%s: the runtime does not parse the payload: %s at %s: %s", exampleName(i, ex), o.Code, o.Path, o.Message)
			}
		}
	}
	return p.verdict("")
}

// checkExamplesRun: every example completes with exactly its expected
// result (compared as JSON values, so key order and spacing do not matter
// but every number and string must).
func checkExamplesRun(ctx context.Context, sub *subject) (Status, string) {
	if len(sub.d.Examples) == 0 {
		return Skip, "no examples are declared (catalog_metadata reports this)"
	}
	var p problems
	for i, r := range sub.examples(ctx) {
		ex := sub.d.Examples[i]
		if r.abandoned || r.outcome.Outcome != core.OutcomeCompleted {
			p.add("%s %s", exampleName(i, ex), describe(r))
			continue
		}
		equal, err := SameJSON(r.outcome.Value, ex.Result)
		if err != nil {
			p.add("%s: %v", exampleName(i, ex), err)
			continue
		}
		if !equal {
			p.add("%s returned %s, but the declared result is %s", exampleName(i, ex), clip(string(r.outcome.Value), 300), clip(string(ex.Result), 300))
		}
		if sub.d.Kind == core.Check {
			var v struct {
				Verdict core.Verdict `json:"verdict"`
			}
			if json.Unmarshal(r.outcome.Value, &v) == nil && v.Verdict != r.outcome.Verdict {
				p.add("%s: the outcome's verdict %q differs from the value's %q", exampleName(i, ex), r.outcome.Verdict, v.Verdict)
			}
		}
	}
	return p.verdict("")
}

// SameJSON compares two JSON documents as values. Numbers are compared as
// their exact decimal text: an exact engine must not call 2^53+1 equal to
// 2^53 because a float64 cannot tell them apart.
func SameJSON(got, want []byte) (bool, error) {
	g, err := decodeExact(got)
	if err != nil {
		return false, fmt.Errorf("the result is not valid JSON: %w", err)
	}
	w, err := decodeExact(want)
	if err != nil {
		return false, fmt.Errorf("the declared result is not valid JSON: %w", err)
	}
	return reflect.DeepEqual(g, w), nil
}

func decodeExact(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return v, nil
}

// resultSchemaRefusal is how core's runtime words its refusal of a result
// that does not match the result schema. Core reports it as INTERNAL_ERROR,
// the same code as a recovered panic, so the message is the only way to
// tell the two apart.
const resultSchemaRefusal = "does not match the declared result schema"

// checkResultsValidate: every value the runtime publishes, for examples and
// generated requests, validates against the published result schema, and
// the runtime never had to withhold a result for failing it.
func checkResultsValidate(ctx context.Context, sub *subject) (Status, string) {
	schemas, err := sub.compiled()
	if err != nil {
		return Fail, "the schemas do not compile, so results cannot be validated: " + err.Error()
	}
	var runs []attempt
	var names []string
	for i, r := range sub.examples(ctx) {
		runs = append(runs, r)
		names = append(names, exampleName(i, sub.d.Examples[i]))
	}
	if sub.d.Generates() {
		gen, _ := sub.generatedRuns(ctx)
		for _, g := range gen {
			runs = append(runs, g.attempt)
			names = append(names, fmt.Sprintf("generated request #%d (seed %d) %s", g.index, sub.s.opts.Seed, clip(string(g.payload), 200)))
		}
	}
	var p problems
	validated, bad := 0, 0
	report := func(format string, args ...any) {
		if bad++; bad <= maxListed {
			p.add(format, args...)
		}
	}
	for i, r := range runs {
		o := r.outcome
		switch {
		case r.abandoned:
		case o.Outcome == core.OutcomeCompleted:
			validated++
			if err := validate(schemas.result, o.Value); err != nil {
				report("%s: the published value %s does not match the result schema %s", names[i], clip(string(o.Value), 200), err)
			}
			if sub.d.Kind == core.Check && o.Verdict == "" {
				report("%s: a checker's completed outcome carries no verdict", names[i])
			}
		case o.Outcome == core.OutcomeFailed && o.Code == core.InternalError && strings.Contains(o.Message, resultSchemaRefusal):
			report("%s: the runtime withheld the result: %s", names[i], clip(o.Message, 300))
		}
	}
	if bad > maxListed {
		p.add("and %d more", bad-maxListed)
	}
	if len(p) == 0 && validated == 0 {
		return Skip, "no run completed, so there was no result to validate"
	}
	return p.verdict(count(validated, "published result", "published results") + " validated")
}

// checkResultConstruction: the results the runtime publishes without
// reading them again, as valid by construction (a flat result of integers
// that each fit in a word, core.ResultValidByConstruction), are valid
// under the general validator of the result schema, for random and
// extreme words, and a result with a longer integer goes to validation
// (core.CheckResultConstruction).
func checkResultConstruction(_ context.Context, sub *subject) (Status, string) {
	if !core.ResultValidByConstruction(sub.d) {
		return Pass, "every result is validated when it is published"
	}
	if err := core.CheckResultConstruction(sub.d, sub.rng()); err != nil {
		return Fail, "a result published as valid by construction is not: " + err.Error()
	}
	return Pass, "results of word-size integers are valid by construction"
}

// checkCompactResults holds a result type that promises compact JSON in
// a fresh buffer (core.CompactMarshaler), which the runtime publishes
// without compacting or copying it, to the promise, on the examples and
// the generated requests.
func checkCompactResults(ctx context.Context, sub *subject) (Status, string) {
	if !core.CompactResults(sub.d) {
		return Pass, "results are compacted and copied when they are published"
	}
	var payloads [][]byte
	for _, ex := range sub.d.Examples {
		payloads = append(payloads, ex.Payload)
	}
	gen, _ := sub.generatedRuns(ctx) // a generator's error is postcondition_generated's to report
	for _, g := range gen {
		payloads = append(payloads, g.payload)
	}
	if err := core.CheckCompactResults(ctx, sub.d, payloads); err != nil {
		return Fail, "a result published as compact is not: " + err.Error()
	}
	return Pass, fmt.Sprintf("MarshalCompactJSON agrees with json.Marshal on %d requests", len(payloads))
}

// checkPostconditionGenerated: random requests from the declaration's
// generator complete (or meet a documented DOMAIN_ERROR or
// RESOURCE_REFUSED); none fails its postcondition or breaks inside.
func checkPostconditionGenerated(ctx context.Context, sub *subject) (Status, string) {
	if !sub.d.Generates() {
		return Skip, "no generator is declared; set Operation.Generate so random requests exercise the postcondition"
	}
	gen, genErr := sub.generatedRuns(ctx)
	var p problems
	if genErr != nil {
		p.add("%v", genErr)
	}
	completed, domain, refused, bad := 0, 0, 0, 0
	for _, g := range gen {
		o := g.outcome
		switch {
		case g.abandoned:
		case o.Outcome == core.OutcomeCompleted:
			completed++
			continue
		case o.Outcome == core.OutcomeFailed && o.Code == core.DomainError:
			domain++
			continue
		case o.Outcome == core.OutcomeNonConclusion && o.Reason == core.ResourceRefused:
			refused++
			continue
		}
		if bad++; bad <= maxListed {
			p.add("generated request #%d (seed %d) %s %s", g.index, sub.s.opts.Seed, clip(string(g.payload), 200), describe(g.attempt))
		}
	}
	if bad > maxListed {
		p.add("and %d more of the %d generated requests", bad-maxListed, len(gen))
	}
	if len(p) == 0 && completed == 0 && len(gen) > 0 {
		p.add("none of %d generated requests completed (%d DOMAIN_ERROR, %d RESOURCE_REFUSED), so the postcondition was never exercised; generate requests inside the domain and the limits", len(gen), domain, refused)
	}
	return p.verdict(fmt.Sprintf("%s: %d completed, %d DOMAIN_ERROR, %d RESOURCE_REFUSED", count(len(gen), "generated request", "generated requests"), completed, domain, refused))
}

// beyondBudget bounds a run of a Beyond payload: a conforming preflight
// refuses it before any work, so a run that goes on is already a failure.
const beyondBudget = 5 * time.Second

// atBudget bounds a run of an At payload. The payload is exactly at a
// limit, so the operation may well need longer than this to finish; the
// clause asks only that preflight let it through.
const atBudget = 300 * time.Millisecond

// checkPreflightLimits: each declared limit's Beyond payload is refused
// with non_conclusion RESOURCE_REFUSED, and its At payload, exactly at the
// limit, is not: it completes, or runs out of the short time it is given,
// but preflight does not refuse it and it is not malformed. A limit is
// exact at its boundary.
func checkPreflightLimits(ctx context.Context, sub *subject) (Status, string) {
	if len(sub.d.Limits) == 0 {
		return Skip, "no limits are declared"
	}
	var p problems
	for _, l := range sub.d.Limits {
		if l.Beyond == nil {
			p.add("limit %q has no Beyond payload to check", l.Name)
		} else {
			r := sub.run(ctx, []byte(l.Beyond()), min(beyondBudget, sub.s.budget))
			o := r.outcome
			if r.abandoned || o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
				p.add("limit %q (max %d %s): the Beyond payload should be refused with RESOURCE_REFUSED, but it %s", l.Name, l.Max, l.Unit, describe(r))
			}
		}
		if l.At == nil {
			continue
		}
		r := sub.run(ctx, []byte(l.At()), min(atBudget, sub.s.budget))
		o := r.outcome
		atLimitOK := !r.abandoned && (o.Outcome == core.OutcomeCompleted ||
			o.Outcome == core.OutcomeNonConclusion && (o.Reason == core.Timeout || o.Reason == core.CheckerInterrupted))
		if !atLimitOK {
			p.add("limit %q (max %d %s): the At payload, exactly at the limit, should pass preflight (complete or time out), but it %s", l.Name, l.Max, l.Unit, describe(r))
		}
	}
	return p.verdict("")
}

// checkRefusalExamples: each declared refusal example fails with its
// declared code and names the field at fault with its declared path.
func checkRefusalExamples(ctx context.Context, sub *subject) (Status, string) {
	if sub.d.RefusalExamples == nil {
		return Skip, "no refusal examples are declared; set Operation.RefusalExamples to requests that must fail, with their code and path"
	}
	examples := sub.d.RefusalExamples()
	var p problems
	for i, ex := range examples {
		name := fmt.Sprintf("refusal example %d (%s)", i, ex.Title)
		if ex.Code == "" || !strings.HasPrefix(ex.Path, "/payload") {
			p.add("%s must declare its failure code and the path of the field at fault, under /payload", name)
			continue
		}
		r := sub.run(ctx, []byte(ex.Payload), sub.s.budget)
		o := r.outcome
		switch {
		case r.abandoned || o.Outcome != core.OutcomeFailed || o.Code != ex.Code:
			p.add("%s should fail with %s at %s, but it %s", name, ex.Code, ex.Path, describe(r))
		case o.Path != ex.Path:
			p.add("%s failed with %s at %q, but the field at fault is %q: a failure caused by one field names it", name, o.Code, o.Path, ex.Path)
		}
	}
	return p.verdict(count(len(examples), "refusal example", "refusal examples") + " failed with their code and path")
}

// checkVerdictBindings: every verdict a checker returns names what it is
// about: exactly one of subject (the request, in canonical form, itself a
// valid request with the same verdict) and subject_digest
// ("sha256:<64 hex digits>").
func checkVerdictBindings(ctx context.Context, sub *subject) (Status, string) {
	if sub.d.Kind != core.Check {
		return Pass, "a computation returns no verdict"
	}
	if res := sub.d.ResultSchema(); res == nil || res.Properties["subject"] == nil {
		return Skip, "the result does not embed core.Bindings, so the verdict names no subject"
	}
	var p problems
	checked := 0
	for i, r := range sub.examples(ctx) {
		if r.abandoned || r.outcome.Outcome != core.OutcomeCompleted {
			continue
		}
		name := exampleName(i, sub.d.Examples[i])
		var b struct {
			Subject       json.RawMessage `json:"subject"`
			SubjectDigest string          `json:"subject_digest"`
		}
		if err := json.Unmarshal(r.outcome.Value, &b); err != nil {
			p.add("%s: %v", name, err)
			continue
		}
		checked++
		switch {
		case (b.Subject == nil) == (b.SubjectDigest == ""):
			p.add("%s: the verdict must carry exactly one of subject and subject_digest (fill core.Bindings with core.Bind)", name)
		case b.SubjectDigest != "" && !digestPattern.MatchString(b.SubjectDigest):
			p.add("%s: subject_digest %q is not sha256:<64 lowercase hex digits>", name, b.SubjectDigest)
		case b.Subject != nil:
			again := sub.run(ctx, b.Subject, sub.s.budget)
			if again.abandoned || again.outcome.Verdict != r.outcome.Verdict {
				p.add("%s: its subject %s, run again, %s instead of the verdict %q: the subject must be the request judged", name, clip(string(b.Subject), 200), describe(again), r.outcome.Verdict)
			}
		}
	}
	if len(p) == 0 && checked == 0 {
		return Skip, "no example completed, so no verdict was there to check"
	}
	return p.verdict(count(checked, "verdict", "verdicts") + " name their subject")
}

var digestPattern = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// unknownField is the field conformance adds to payloads; no schema can
// plausibly declare it.
const unknownField = "__conformance_unknown"

// checkUnknownFields: an example payload with an added field fails with
// UNKNOWN_FIELD, and an exact value sent as a JSON number instead of a
// decimal string fails with INVALID_PAYLOAD.
func checkUnknownFields(ctx context.Context, sub *subject) (Status, string) {
	if len(sub.d.Examples) == 0 {
		return Skip, "no examples are declared to derive altered payloads from"
	}
	var p problems
	numbers := 0
	for i, ex := range sub.d.Examples {
		fields, ok := decodeObject(ex.Payload)
		if !ok {
			p.add("%s: the payload is not a JSON object", exampleName(i, ex))
			continue
		}
		extra := clone(fields)
		extra[unknownField] = true
		r := sub.run(ctx, mustMarshal(extra), sub.s.budget)
		if o := r.outcome; r.abandoned || o.Outcome != core.OutcomeFailed || o.Code != core.UnknownField {
			p.add("%s with an added field %q: want failed UNKNOWN_FIELD, but it %s", exampleName(i, ex), unknownField, describe(r))
		}
		for _, name := range slices.Sorted(maps.Keys(fields)) {
			altered, path, ok := numberInPlaceOfString(fields[name])
			if !ok {
				continue
			}
			numbers++
			payload := clone(fields)
			payload[name] = altered
			r := sub.run(ctx, mustMarshal(payload), sub.s.budget)
			if o := r.outcome; r.abandoned || o.Outcome != core.OutcomeFailed || o.Code != core.InvalidPayload {
				p.add("%s with /%s%s sent as a JSON number: want failed INVALID_PAYLOAD (exact values travel as strings), but it %s", exampleName(i, ex), name, path, describe(r))
			}
		}
	}
	return p.verdict(fmt.Sprintf("refused %s and %s", count(len(sub.d.Examples), "payload with an added field", "payloads with an added field"), count(numbers, "payload with a number for a string", "payloads with a number for a string")))
}

func decodeObject(b []byte) (map[string]any, bool) {
	v, err := decodeExact(b)
	if err != nil {
		return nil, false
	}
	m, ok := v.(map[string]any)
	return m, ok
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Only values decoded from JSON are marshalled here.
		panic(err)
	}
	return b
}

var exactPattern = regexp.MustCompile(`^(-?(?:0|[1-9][0-9]*))(?:/([1-9][0-9]*))?$`)

// numberInPlaceOfString finds the first string holding an integer or
// rational in v (depth first, so a matrix's first entry or a polynomial's
// first coefficient) and returns a copy of v with that string replaced by
// a JSON number, with the path of the replaced value below v.
func numberInPlaceOfString(v any) (any, string, bool) {
	switch x := v.(type) {
	case string:
		m := exactPattern.FindStringSubmatch(x)
		if m == nil {
			return nil, "", false
		}
		// A rational goes as its numerator: the clause is about the JSON
		// type, and every integer literal is a valid JSON number, which a
		// float rendering of p/q is not (it may overflow to infinity).
		return json.Number(m[1]), "", true
	case []any:
		for i, e := range x {
			if altered, path, ok := numberInPlaceOfString(e); ok {
				out := slices.Clone(x)
				out[i] = altered
				return out, "/" + strconv.Itoa(i) + path, true
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if altered, path, ok := numberInPlaceOfString(x[k]); ok {
				out := clone(x)
				out[k] = altered
				return out, "/" + core.PointerToken(k) + path, true
			}
		}
	}
	return nil, "", false
}

// determinismGenerated is how many generated requests are run a second time.
const determinismGenerated = 5

// checkDeterminism: running the same request again gives the same outcome,
// and a completed value byte for byte (canonical forms hold for every run);
// and the generator, given the same seed, makes the same requests, so that
// a failure it finds can be reproduced.
func checkDeterminism(ctx context.Context, sub *subject) (Status, string) {
	var p problems
	type pair struct {
		name  string
		first attempt
	}
	var pairs []pair
	for i, r := range sub.examples(ctx) {
		pairs = append(pairs, pair{exampleName(i, sub.d.Examples[i]), r})
	}
	if sub.d.Generates() {
		gen, _ := sub.generatedRuns(ctx)
		for _, g := range gen[:min(len(gen), determinismGenerated)] {
			pairs = append(pairs, pair{fmt.Sprintf("generated request #%d (seed %d)", g.index, sub.s.opts.Seed), g.attempt})
		}
		rng := sub.rng()
		for _, g := range gen[:min(len(gen), determinismGenerated)] {
			again, err := generate(ctx, sub.d, rng)
			if err != nil {
				p.add("regenerating request #%d: %v", g.index, err)
				break
			}
			if !bytes.Equal(again, g.payload) {
				p.add("the generator is not reproducible: with seed %d, request #%d was %s the first time and %s the second; draw every random choice from the *rand.Rand it is given", sub.s.opts.Seed, g.index, clip(string(g.payload), 100), clip(string(again), 100))
				break
			}
		}
	}
	if len(pairs) == 0 {
		return Skip, "no examples and no generator: nothing to run twice"
	}
	compared := 0
	for _, pr := range pairs {
		if pr.first.abandoned {
			continue
		}
		second := sub.run(ctx, pr.first.payload, sub.s.budget)
		if second.abandoned {
			p.add("%s: the second run %s", pr.name, describe(second))
			continue
		}
		a, b := pr.first.outcome, second.outcome
		compared++
		switch {
		case a.Outcome != b.Outcome || a.Code != b.Code || a.Reason != b.Reason || a.Verdict != b.Verdict:
			p.add("%s: the first run %s, the second %s", pr.name, describe(pr.first), describe(second))
		case !bytes.Equal(a.Value, b.Value):
			p.add("%s: two runs gave different values: %s and %s", pr.name, clip(string(a.Value), 200), clip(string(b.Value), 200))
		}
	}
	return p.verdict(count(compared, "request", "requests") + " ran twice with identical outcomes")
}

// checkCancellation: the declared Slow payload, cancelled 50ms into its
// execution, ends as non_conclusion CANCELLED (CHECKER_INTERRUPTED for a
// checker) within Options.CancelWithin.
//
// The runtime parses and preflights a payload before the operation starts;
// for a Slow payload of several megabytes that takes most of a second, on a
// busy machine more. That time belongs to the runtime, not to the operation
// under check, so the 50ms are counted from the moment execution starts,
// which the runtime signals through core.OnExecute (see startWatch).
func checkCancellation(ctx context.Context, sub *subject) (Status, string) {
	if sub.d.Slow == nil {
		return Skip, "no Slow payload is declared; set Operation.Slow to a request that runs a second or more so prompt cancellation can be checked"
	}
	status, msg, lateOnly := cancelOnce(ctx, sub)
	if !lateOnly {
		return status, msg
	}
	// The right outcome, too late: on a loaded machine a stall can do
	// that to a prompt operation, so it gets a second attempt. One that
	// polls too rarely is late both times.
	status, second, _ := cancelOnce(ctx, sub)
	if status == Pass {
		return Pass, second + " on a second attempt (the first " + msg + ")"
	}
	return Fail, "first attempt: " + msg + "; second attempt: " + second
}

// cancelOnce runs the Slow payload, cancels it cancelAfter into its
// execution and judges how it ends. lateOnly reports a failure in which the
// outcome was right and only the time was not.
func cancelOnce(ctx context.Context, sub *subject) (status Status, msg string, lateOnly bool) {
	want := core.Cancelled
	if sub.d.Kind == core.Check {
		want = core.CheckerInterrupted
	}
	slow := json.RawMessage(sub.d.Slow())
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	watched := startWatch(runCtx)
	done := make(chan attempt, 1)
	start := time.Now()
	go func() {
		o := sub.runGuarded(watched, slow, sub.s.budget)
		done <- attempt{payload: slow, outcome: o, elapsed: time.Since(start)}
	}()
	var prepare time.Duration
	select {
	case r := <-done:
		return Fail, fmt.Sprintf("the Slow payload never reaches execution: it %s; it must parse and stay within the limits", describe(r)), false
	case <-watched.started:
		prepare = time.Since(start)
	case <-time.After(sub.s.budget + sub.s.grace):
		return Fail, fmt.Sprintf("the Slow payload had neither started executing nor returned after %v; parsing or preflight hangs", sub.s.budget+sub.s.grace), false
	}
	var cancelledAt time.Time
	select {
	case r := <-done:
		return Fail, fmt.Sprintf("the Slow payload finished %v into its execution, before it could be cancelled at %v: it %s; declare a Slow payload that runs a second or more", (r.elapsed - prepare).Round(time.Millisecond), cancelAfter, describe(r)), false
	case <-time.After(cancelAfter):
		cancelledAt = time.Now()
		cancel()
	}
	note := ""
	if prepare > sub.s.opts.CancelWithin {
		note = fmt.Sprintf("; the runtime spent %v parsing and preflighting the payload before execution, without watching for cancellation", prepare.Round(time.Millisecond))
	}
	within := sub.s.opts.CancelWithin
	select {
	case r := <-done:
		late := time.Since(cancelledAt)
		if o := r.outcome; o.Outcome != core.OutcomeNonConclusion || o.Reason != want {
			return Fail, fmt.Sprintf("cancelled while running, the Slow payload should end as non_conclusion %s, but it %s", want, describe(r)), false
		}
		if late > within {
			return Fail, fmt.Sprintf("returned %v after cancellation; it must return within %v (poll ctx in every long loop)%s", late.Round(time.Millisecond), within, note), true
		}
		return Pass, fmt.Sprintf("returned %v after cancellation%s", late.Round(100*time.Microsecond), note), false
	case <-time.After(within):
	}
	// Wait for the straggler so it does not compete with the checks that
	// follow, but not forever: an operation that never looks at its
	// context cannot be stopped.
	select {
	case r := <-done:
		late := time.Since(cancelledAt).Round(time.Millisecond)
		if o := r.outcome; o.Outcome == core.OutcomeNonConclusion && o.Reason == want {
			return Fail, fmt.Sprintf("returned %v after cancellation; it must return within %v (poll ctx in every long loop)%s", late, within, note), true
		}
		return Fail, fmt.Sprintf("the Slow payload had not returned %v after cancellation (poll ctx in every long loop and return ctx.Err()); it returned after %v and %s%s", within, late, describe(r), note), false
	case <-time.After(sub.s.budget + sub.s.grace):
		return Fail, fmt.Sprintf("the Slow payload had not returned %v after cancellation (poll ctx in every long loop and return ctx.Err()); it was still running %v later and was abandoned%s", within, sub.s.budget+sub.s.grace, note), false
	}
}

// startWatch returns a context whose started channel closes when the
// runtime begins executing the operation (core.OnExecute), after parsing
// and preflight.
func startWatch(ctx context.Context) *watchedContext {
	w := &watchedContext{started: make(chan struct{})}
	w.Context = core.OnExecute(ctx, func() { w.once.Do(func() { close(w.started) }) })
	return w
}

type watchedContext struct {
	context.Context
	once    sync.Once
	started chan struct{}
}

// count renders "1 request" or "3 requests".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
