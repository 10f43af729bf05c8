package finitefield

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestElementsDecodeAsGeneric: Elements decodes every input as []Element
// does through encoding/json, to the same values or to an error in both,
// on seeded random tables and on malformed and unusual forms the one-pass
// reader must hand over.
func TestElementsDecodeAsGeneric(t *testing.T) {
	inputs := []string{
		`[]`, ` [ ] `, `["0"]`, `["1","2" , "3"]`, "[\n\"65520\",\t\"7\"]",
		`["999999999999999999"]`, `["1000000000000000000"]`, `["123456789012345678901234567890"]`,
		`["-1"]`, `["-0"]`, `["01"]`, `["00"]`, `[""]`, `["1e3"]`, `["\u0031"]`, `["1\""]`,
		`[1]`, `[null]`, `[true]`, `["1",]`, `[,"1"]`, `["1" "2"]`, `["1"]x`, `["1"`, `[`, `"1"`, `{}`,
		`[[]]`, `[["1","2"],["0"],[]]`, `[["1",["2"]]]`, `[["1"],"2"]`, `[["01"]]`, `[["\u0031"]]`,
		`[["1]"]]`, `[["1"]`, `[[1]]`, `[["1","2",]]`, `["255","256","0255"]`,
	}
	rng := rand.New(rand.NewPCG(14, 1))
	for range 200 {
		var sb strings.Builder
		sb.WriteByte('[')
		n := rng.IntN(40)
		list := rng.IntN(2) == 0
		for i := range n {
			if i > 0 {
				sb.WriteString(strings.Repeat(" ", rng.IntN(2)) + ",")
			}
			if list {
				sb.WriteByte('[')
				for j := range rng.IntN(4) {
					if j > 0 {
						sb.WriteByte(',')
					}
					fmt.Fprintf(&sb, "%q", fmt.Sprint(rng.Uint64N(1<<uint(1+rng.IntN(63)))))
				}
				sb.WriteByte(']')
			} else {
				fmt.Fprintf(&sb, "%q", fmt.Sprint(rng.Uint64N(1<<uint(1+rng.IntN(63)))))
			}
		}
		sb.WriteByte(']')
		inputs = append(inputs, sb.String())
	}
	for _, in := range inputs {
		var fast Elements
		errFast := json.Unmarshal([]byte(in), &fast)
		var slow []Element
		errSlow := json.Unmarshal([]byte(in), &slow)
		if (errFast == nil) != (errSlow == nil) {
			t.Errorf("%s: Elements error %v, []Element error %v", in, errFast, errSlow)
			continue
		}
		if errFast != nil {
			if errFast.Error() != errSlow.Error() {
				t.Errorf("%s: Elements error %q, []Element error %q", in, errFast, errSlow)
			}
			continue
		}
		if len(fast) != len(slow) {
			t.Errorf("%s: %d elements, want %d", in, len(fast), len(slow))
			continue
		}
		for i := range fast {
			a, b := fast[i], slow[i]
			if a.set != b.set || a.list != b.list || a.scalar.Big().Cmp(b.scalar.Big()) != 0 || len(a.coeffs) != len(b.coeffs) {
				t.Errorf("%s: element %d is %+v, want %+v", in, i, a, b)
				continue
			}
			for j := range a.coeffs {
				if a.coeffs[j].Big().Cmp(b.coeffs[j].Big()) != 0 {
					t.Errorf("%s: element %d coordinate %d is %s, want %s", in, i, j, a.coeffs[j].Big(), b.coeffs[j].Big())
				}
			}
		}
	}
}
