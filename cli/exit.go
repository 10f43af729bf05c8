package cli

import (
	"errors"
	"fmt"

	"jacobian.dev/core"
)

// Exit codes. They follow the outcome union first and BSD sysexits(3) for
// the rest, so scripts can branch on the code alone.
const (
	// ExitCompleted: the command did what it was asked. For run, the
	// outcome is "completed"; a checker's verdict (accepted, rejected or
	// non_conclusion) is inside that outcome and does not change the code.
	ExitCompleted = 0
	// ExitFailed: a failed outcome the caller can correct (INVALID_PAYLOAD,
	// UNKNOWN_CAPABILITY, DOMAIN_ERROR, ...), an unknown ID given to
	// inspect, or a conformance failure.
	ExitFailed = 1
	// ExitNonConclusion: a non_conclusion outcome (TIMEOUT,
	// RESOURCE_REFUSED, ...): nothing was concluded, retrying with more
	// budget may help.
	ExitNonConclusion = 2
	// ExitUsage: the command line was wrong (unknown flag, missing
	// argument, --json and --file together, an unreadable payload file).
	// sysexits EX_USAGE.
	ExitUsage = 64
	// ExitInternal: a defect in Jacobian: a failed outcome with
	// INTERNAL_ERROR or POSTCONDITION_FAILED, a domain that failed to
	// register, output that could not be written. sysexits EX_SOFTWARE.
	ExitInternal = 70
	// ExitInterrupted: the run was cancelled by SIGINT or SIGTERM; the
	// outcome printed is a non_conclusion (CANCELLED, or
	// CHECKER_INTERRUPTED for a checker). 128 + SIGINT, the shell's
	// convention for an interrupted command.
	ExitInterrupted = 130
)

// exitError ends a command with a given exit code. An empty message means
// the command has already said everything on stdout.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// ExitCode implements kong.ExitCoder.
func (e *exitError) ExitCode() int { return e.code }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: ExitUsage, msg: fmt.Sprintf(format, args...)}
}

func internalErrorf(format string, args ...any) error {
	return &exitError{code: ExitInternal, msg: fmt.Sprintf(format, args...)}
}

// silentExit ends a command with code after its output is printed.
func silentExit(code int) error {
	if code == ExitCompleted {
		return nil
	}
	return &exitError{code: code}
}

// outcomeExitCode maps an outcome to the process exit code.
func outcomeExitCode(o core.Outcome) int {
	switch o.Outcome {
	case core.OutcomeCompleted:
		return ExitCompleted
	case core.OutcomeNonConclusion:
		return ExitNonConclusion
	case core.OutcomeFailed:
		if o.Code == core.InternalError || o.Code == core.PostconditionFailed {
			return ExitInternal
		}
		return ExitFailed
	}
	return ExitInternal
}

// codedError maps a core error (from Search or Inspect) to an exit error,
// keeping its stable code visible to the reader.
func codedError(err error, code int) error {
	var ce *core.Error
	if errors.As(err, &ce) {
		return &exitError{code: code, msg: fmt.Sprintf("%s: %s", ce.Code, ce.Message)}
	}
	return &exitError{code: ExitInternal, msg: err.Error()}
}
