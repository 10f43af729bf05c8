package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"jacobian.dev/core"
	"jacobian.dev/finitefield"
	"jacobian.dev/integer"
)

// TestOutputSpecialFiles: --output replaces regular files only. A character
// device and a FIFO are written in place and stay what they were, "-" is
// standard output, and a directory is refused.
func TestOutputSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	run := func(output string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Main(Config{Domains: []core.Registrar{integer.Register}, Stdout: &out, Stderr: &errb,
			Args: []string{"run", "integer.compute.gcd", "--compact", "--json", `{"left":"84","right":"30"}`, "--output", output}})
		return code, out.String(), errb.String()
	}

	t.Run("character device", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("mknod needs root")
		}
		dev := filepath.Join(dir, "null")
		// Major 1, minor 3 is the null device: writing to it is harmless.
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Skipf("mknod: %v", err)
		}
		if code, _, stderr := run(dev); code != ExitCompleted {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		info, err := os.Stat(dev)
		if err != nil || info.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("the device is no longer a character device: %v %v", info.Mode(), err)
		}
		if tmps, _ := filepath.Glob(filepath.Join(dir, ".null.*.tmp")); len(tmps) > 0 {
			t.Errorf("left temporary files %v", tmps)
		}
	})

	t.Run("FIFO", func(t *testing.T) {
		fifo := filepath.Join(dir, "fifo")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		got := make(chan string, 1)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- err.Error()
				return
			}
			defer f.Close()
			b, _ := io.ReadAll(f)
			got <- string(b)
		}()
		if code, _, stderr := run(fifo); code != ExitCompleted {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if v := <-got; v != `{"gcd":"6"}` {
			t.Errorf("the FIFO carried %q", v)
		}
		if info, err := os.Stat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("the FIFO is no longer a FIFO: %v %v", info.Mode(), err)
		}
	})

	t.Run("standard output", func(t *testing.T) {
		code, stdout, stderr := run("-")
		if code != ExitCompleted || stdout != `{"gcd":"6"}` || !strings.Contains(stderr, `"outcome":"completed"`) {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})

	t.Run("directory", func(t *testing.T) {
		code, _, stderr := run(dir)
		if code != ExitUsage || !strings.Contains(stderr, "is a directory") {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})

	t.Run("regular file", func(t *testing.T) {
		file := filepath.Join(dir, "result.json")
		if code, _, stderr := run(file); code != ExitCompleted {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if b, _ := os.ReadFile(file); string(b) != `{"gcd":"6"}` {
			t.Errorf("the file holds %q", b)
		}
	})
}

// TestRunPrintsNoValueReferences: the CLI's outcome carries no value://
// reference, which would be dead once the command exits, and says how to
// keep the value.
func TestRunPrintsNoValueReferences(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main(Config{Domains: []core.Registrar{finitefield.Register}, Stdout: &out, Stderr: &errb,
		Args: []string{"run", "finite_field.polynomial_map.table.compute", "--compact", "--json",
			`{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["0","0","0","1"]}}`}})
	if code != ExitCompleted || strings.Contains(out.String(), "value://") || !strings.Contains(out.String(), `"digest":"sha256:`) {
		t.Fatalf("exit %d, outcome %s", code, out.String())
	}
	if !strings.Contains(errb.String(), "--output FILE or --publish") {
		t.Errorf("stderr does not say how to keep the value: %s", errb.String())
	}
}

// TestOutputLeavesNothing: every path out of a run with --output that does
// not commit removes its temporary file: a cancelled run (what SIGINT and
// SIGTERM do), a timeout, a failed run and a refused one. Only kill -9
// leaves one, which no process can clean up after itself.
func TestOutputLeavesNothing(t *testing.T) {
	cases := []struct {
		name    string
		cancel  bool
		args    []string
		code    int
		payload string
	}{
		{name: "cancelled", cancel: true, args: []string{"--timeout", "10m"}, code: ExitInterrupted, payload: `{"steps":1000000}`},
		{name: "timed out", args: []string{"--timeout", "50ms"}, code: ExitNonConclusion, payload: `{"steps":1000000}`},
		{name: "invalid", code: ExitFailed, payload: `{"steps":"x"}`},
		{name: "refused", code: ExitNonConclusion, payload: `{"steps":100000001}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				time.AfterFunc(50*time.Millisecond, cancel)
			}
			args := append([]string{"run", "fixture.compute.wait", "--output", filepath.Join(dir, "out.json"), "--json", tc.payload}, tc.args...)
			inv := jacobianCtx(t, ctx, "", args...)
			if inv.code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", inv.code, tc.code, inv.stdout, inv.stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("left %d entries in the output directory (%s)", len(entries), entries[0].Name())
			}
		})
	}
}
