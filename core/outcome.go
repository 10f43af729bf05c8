package core

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Code is a stable failure code. Callers branch on the code, never on the
// message, which is for people and models to read.
type Code string

// The failure codes. They are part of the published contract: new ones may be
// added, existing ones never change meaning.
const (
	// UnknownCapability: no installed operation has the requested ID.
	UnknownCapability Code = "UNKNOWN_CAPABILITY"
	// UnknownArgument: a top-level argument of the run request is not known.
	UnknownArgument Code = "UNKNOWN_ARGUMENT"
	// UnknownField: the payload has a field the request schema does not
	// declare, or an input binding names an undeclared port.
	UnknownField Code = "UNKNOWN_FIELD"
	// InvalidPayload: malformed JSON, a missing field, a wrong type, a
	// non-canonical value.
	InvalidPayload Code = "INVALID_PAYLOAD"
	// UnknownReference: a value reference that is malformed, evicted, closed
	// or from another runtime.
	UnknownReference Code = "UNKNOWN_REFERENCE"
	// PortConflict: the same field given in the payload and bound as input.
	PortConflict Code = "PORT_CONFLICT"
	// ArtifactTypeMismatch: a bound value's artifact type is not one the port
	// accepts.
	ArtifactTypeMismatch Code = "ARTIFACT_TYPE_MISMATCH"
	// DomainError: a well-formed request outside the operation's
	// mathematical domain (a zero modulus, a non-square determinant).
	DomainError Code = "DOMAIN_ERROR"
	// PostconditionFailed: the result failed its independent check and was
	// withheld. This is a defect in Jacobian, reported rather than hidden.
	PostconditionFailed Code = "POSTCONDITION_FAILED"
	// InternalError: a recovered panic or an unexpected internal failure.
	InternalError Code = "INTERNAL_ERROR"
)

// Codes returns every failure code, in the order declared above, as a fresh
// slice: the list surfaces publish (the server's output schema) instead of
// copying it.
func Codes() []Code {
	return []Code{
		UnknownCapability, UnknownArgument, UnknownField, InvalidPayload,
		UnknownReference, PortConflict, ArtifactTypeMismatch, DomainError,
		PostconditionFailed, InternalError,
	}
}

// Reason says why a run ended without a conclusion. None of them establishes
// anything about the mathematics.
type Reason string

// The non-conclusion reasons.
const (
	Timeout             Reason = "TIMEOUT"
	Cancelled           Reason = "CANCELLED"
	ResourceRefused     Reason = "RESOURCE_REFUSED"
	ProviderUnavailable Reason = "PROVIDER_UNAVAILABLE"
	ProviderFailure     Reason = "PROVIDER_FAILURE"
	CheckerInterrupted  Reason = "CHECKER_INTERRUPTED"
)

// Reasons returns every non-conclusion reason, in the order declared above,
// as a fresh slice.
func Reasons() []Reason {
	return []Reason{Timeout, Cancelled, ResourceRefused, ProviderUnavailable, ProviderFailure, CheckerInterrupted}
}

// Verdict is a checker's answer.
type Verdict string

// The verdicts. Inconclusive is spelled "non_conclusion" on the wire.
const (
	Accepted     Verdict = "accepted"
	Rejected     Verdict = "rejected"
	Inconclusive Verdict = "non_conclusion"
)

// Outcome kinds.
const (
	OutcomeCompleted     = "completed"
	OutcomeNonConclusion = "non_conclusion"
	OutcomeFailed        = "failed"
)

// Outcome is the one result union of every run, on every surface. Exactly
// the fields of its kind are set.
type Outcome struct {
	Outcome      string `json:"outcome"`
	CapabilityID string `json:"capability_id"`

	// completed
	Verdict   Verdict           `json:"verdict,omitempty"`
	Value     json.RawMessage   `json:"value,omitempty"`
	Outputs   map[string]Output `json:"outputs,omitempty"`
	Artifact  *ArtifactInfo     `json:"artifact,omitempty"`
	Execution *Execution        `json:"execution,omitempty"`

	// non_conclusion
	Reason Reason `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`

	// failed
	Code    Code   `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
	Path    string `json:"path,omitempty"`
}

// Output is a value published on an output port.
type Output struct {
	ValueRef     string `json:"value_ref,omitempty"`
	ArtifactURI  string `json:"artifact_uri,omitempty"`
	ArtifactType string `json:"artifact_type"`
	Digest       string `json:"digest"`
	Size         int    `json:"size"`
}

// Execution describes who computed a completed result and how long it took.
type Execution struct {
	ElapsedMS float64 `json:"elapsed_ms"`
	Provider  string  `json:"provider"`
	Version   string  `json:"version"`
}

// Failed builds a failed outcome.
func Failed(id string, code Code, path, format string, args ...any) Outcome {
	return Outcome{Outcome: OutcomeFailed, CapabilityID: id, Code: code, Path: path, Message: fmt.Sprintf(format, args...)}
}

// NonConclusion builds a non-conclusion outcome.
func NonConclusion(id string, reason Reason, format string, args ...any) Outcome {
	return Outcome{Outcome: OutcomeNonConclusion, CapabilityID: id, Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// Error is an error carrying a stable failure code; operations return it
// (usually through DomainErrorf) to fail with that code.
type Error struct {
	Code    Code
	Path    string
	Message string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// DomainErrorf reports a well-formed request outside the operation's
// mathematical domain, in words that tell the caller what to change.
func DomainErrorf(format string, args ...any) error {
	return &Error{Code: DomainError, Message: fmt.Sprintf(format, args...)}
}

// PayloadError is returned by value decoders for input that is well-formed
// JSON but not a valid value (a ragged matrix, a non-canonical integer).
type PayloadError struct {
	Path    string
	Message string
}

func (e *PayloadError) Error() string { return e.Message }

// Refusal is returned by a preflight check for a request beyond the
// operation's declared limits. It ends the run as non_conclusion
// RESOURCE_REFUSED: the question may be fine, the budget is not.
type Refusal struct{ Message string }

func (e *Refusal) Error() string { return e.Message }

// Refusef builds a Refusal.
func Refusef(format string, args ...any) error {
	return &Refusal{Message: fmt.Sprintf(format, args...)}
}

// tooLargeError is a value beyond the codec's own bound; it is reported as a
// refusal rather than invalid input.
type tooLargeError struct{ msg string }

func (e *tooLargeError) Error() string { return e.msg }

// classify maps an error returned by decoding, preflight or execution to an
// outcome. ok is false for nil.
func classify(id string, err error) Outcome {
	var ce *Error
	var pe *PayloadError
	var re *Refusal
	var tl *tooLargeError
	switch {
	case errors.As(err, &ce):
		return Failed(id, ce.Code, ce.Path, "%s", ce.Message)
	case errors.As(err, &pe):
		return Failed(id, InvalidPayload, pe.Path, "%s", pe.Message)
	case errors.As(err, &re):
		return NonConclusion(id, ResourceRefused, "%s", re.Message)
	case errors.As(err, &tl):
		return NonConclusion(id, ResourceRefused, "%s", tl.msg)
	}
	return Failed(id, InternalError, "", "%v", err)
}

// String renders an outcome's essentials in one line, for logs and test failures.
func (o Outcome) String() string {
	switch o.Outcome {
	case OutcomeFailed:
		return fmt.Sprintf("%s failed %s: %s", o.CapabilityID, o.Code, o.Message)
	case OutcomeNonConclusion:
		return fmt.Sprintf("%s non_conclusion %s: %s", o.CapabilityID, o.Reason, o.Detail)
	}
	return fmt.Sprintf("%s completed %s", o.CapabilityID, o.Value)
}
