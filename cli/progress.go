package cli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Progress bar timing: nothing is drawn for runs shorter than
// progressDelay, and the line is redrawn at most ten times a second however
// often the operation reports.
const (
	progressDelay    = 500 * time.Millisecond
	progressInterval = 100 * time.Millisecond
	progressBarWidth = 24
)

// progressBar draws one self-overwriting status line on a terminal. The
// operation's reports only record the latest state; a ticker draws it, so a
// tight loop reporting a million times costs a million mutex acquisitions,
// not a million writes.
type progressBar struct {
	w     io.Writer
	label string
	start time.Time
	width int

	mu          sync.Mutex
	done, total float64
	message     string
	reported    bool
	drawn       bool

	quit     chan struct{}
	finished chan struct{}
}

// startProgress begins drawing a progress line for label on w after delay,
// every interval.
func startProgress(w io.Writer, label string, delay, interval time.Duration) *progressBar {
	p := &progressBar{
		w: w, label: label, start: time.Now(), width: terminalWidth(),
		quit: make(chan struct{}), finished: make(chan struct{}),
	}
	go p.loop(delay, interval)
	return p
}

// report is the core.ProgressFunc: it records the latest state.
func (p *progressBar) report(done, total float64, message string) {
	p.mu.Lock()
	p.done, p.total, p.message, p.reported = done, total, message, true
	p.mu.Unlock()
}

// stop ends drawing and erases the line, so the outcome printed next starts
// on a clean terminal.
func (p *progressBar) stop() {
	close(p.quit)
	<-p.finished
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

func (p *progressBar) loop(delay, interval time.Duration) {
	defer close(p.finished)
	wait := time.NewTimer(delay)
	defer wait.Stop()
	select {
	case <-p.quit:
		return
	case <-wait.C:
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		p.draw()
		select {
		case <-p.quit:
			return
		case <-tick.C:
		}
	}
}

func (p *progressBar) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	line := renderProgress(p.label, p.done, p.total, p.message, p.reported, time.Since(p.start), p.width)
	fmt.Fprint(p.w, "\r"+line+"\x1b[K")
	p.drawn = true
}

// renderProgress formats one status line no wider than width-1 runes (the
// last column is left free so no terminal wraps it):
//
//	integer.compute.factor [#########---------------]  37%  4.2s  trial division
//
// With an unknown total (0) or before any report, the bar is left out and
// the elapsed time shows the run is alive.
func renderProgress(label string, done, total float64, message string, reported bool, elapsed time.Duration, width int) string {
	var b strings.Builder
	b.WriteString(label)
	if reported && total > 0 {
		frac := min(max(done/total, 0), 1)
		filled := int(frac * progressBarWidth)
		fmt.Fprintf(&b, " [%s%s] %3d%%", strings.Repeat("#", filled), strings.Repeat("-", progressBarWidth-filled), int(frac*100))
	}
	fmt.Fprintf(&b, "  %.1fs", elapsed.Seconds())
	if message != "" {
		b.WriteString("  ")
		b.WriteString(message)
	}
	return truncateRunes(b.String(), width-1)
}

func truncateRunes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}

// terminalWidth uses $COLUMNS when the shell exports it, else 80: without
// golang.org/x/term there is no portable ioctl, and a short line is
// harmless.
func terminalWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n >= 20 {
		return n
	}
	return 80
}
