package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
)

// jsonOutput are the flags shared by every command that prints JSON.
type jsonOutput struct {
	Compact bool `help:"Print JSON on one line instead of indented."`
}

// writeJSON prints v as JSON followed by a newline: indented by default, on
// one line with compact. HTML characters are left alone, since the output
// is read by people and programs, never embedded in a page.
func writeJSON(w io.Writer, v any, compact bool) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if !compact {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return internalErrorf("encoding the output: %v", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return internalErrorf("writing the output: %v", err)
	}
	return nil
}

// isTerminal reports whether stream is a terminal, approximated with the
// standard library alone: a character device other than the null device.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}
