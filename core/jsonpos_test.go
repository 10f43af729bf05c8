package core

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestJSONPosition places real syntax errors by hand-counted line and
// column of the offending byte.
func TestJSONPosition(t *testing.T) {
	for _, c := range []struct {
		in        string
		line, col int
	}{
		{`{"a":}`, 1, 6},
		{"{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7},
		{"[1,\n\n x]", 3, 2},
		{"\n\n\n@", 4, 1},
	} {
		var v any
		var se *json.SyntaxError
		if err := json.Unmarshal([]byte(c.in), &v); !errors.As(err, &se) {
			t.Fatalf("%q: %v is not a syntax error", c.in, err)
		}
		if line, col := JSONPosition([]byte(c.in), se.Offset); line != c.line || col != c.col {
			t.Errorf("%q (offset %d): line %d column %d, want line %d column %d", c.in, se.Offset, line, col, c.line, c.col)
		}
	}
	if line, col := JSONPosition(nil, 10); line != 1 || col != 1 {
		t.Errorf("an offset past empty input: line %d column %d, want 1 1", line, col)
	}
}
