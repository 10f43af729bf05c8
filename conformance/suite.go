package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"jacobian.dev/core"
)

// Each run gets this deadline. Examples are bounded and generated requests
// stay within the limits, so a run that needs longer is itself a finding.
const runBudget = 20 * time.Second

// abandonAfter is how long past its deadline a run may take to come back
// before conformance stops waiting for it. Only an operation that ignores its
// context gets that far; Go cannot stop it, so it is left running.
const abandonAfter = 5 * time.Second

// cancelAfter is how long a Slow payload runs before it is cancelled.
const cancelAfter = 50 * time.Millisecond

// suite holds what every declaration of one registry shares.
type suite struct {
	reg  *core.Registry
	rt   *core.Runtime
	opts Options
	// budget bounds each run and grace is how long past it conformance
	// waits before abandoning the run (runBudget and abandonAfter; the
	// suite's own tests shorten them).
	budget, grace time.Duration
}

func newSuite(reg *core.Registry, opts Options) *suite {
	// Slots are generous so that a few abandoned runs, each keeping its
	// slot until it returns, cannot make later runs look refused.
	rt := core.NewRuntime(reg, core.RuntimeOptions{Slots: 16, Timeout: runBudget})
	return &suite{reg: reg, rt: rt, opts: opts.withDefaults(), budget: runBudget, grace: abandonAfter}
}

// subject is one declaration under check, with the runs that several
// clauses share, made once on first use.
type subject struct {
	s *suite
	d *core.Declaration

	schemas    *compiledSchemas
	schemasErr error

	exampleRuns []attempt
	generated   []generatedRun
	genErr      error
	genDone     bool
}

type attempt struct {
	payload   []byte
	outcome   core.Outcome
	elapsed   time.Duration
	abandoned bool
}

type generatedRun struct {
	attempt
	index int
}

func (s *suite) subject(d *core.Declaration) *subject { return &subject{s: s, d: d} }

// installed reports whether d is the declaration the runtime will run; a
// hand-built Declaration can be checked statically but not run.
func (sub *subject) installed() bool {
	if sub.s == nil || sub.s.reg == nil {
		return false
	}
	d, ok := sub.s.reg.Lookup(sub.d.ID)
	return ok && d == sub.d
}

// check runs one clause, turning a panic in the clause (or in the
// declaration's methods it calls) into a failure rather than a crash.
func (sub *subject) check(ctx context.Context, c clause) (res Result) {
	res = Result{CapabilityID: sub.d.ID, Clause: c.name}
	if ctx.Err() != nil {
		res.Status, res.Message = Skip, "the conformance run was cancelled before this clause"
		return res
	}
	if c.needsRuntime && !sub.installed() {
		res.Status, res.Message = Skip, "the declaration is not installed in the registry under check, so it cannot be run"
		return res
	}
	defer func() {
		if p := recover(); p != nil {
			res.Status, res.Message = Fail, fmt.Sprintf("checking this clause panicked: %v", p)
		}
		if ctx.Err() != nil && res.Status == Fail {
			res.Status, res.Message = Skip, "the conformance run was cancelled during this clause"
		}
	}()
	res.Status, res.Message = c.check(ctx, sub)
	return res
}

// run executes payload through the runtime. If the operation ignores its
// context and is still running the suite's grace period past its deadline,
// run stops waiting and reports it abandoned.
func (sub *subject) run(ctx context.Context, payload []byte, budget time.Duration) attempt {
	done := make(chan attempt, 1)
	start := time.Now()
	go func() {
		o := sub.runGuarded(ctx, payload, budget)
		done <- attempt{payload: payload, outcome: o, elapsed: time.Since(start)}
	}()
	timer := time.NewTimer(budget + sub.s.grace)
	defer timer.Stop()
	select {
	case r := <-done:
		return r
	case <-timer.C:
		return attempt{payload: payload, elapsed: time.Since(start), abandoned: true}
	}
}

// runGuarded runs payload through the runtime. The runtime recovers panics
// at every step (a domain type's UnmarshalJSON or MarshalJSON included);
// this guard stays so that a defect in core itself is reported as a failed
// clause instead of ending the whole check.
func (sub *subject) runGuarded(ctx context.Context, payload []byte, budget time.Duration) (o core.Outcome) {
	defer func() {
		if p := recover(); p != nil {
			o = core.Failed(sub.d.ID, core.InternalError, "", "the run panicked outside the runtime's own recovery: %v", p)
		}
	}()
	return sub.s.rt.Run(ctx, core.RunRequest{CapabilityID: sub.d.ID, Payload: json.RawMessage(payload), Timeout: budget})
}

// examples runs each example once; later clauses reuse the outcomes.
func (sub *subject) examples(ctx context.Context) []attempt {
	if sub.exampleRuns == nil {
		sub.exampleRuns = make([]attempt, len(sub.d.Examples))
		for i, ex := range sub.d.Examples {
			sub.exampleRuns[i] = sub.run(ctx, ex.Payload, sub.s.budget)
		}
	}
	return sub.exampleRuns
}

// generatedRuns makes Options.Generated requests with the declaration's
// generator and runs each once. The random stream depends on the seed and
// the capability ID alone, so a failure reproduces whatever else is checked.
func (sub *subject) generatedRuns(ctx context.Context) ([]generatedRun, error) {
	if sub.genDone {
		return sub.generated, sub.genErr
	}
	sub.genDone = true
	rng := sub.rng()
	for i := range sub.s.opts.Generated {
		payload, err := generate(ctx, sub.d, rng)
		if err != nil {
			sub.genErr = fmt.Errorf("generated request #%d (seed %d): %w", i, sub.s.opts.Seed, err)
			break
		}
		sub.generated = append(sub.generated, generatedRun{attempt: sub.run(ctx, payload, sub.s.budget), index: i})
	}
	return sub.generated, sub.genErr
}

func (sub *subject) rng() *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(sub.d.ID))
	return rand.New(rand.NewPCG(sub.s.opts.Seed, h.Sum64()))
}

// generate calls the declaration's generator, which is domain code and may
// panic.
func generate(ctx context.Context, d *core.Declaration, rng *rand.Rand) (payload []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the generator panicked: %v", p)
		}
	}()
	return d.GeneratePayload(ctx, rng)
}

// describe renders an outcome for a message: its kind and code or reason
// and what the runtime said.
func describe(r attempt) string {
	if r.abandoned {
		return fmt.Sprintf("did not return within %v, well past its deadline, and was abandoned: the operation ignores its context", r.elapsed.Round(time.Millisecond))
	}
	o := r.outcome
	switch o.Outcome {
	case core.OutcomeFailed:
		return fmt.Sprintf("failed %s: %s", o.Code, clip(o.Message, 300))
	case core.OutcomeNonConclusion:
		return fmt.Sprintf("non_conclusion %s: %s", o.Reason, clip(o.Detail, 300))
	}
	return fmt.Sprintf("completed with %s", clip(string(o.Value), 300))
}

func clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max] + fmt.Sprintf("…(%d bytes)", len(s))
}
