package cli

import (
	"runtime/debug"

	"jacobian.dev/core"
)

// memoryFlag is the process-wide memory budget of run and serve.
type memoryFlag struct {
	MaxMemory byteCount `name:"max-memory" default:"0" placeholder:"BYTES" help:"Memory the process's runs may claim at once, across all sessions: decoding a payload reserves its estimated cost before it starts, a run that does not fit is refused with RESOURCE_REFUSED, and stored values count against it too (the least recently used of any session is evicted to make room). The Go runtime's soft memory limit is set to it too. 0, the default, means half the machine's memory."`
}

// budget returns the budget the flag sets (the machine's half, read only
// now, for 0) and makes it the runtime's soft memory limit, so the
// collector works harder before the budget is reached.
func (m memoryFlag) budget() *core.MemoryBudget {
	b := core.NewMemoryBudget(int64(m.MaxMemory))
	debug.SetMemoryLimit(b.Limit())
	return b
}
