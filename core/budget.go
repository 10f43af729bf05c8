package core

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
)

// MemoryBudget bounds the memory that runs may claim at once across a
// process, however many runtimes (MCP sessions) share it. A run reserves
// its estimated cost before decoding its payload and releases it when it
// ends; a reservation that does not fit is refused at once
// (RESOURCE_REFUSED), so no mix of sessions and payloads can take the
// process past the budget by decoding. It is safe for concurrent use: the
// count is one atomic word, changed by compare-and-swap, so the two
// claims of every run cost no lock.
type MemoryBudget struct {
	limit int64
	used  atomic.Int64
}

// NewMemoryBudget returns a budget of limit bytes (DefaultMemoryLimit when
// limit ≤ 0).
func NewMemoryBudget(limit int64) *MemoryBudget {
	if limit <= 0 {
		limit = DefaultMemoryLimit()
	}
	return &MemoryBudget{limit: limit}
}

// Reserve claims n bytes if they fit and reports whether they did.
func (b *MemoryBudget) Reserve(n int64) bool {
	for {
		used := b.used.Load()
		if n < 0 || used+n > b.limit {
			return false
		}
		if b.used.CompareAndSwap(used, used+n) {
			return true
		}
	}
}

// Force claims n bytes whether or not they fit: memory already held, now
// counted. Reserve refuses until the budget is back under its limit.
func (b *MemoryBudget) Force(n int64) { b.used.Add(max(0, n)) }

// Release returns n bytes claimed by Reserve.
func (b *MemoryBudget) Release(n int64) {
	for {
		used := b.used.Load()
		if b.used.CompareAndSwap(used, max(0, used-n)) {
			return
		}
	}
}

// Limit returns the budget's size in bytes.
func (b *MemoryBudget) Limit() int64 { return b.limit }

// Used returns the bytes reserved now.
func (b *MemoryBudget) Used() int64 { return b.used.Load() }

// Free returns the bytes still available.
func (b *MemoryBudget) Free() int64 { return b.limit - b.Used() }

// DefaultMemoryLimit is half the machine's physical memory (from
// /proc/meminfo), or 4 GiB where that cannot be read.
func DefaultMemoryLimit() int64 {
	const fallback = 4 << 30
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 {
				return kb << 10 / 2
			}
		}
	}
	return fallback
}

// sizeText renders a byte count for messages: "672 MiB".
func sizeText(n int64) string {
	switch {
	case n >= 10<<30:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 10<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 10<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
