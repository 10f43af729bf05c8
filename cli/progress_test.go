package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"jacobian.dev/core"
)

func TestRenderProgress(t *testing.T) {
	tests := []struct {
		name     string
		done     float64
		total    float64
		message  string
		reported bool
		width    int
		want     string
	}{
		{"before any report", 0, 0, "", false, 80, "op  1.5s"},
		{"unknown total", 7, 0, "round 7", true, 80, "op  1.5s  round 7"},
		{"quarter", 1, 4, "", true, 80, "op [######------------------]  25%  1.5s"},
		{"done", 4, 4, "verifying", true, 80, "op [########################] 100%  1.5s  verifying"},
		{"overshoot is clamped", 9, 4, "", true, 80, "op [########################] 100%  1.5s"},
		{"negative is clamped", -1, 4, "", true, 80, "op [------------------------]   0%  1.5s"},
		{"truncated to the width", 1, 2, "a long message ×××", true, 41, "op [############------------]  50%  1.5s"},
		{"truncated mid-message", 0, 0, "αβγδεζηθ", true, 15, "op  1.5s  αβγδ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := renderProgress("op", tc.done, tc.total, tc.message, tc.reported, 1500*time.Millisecond, tc.width)
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			if n := utf8.RuneCountInString(got); n > tc.width-1 {
				t.Errorf("%d runes on a %d-column terminal", n, tc.width)
			}
		})
	}
}

// lockedBuffer lets the test read what the drawing goroutine writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestProgressBarDrawsAndErases(t *testing.T) {
	var w lockedBuffer
	p := startProgress(&w, "fixture.compute.wait", 0, time.Millisecond)
	p.report(3, 4, "step 3")
	// Wait for a draw of the reported state; the ticker gets there within
	// a few milliseconds, the loop bound only keeps a broken bar from
	// hanging the test.
	for i := 0; i < 5000 && !strings.Contains(w.String(), "75%"); i++ {
		time.Sleep(time.Millisecond)
	}
	p.stop()
	out := w.String()
	if !strings.Contains(out, "\rfixture.compute.wait [##################------]  75%") || !strings.Contains(out, "step 3\x1b[K") {
		t.Errorf("no progress line drawn: %q", out)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the line was not erased: %q", out)
	}
}

func TestProgressBarQuietForShortRuns(t *testing.T) {
	var w lockedBuffer
	p := startProgress(&w, "op", time.Hour, time.Millisecond)
	p.report(1, 2, "half")
	p.stop()
	if w.String() != "" {
		t.Errorf("a run shorter than the delay drew %q", w.String())
	}
}

func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) || isTerminal(&bytes.Buffer{}) {
		t.Error("a regular file or a buffer taken for a terminal")
	}
	if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		defer null.Close()
		if isTerminal(null) {
			t.Error("the null device taken for a terminal")
		}
	}
}

// With standard error on a terminal, run draws its progress line while the
// operation reports, and erases it before printing the outcome.
func TestRunDrawsProgress(t *testing.T) {
	reg, err := core.NewRegistryWith(registerWait)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	var errOut lockedBuffer
	payload := `{"steps":60}` // 60 steps of 10 ms outlast the half-second delay
	cmd := &RunCmd{ID: "fixture.compute.wait", JSON: &payload, Timeout: time.Minute, jsonOutput: jsonOutput{Compact: true}}
	if err := cmd.Run(context.Background(), reg, &streams{in: strings.NewReader(""), out: &out, err: &errOut, errIsTerm: true}); err != nil {
		t.Fatalf("run: %v", err)
	}
	inv := invocation{stdout: out.String()}
	if o := inv.outcome(t); !jsonEqual(t, o.Value, `{"steps":60}`) {
		t.Errorf("outcome %s", out.String())
	}
	drawn := errOut.String()
	if !regexp.MustCompile(`\rfixture\.compute\.wait \[#*-*\] +[0-9]+%  [0-9.]+s  step [0-9]+\x1b\[K`).MatchString(drawn) || !strings.HasSuffix(drawn, "\r\x1b[K") {
		t.Errorf("progress line not drawn and erased: %q", drawn)
	}
}
