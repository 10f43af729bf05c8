package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// peakRSSEnv names the environment variable that makes every command end
// by printing the process's peak resident set, as the kernel accounts it
// (VmHWM of /proc/self/status), to standard error: the hostile-input suite
// asserts memory bounds with it.
const peakRSSEnv = "JACOBIAN_PEAK_RSS"

// reportPeakRSS prints "peak RSS: N kB" when peakRSSEnv is set and the
// system has /proc.
func reportPeakRSS(w io.Writer) {
	if os.Getenv(peakRSSEnv) == "" {
		return
	}
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Fprintf(w, "peak RSS: %s\n", strings.TrimSpace(rest))
		}
	}
}
