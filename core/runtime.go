package core

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
	"unsafe"
)

// RuntimeOptions configure a Runtime. Zero values take the defaults.
type RuntimeOptions struct {
	// Slots is how many operations may execute at once; further runs are
	// refused with RESOURCE_REFUSED instead of queueing without bound.
	// Default: GOMAXPROCS. Ignored when Executor is set.
	Slots int
	// Executor, if set, is a pool of execution slots shared with other
	// runtimes (one per MCP session, say), so that the process as a whole
	// stays within its bound; each runtime takes its share (see Executor).
	Executor *Executor
	// Timeout bounds each run unless the request asks for less. Default 60s.
	Timeout time.Duration
	// MaxPayloadBytes bounds the payload size, with its bound inputs.
	// Default DefaultMaxPayloadBytes.
	MaxPayloadBytes int
	// MaxValues and MaxValueBytes bound the runtime's value store. Ignored
	// when Values is set.
	MaxValues     int
	MaxValueBytes int64
	// Values, if set, is a pool of value room shared with other runtimes
	// (one per MCP session, say): its bounds hold for all of them together,
	// evicting the least recently used value of any first.
	Values *ValuePool
	// Artifacts, if set, is the durable store that results larger than
	// InlineLimit are published to. It may be shared between runtimes.
	Artifacts Artifacts
	// InlineLimit is the largest result, in bytes of JSON, carried inline.
	// Default 64 KiB.
	InlineLimit int
	// Stateless makes every run stand alone, for servers whose requests
	// any replica may answer: output ports publish no value:// reference
	// (with an artifact store, each port's value is published as an
	// artifact instead, whatever its size), and binding a value:// reference
	// is refused with a message that points to artifacts.
	Stateless bool
	// Memory, if set, is the process-wide budget that decoding a payload
	// reserves from before it starts, and that stored values (Values)
	// count against; share one between runtimes.
	Memory *MemoryBudget
}

// Runtime is the one execution pipeline shared by every surface:
//
//	assemble → admit (execution slot, memory budget) → scan the payload's
//	structure → validate and decode once → preflight → execute (deadline,
//	cancellation, progress) → postcondition → validate the result → publish
//
// One deadline covers every stage. It is safe for concurrent use.
type Runtime struct {
	reg    *Registry
	opts   RuntimeOptions
	exec   *Executor
	index  *searchIndex
	values *ValueStore
	// recent is the declaration the runtime last looked up (lookup).
	recent atomic.Pointer[Declaration]
}

// NewRuntime returns a runtime over reg.
func NewRuntime(reg *Registry, opts RuntimeOptions) *Runtime {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxPayloadBytes <= 0 {
		opts.MaxPayloadBytes = DefaultMaxPayloadBytes
	}
	if opts.InlineLimit <= 0 {
		opts.InlineLimit = DefaultInlineLimit
	}
	if opts.Executor == nil {
		opts.Executor = NewExecutor(opts.Slots)
	}
	if opts.Memory == nil {
		opts.Memory = NewMemoryBudget(0)
	}
	if opts.Values == nil {
		opts.Values = NewValuePool(opts.MaxValues, opts.MaxValueBytes)
	}
	opts.Values.countAgainst(opts.Memory)
	return &Runtime{
		reg: reg, opts: opts,
		exec:   opts.Executor.share(),
		index:  reg.searchIndex(),
		values: opts.Values.NewStore(),
	}
}

// Close invalidates every value reference the runtime issued.
func (rt *Runtime) Close() { rt.values.Close() }

// Values returns the runtime's request-local value store.
func (rt *Runtime) Values() *ValueStore { return rt.values }

// Artifacts returns the durable artifact store, or nil.
func (rt *Runtime) Artifacts() Artifacts { return rt.opts.Artifacts }

// Registry returns the registry the runtime serves.
func (rt *Runtime) Registry() *Registry { return rt.reg }

// RunRequest is one request to run an operation.
type RunRequest struct {
	CapabilityID string          `json:"capability_id"`
	Payload      json.RawMessage `json:"payload"`
	// Inputs binds declared input ports to stored values.
	Inputs map[string]Binding `json:"inputs,omitempty"`
	// Timeout, if positive and shorter than the runtime's, bounds this run.
	Timeout time.Duration `json:"-"`
}

// DefaultMaxPayloadBytes is the largest payload a runtime accepts unless
// configured: 16 MiB, room for a 400×400 matrix of 30-digit entries
// (5.4 MB) three times over.
const DefaultMaxPayloadBytes = 16 << 20

// DefaultInlineLimit is the largest result carried inline unless configured.
const DefaultInlineLimit = 64 << 10

// maxValidatedResult is the largest result, in bytes of JSON, that the
// runtime validates with the general validator; larger ones are streamed.
const maxValidatedResult = 1 << 20

// Binding names the stored value an input port takes: a request-local
// value:// reference or a durable artifact:// URI.
type Binding struct {
	ValueRef string `json:"value_ref"`
}

// Run executes one request through the pipeline and returns its outcome. It
// never panics: a panic inside an operation becomes INTERNAL_ERROR.
//
// The pipeline is split in three so that each deferred release sits in a
// function with few returns, where the compiler codes it inline instead of
// registering it with the runtime on every call.
func (rt *Runtime) Run(ctx context.Context, req RunRequest) Outcome {
	start := monotonic()
	d, ok := rt.lookup(req.CapabilityID)
	if !ok {
		return rt.unknownCapability(req.CapabilityID)
	}
	// One deadline covers every stage, from parsing to the postcondition.
	timeout := rt.opts.Timeout
	if req.Timeout > 0 && req.Timeout < timeout {
		timeout = req.Timeout
	}
	//
	// The deadline, the account of a completed run's execution and room
	// for a small request's integers and a small result are one
	// allocation (runState): a tiny run makes few others.
	state := new(runState)
	ctx = startDeadline(ctx, later(start, timeout), &state.deadline)
	defer state.deadline.cancel()
	// The stages write the outcome here rather than return it: an
	// Outcome is 24 words, which each of three returns would copy again.
	var out Outcome
	rt.admit(ctx, d, req, start, state, &out)
	return out
}

// lookup is rt.reg.Lookup, remembering the declaration found: a registry
// only ever adds declarations, so an ID once found names the same one for
// good, and a run of the operation the last run looked up skips the
// registry's lock, shared by every run in the process, and its map.
func (rt *Runtime) lookup(id string) (*Declaration, bool) {
	if d := rt.recent.Load(); d != nil && d.ID == id {
		return d, true
	}
	d, ok := rt.reg.Lookup(id)
	if ok {
		rt.recent.Store(d)
	}
	return d, ok
}

// runState is what a run allocates for its whole course: its deadline,
// the Execution its outcome points to when it completes, room for the
// request's first integers of a word, which the request then holds, and
// the room its result's JSON is written into when it fits, which the
// outcome's Value then holds.
type runState struct {
	deadline deadlineContext
	// run is the context the operation runs in, its deadline's, through
	// which Int64For finds the room left in words.
	run       runContext
	execution Execution
	words     wordArena
	value     [smallResult]byte
}

// smallResult is the room for a result in a runState: a few integers of
// a word each, as most small operations answer. A longer result is
// written to a buffer of its own. With it a runState is 256 bytes, a
// size class of the allocator.
const smallResult = 72

// runContext is the context of a run's operation: its deadline's, from
// within a runState, which Int64For reaches by its offset.
type runContext struct{ *deadlineContext }

// Int64For is Int64 for an operation's result, in the room the run of
// ctx keeps for small integers when it has some left: the allocation
// that Int64 makes is a tenth of the smallest runs. Anywhere else it is
// Int64.
func Int64For(ctx context.Context, n int64) Integer {
	if rc, ok := ctx.(*runContext); ok {
		state := (*runState)(unsafe.Add(unsafe.Pointer(rc), -int(unsafe.Offsetof(runState{}.run))))
		if x, ok := state.words.take(n); ok {
			return Integer{x}
		}
	}
	return Int64(n)
}

// admit assembles the payload and takes an execution slot for it; it,
// hold and execute write the run's outcome to out.
func (rt *Runtime) admit(ctx context.Context, d *Declaration, req RunRequest, start time.Duration, state *runState, out *Outcome) {
	id := d.ID
	// Whitespace is kept so that syntax errors report true positions.
	payload := []byte(req.Payload)
	// A payload that opens with neither ASCII space nor a byte of a
	// longer UTF-8 sequence is not blank without trimming it.
	blank := len(payload) == 0 || (payload[0] <= ' ' || payload[0] >= utf8.RuneSelf) && len(bytes.TrimSpace(payload)) == 0
	if blank && len(req.Inputs) > 0 {
		payload, blank = []byte("{}"), false
	}
	if blank {
		*out = Failed(id, InvalidPayload, "/payload", "the payload is missing; send a JSON object (inspect %s for its schema)", id)
		return
	}
	if len(payload) > rt.opts.MaxPayloadBytes {
		*out = NonConclusion(id, ResourceRefused, "payload is %d bytes; this runtime accepts at most %d", len(payload), rt.opts.MaxPayloadBytes)
		return
	}
	payload, err := rt.assemble(ctx, d, payload, req.Inputs)
	if err != nil {
		*out = classify(id, err)
		return
	}
	// Bound values count toward the payload bound too.
	if len(payload) > rt.opts.MaxPayloadBytes {
		*out = NonConclusion(id, ResourceRefused, "the payload with its bound inputs is %d bytes; this runtime accepts at most %d", len(payload), rt.opts.MaxPayloadBytes)
		return
	}
	// Admission comes before decoding: decoding costs memory and time in
	// proportion to the payload, so it holds an execution slot and a
	// reservation from the memory budget like the work itself.
	if !rt.exec.acquire() {
		*out = NonConclusion(id, ResourceRefused, "%s", rt.exec.busy())
		return
	}
	rt.hold(ctx, d, payload, start, state, out)
}

// hold runs an admitted request. What the run holds (its slot, its memory
// reservation) is returned when it ends, or, when the deadline abandons a
// decode still under way, when that decode ends.
func (rt *Runtime) hold(ctx context.Context, d *Declaration, payload []byte, start time.Duration, state *runState, out *Outcome) {
	held := holding{exec: rt.exec}
	defer held.releaseUnlessAbandoned()
	rt.execute(ctx, d, payload, start, &held, state, out)
}

// execute is the pipeline from the structural scan to publication.
func (rt *Runtime) execute(ctx context.Context, d *Declaration, payload []byte, start time.Duration, held *holding, state *runState, out *Outcome) {
	id := d.ID
	var shape payloadShape
	var parsed any
	// A small payload of a flat request type is read in one pass where it
	// can be (quickPlan); any other, or any it declines, is scanned, then
	// validated and decoded below.
	quick := false
	if len(payload) <= quickPayload && d.quickParse != nil {
		parsed, shape, quick = quickPass(d, payload, &state.words)
	}
	if !quick {
		if err := guard(func() (err error) { shape, err = d.scan(ctx, payload); return err }); err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				*out = interrupted(id, d, ctxErr)
				return
			}
			*out = classify(id, err)
			return
		}
	}
	if rt.opts.Memory != nil {
		cost := shape.decodeCost()
		if !rt.opts.Memory.Reserve(cost) {
			*out = NonConclusion(id, ResourceRefused, "decoding this payload needs about %s, and the process's memory budget has %s of %s free; retry later or send a smaller payload", sizeText(cost), sizeText(rt.opts.Memory.Free()), sizeText(rt.opts.Memory.Limit()))
			return
		}
		held.memory, held.cost = rt.opts.Memory, cost
	}
	// Validation and decoding cannot be interrupted, so they run aside and
	// the deadline still ends the run on time; an abandoned decode keeps
	// the slot and the reservation until it finishes, so no bound stops
	// counting it. A small payload decodes in far less than any deadline,
	// and on the calling goroutine.
	if quick {
		// Decoded already.
	} else if len(payload) < asideDecoding {
		if err := guard(func() (err error) { parsed, err = d.parse(payload, shape); return err }); err != nil {
			*out = classify(id, err)
			return
		}
	} else {
		decoded := make(chan decodeResult, 1)
		go func(payload []byte, shape payloadShape) {
			var r decodeResult
			r.err = guard(func() (err error) { r.parsed, err = d.parse(payload, shape); return err })
			decoded <- r
		}(payload, shape)
		select {
		case r := <-decoded:
			if r.err != nil {
				*out = classify(id, r.err)
				return
			}
			parsed = r.parsed
		case <-ctx.Done():
			held.abandoned = true
			go func(held holding) {
				<-decoded
				held.release()
			}(*held)
			*out = interrupted(id, d, ctx.Err())
			return
		}
	}
	// A decode that may have taken a while is followed by a look at the
	// deadline. The quick pass takes a microsecond or less, and the look
	// after the preflight, as cheap, serves for both: a run whose deadline
	// passed or that was cancelled by then ends the same way, there or on
	// the preflight's refusal, while a reading of the clock costs 50 ns
	// and more on a virtual machine, a fiftieth of such a run.
	if !quick {
		if err := ctx.Err(); err != nil {
			*out = interrupted(id, d, err)
			return
		}
	}
	result, at, err := compute(ctx, d, parsed, state)
	if err != nil {
		*out = stopped(ctx, id, d, at, err)
		return
	}
	value, encodeErr, schemaErr := encodeResult(d, result, shape.echoes, state.value[:0])
	if encodeErr != nil {
		*out = Failed(id, InternalError, "", "encoding the result: %v", encodeErr)
		return
	}
	if schemaErr != nil {
		*out = Failed(id, InternalError, "", "the result does not match the declared result schema: %v", schemaErr)
		return
	}
	state.execution = Execution{
		ElapsedMS: float64((monotonic() - start).Microseconds()) / 1000,
		Provider:  d.Provider.Module,
		Version:   d.Provider.Version,
	}
	*out = Outcome{
		Outcome:      OutcomeCompleted,
		CapabilityID: id,
		Value:        value,
		Execution:    &state.execution,
	}
	if c, ok := result.(Checked); ok {
		out.Verdict = c.CheckVerdict()
	}
	if err := rt.publish(ctx, d, out); err != nil {
		*out = classify(id, err)
	}
}

// quickPass is d's quick pass over payload, where a panic declines the
// payload instead (the full parse meets it again and reports it): a
// deferred recover of its own, where guard would cost a closure and two
// calls more.
func quickPass(d *Declaration, payload []byte, words *wordArena) (parsed any, shape payloadShape, ok bool) {
	defer func() {
		if recover() != nil {
			parsed, shape, ok = nil, payloadShape{}, false
		}
	}()
	return d.quickParse(payload, words)
}

// compute runs the preflight, the operation and its postcondition under
// one deferred recover of its own, which makes a panic an INTERNAL_ERROR
// as guard does, where a guard each cost three recovers and three
// closures; at says which stage an error or a panic came from.
func compute(ctx context.Context, d *Declaration, parsed any, state *runState) (result any, at stage, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = recovered(p)
		}
	}()
	at = atPreflight
	if err = d.preflight(ctx, parsed); err != nil {
		return nil, at, err
	}
	at = atDeadline
	if err = ctx.Err(); err != nil {
		return nil, at, err
	}
	at = atExecute
	if f, ok := ctx.Value(executeKey{}).(func()); ok {
		f()
	}
	state.run.deadlineContext = &state.deadline
	if result, err = d.execute(&state.run, parsed); err != nil {
		return nil, at, err
	}
	at = atPostcondition
	return result, at, d.postcondition(ctx, parsed, result)
}

// stage is where in the run an error arose, which decides its outcome
// (stopped).
type stage uint8

const (
	atPreflight stage = iota
	atDeadline
	atExecute
	atPostcondition
)

// stopped is the outcome of a run that the error err ended at stage.
func stopped(ctx context.Context, id string, d *Declaration, at stage, err error) Outcome {
	switch at {
	case atPreflight:
		if ctxErr := ctx.Err(); ctxErr != nil {
			return interrupted(id, d, ctxErr)
		}
		return classify(id, err)
	case atDeadline:
		return interrupted(id, d, err)
	case atExecute:
		if ctxErr := ctx.Err(); ctxErr != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ctxErr)) {
			return interrupted(id, d, ctxErr)
		}
		return classify(id, err)
	}
	// A check cut short by the deadline or a cancel refutes nothing and
	// confirms nothing: the result is withheld as interrupted.
	if ctxErr := ctx.Err(); ctxErr != nil {
		return interrupted(id, d, ctxErr)
	}
	if e, ok := err.(*Error); ok && e.Code == InternalError {
		return classify(id, err) // a panic in the check is a defect, not a refuted result
	}
	return Failed(id, PostconditionFailed, "", "the result failed its independent check and was withheld: %v", err)
}

// holding is what a run holds while it runs: its execution slot and, when
// memory is set, a reservation of cost bytes from it.
type holding struct {
	exec   *Executor
	memory *MemoryBudget
	cost   int64
	// abandoned says a decode still under way at the deadline has taken
	// over the release.
	abandoned bool
}

func (h *holding) releaseUnlessAbandoned() {
	if !h.abandoned {
		h.release()
	}
}

// release returns the slot, then the reservation.
func (h holding) release() {
	h.exec.release()
	if h.memory != nil {
		h.memory.Release(h.cost)
	}
}

// decodeResult is a decode run aside: the request or its error.
type decodeResult struct {
	parsed any
	err    error
}

// encodeResult encodes a result, in buf when it fits and the encoder can
// (d.encode), and validates the bytes (validateResult).
// A result's integer equal to one of echoes, the request's long integers,
// is written as the request's own text (echo).
// The bytes a result's MarshalJSON wrote are taken as they are when they
// need no compaction (d.encode); should they fail validation, json.Marshal
// encodes the result after all, so that malformed output is reported, or
// output the compaction repairs is repaired, as json.Marshal always did.
//
// A result valid by construction (d.encode's valid: a struct of integers
// of a word each, for a result schema that wordsConform) is not read
// again.
func encodeResult(d *Declaration, result any, echoes []echo, buf []byte) (value []byte, encodeErr, schemaErr error) {
	var direct, valid bool
	if err := guard(func() (err error) { value, direct, valid, err = d.encode(result, echoes, buf); return err }); err != nil {
		return nil, err, nil
	}
	if valid {
		return value, nil, nil
	}
	schemaErr = validateResult(d, value)
	if schemaErr == nil || !direct {
		return value, nil, schemaErr
	}
	if err := guard(func() (err error) { value, err = json.Marshal(result); return err }); err != nil {
		return nil, err, nil
	}
	return value, nil, validateResult(d, value)
}

// validateResult checks an encoded result against d's result schema, as
// every result is before it is published. A flat result (a closed object
// of decimal strings and JSON integers) that the quick pass accepts is
// valid (quickPlan). A result schema in the subset
// that validateStream decides exactly (every inferred one) is checked in
// one pass over the bytes, which builds no tree and costs a small fraction
// of the general validator; a result it accepts is valid. Up to
// maxValidatedResult bytes, a result it refuses or cannot decide goes to
// the general validator, whose message is the one reported; beyond, the
// streaming validator's refusal is final and only an undecided result goes
// to the general validator.
func validateResult(d *Declaration, value []byte) error {
	if d.quickResult != nil {
		if q := d.quickResult(); q != nil {
			if _, ok := q.parse(value, nil, nil); ok {
				return nil
			}
		}
	}
	if !d.streamResult() {
		return d.ValidateResult(value)
	}
	err := validateStream(value, d.ResultSchema(), "/value")
	if err == nil || (err != errUndecided && len(value) > maxValidatedResult) {
		return err
	}
	return d.ValidateResult(value)
}

func interrupted(id string, d *Declaration, err error) Outcome {
	reason, what := Cancelled, "cancelled"
	if errors.Is(err, context.DeadlineExceeded) {
		reason, what = Timeout, "ran out of time"
	}
	if d.Kind == Check {
		return NonConclusion(id, CheckerInterrupted, "the check %s before reaching a verdict (%s)", what, reason)
	}
	return NonConclusion(id, reason, "the operation %s before finishing; nothing was concluded", what)
}

// guard runs f, turning a panic into an INTERNAL_ERROR.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = recovered(p)
		}
	}()
	return f()
}

// recovered is the INTERNAL_ERROR that a recovered panic p becomes.
func recovered(p any) error {
	return &Error{Code: InternalError, Message: fmt.Sprintf("internal error (recovered panic): %v", p)}
}

func (rt *Runtime) unknownCapability(id string) Outcome {
	msg := fmt.Sprintf("no installed operation has the ID %q", id)
	if near := rt.index.nearestIDs(id, 3); len(near) > 0 {
		msg += fmt.Sprintf("; did you mean %s? Use math.find (or `jacobian find`) to search the catalog", quoteAll(near))
	} else {
		msg += "; use math.find (or `jacobian find`) to search the catalog"
	}
	return Failed(id, UnknownCapability, "/capability_id", "%s", msg)
}

// Executor is a pool of execution slots shared by the runtimes built on it
// (one per MCP session, say), each of which takes a share:
//
//   - a runtime running nothing may always start one operation, so one
//     session's long factorisation never refuses another session's gcd;
//   - beyond that, a runtime may start another operation only while fewer
//     than Slots run in all and it holds fewer than its share: Slots divided
//     by the number of runtimes running something, at least one.
//
// A run that may not start is refused at once (RESOURCE_REFUSED) rather than
// queued, so load never builds an unbounded backlog. At most Slots
// operations run at once, plus one for each further runtime that was
// running nothing when the pool was full: at most Slots + runtimes − 1.
//
// Each Runtime holds its own view of the pool (share), so an Executor
// given in RuntimeOptions is the pool, and runtimes built on it are its
// sharers.
type Executor struct {
	pool *slotPool
	held int // operations this view runs; guarded by pool.mu
}

type slotPool struct {
	mu      sync.Mutex
	slots   int
	running int // operations running through every view
	active  int // views running at least one
}

// NewExecutor returns an executor with n slots (GOMAXPROCS when n ≤ 0).
func NewExecutor(n int) *Executor {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return &Executor{pool: &slotPool{slots: n}}
}

// asideDecoding is the payload size from which decoding runs on a
// goroutine of its own, so that the deadline can end the run while it
// goes on; below it, the handoff would cost more than the decode.
const asideDecoding = 256 << 10

// Running returns the number of operations running through every view of
// the pool.
func (e *Executor) Running() int {
	e.pool.mu.Lock()
	defer e.pool.mu.Unlock()
	return e.pool.running
}

// Slots returns the number of slots in the pool.
func (e *Executor) Slots() int { return e.pool.slots }

// share returns a new view of e's pool, holding nothing.
func (e *Executor) share() *Executor { return &Executor{pool: e.pool} }

func (e *Executor) acquire() bool {
	p := e.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case e.held == 0:
		p.active++
	case p.running >= p.slots || e.held >= max(1, p.slots/p.active):
		return false
	}
	e.held++
	p.running++
	return true
}

// busy explains a refused acquire: the pool is full, or this view holds
// its share of a pool that other runtimes are using too.
func (e *Executor) busy() string {
	p := e.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running >= p.slots {
		return fmt.Sprintf("all %d execution slots are busy; retry when a running operation finishes", p.slots)
	}
	return fmt.Sprintf("this session runs %d operations, its share of the %d execution slots while %d sessions run operations; retry when one of its operations finishes", e.held, p.slots, p.active)
}

func (e *Executor) release() {
	p := e.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	e.held--
	p.running--
	if e.held == 0 {
		p.active--
	}
}

type executeKey struct{}

// OnExecute returns a context that makes the runtime call f once parsing
// and preflight are done, immediately before the operation executes. The
// conformance suite times cancellation from that moment.
func OnExecute(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, executeKey{}, f)
}

type progressKey struct{}

// ProgressFunc receives progress reports from a running operation: done out
// of total units (total 0 when unknown) and a short message.
type ProgressFunc func(done, total float64, message string)

// WithProgress attaches a progress receiver to ctx.
func WithProgress(ctx context.Context, f ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

// ReportProgress tells whoever is listening how far an operation has come.
// Operations call it from long loops; it costs nothing when nobody listens.
func ReportProgress(ctx context.Context, done, total float64, message string) {
	if f, ok := ctx.Value(progressKey{}).(ProgressFunc); ok && f != nil {
		f(done, total, message)
	}
}
