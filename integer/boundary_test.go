package integer

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core"
)

// TestDigitBoundary: the operand_digits limit is exact. An operand of
// exactly MaxOperandDigits digits, with or without a sign, is accepted by
// every operation on a pair and its answer checked by an identity; one
// more digit is refused before any work; a leading zero does not buy a
// digit (it is malformed, not long).
func TestDigitBoundary(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(100, 0))
	a := randomDigits(rng, MaxOperandDigits)
	b := randomDigits(rng, MaxOperandDigits)
	if len(a.String()) != MaxOperandDigits || len(b.String()) != MaxOperandDigits {
		t.Fatal("operands do not have exactly MaxOperandDigits digits")
	}
	at := fmt.Sprintf(`{"left":"-%v","right":"%v"}`, a, b)
	over := fmt.Sprintf(`{"left":"1%v","right":"%v"}`, a, b)
	zeroPadded := fmt.Sprintf(`{"left":"0%v","right":"%v"}`, a, b)
	negA := new(big.Int).Neg(a)

	var g GCDResult
	runValue(t, rt, "integer.compute.gcd", at, &g)
	if want := new(big.Int).GCD(nil, nil, a, b); g.GCD.Big().Cmp(want) != 0 {
		t.Errorf("gcd at the boundary is %v, big.Int.GCD says %v", g.GCD, want)
	}
	var l LCMResult
	runValue(t, rt, "integer.compute.lcm", at, &l)
	if prod := new(big.Int).Mul(g.GCD.Big(), l.LCM.Big()); prod.Cmp(new(big.Int).Mul(a, b)) != 0 {
		t.Error("gcd·lcm ≠ |ab| at the boundary")
	}
	var e ExtendedGCDResult
	runValue(t, rt, "integer.compute.extended_gcd", at, &e)
	if err := checkBezout(negA, b, e.GCD.Big(), e.X.Big(), e.Y.Big()); err != nil {
		t.Errorf("extended gcd at the boundary: %v", err)
	}

	for _, id := range []string{"integer.compute.gcd", "integer.compute.lcm", "integer.compute.extended_gcd"} {
		o := run(t, rt, id, over)
		if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
			t.Errorf("%s with %d digits: got %s %s %s, want RESOURCE_REFUSED", id, MaxOperandDigits+1, o.Outcome, o.Reason, o.Message)
		}
		if !strings.Contains(o.Message+o.Detail, fmt.Sprint(MaxOperandDigits+1)) {
			t.Errorf("%s: the refusal %q%q does not give the exact digit count", id, o.Message, o.Detail)
		}
		o = run(t, rt, id, zeroPadded)
		if o.Outcome != core.OutcomeFailed || o.Code != core.InvalidPayload || o.Path != "/payload/left" {
			t.Errorf("%s with a leading zero: got %s %s at %q", id, o.Outcome, o.Code, o.Path)
		}
	}
}

// TestDigitsOver checks the exact digit count against the decimal string
// on every power of ten and its neighbours up to 10^400, where the
// bit-length estimate is most likely to be off by one.
func TestDigitsOver(t *testing.T) {
	p := big.NewInt(1)
	ten := big.NewInt(10)
	for k := 0; k <= 400; k++ {
		for _, d := range []int64{-1, 0, 1} {
			x := new(big.Int).Add(p, big.NewInt(d))
			n := len(new(big.Int).Abs(x).String())
			for _, max := range []int{n - 1, n, n + 1} {
				got, over := digitsOver(x, max)
				if over != (n > max) {
					t.Fatalf("digitsOver(%v…, %d) = %v, want %v", x.String()[:1], max, over, n > max)
				}
				if over && got != n {
					t.Fatalf("digitsOver reports %d digits for a %d-digit number", got, n)
				}
				if !over && (got > max || got < n) {
					t.Fatalf("digitsOver reports %d digits, within %d, for a %d-digit number", got, max, n)
				}
			}
		}
		p.Mul(p, ten)
	}
}

// TestProductIntegerDecode: lcm's wide result reads back only canonical
// decimal strings, up to twice the operand limit.
func TestProductIntegerDecode(t *testing.T) {
	long := strings.Repeat("9", 2*MaxOperandDigits)
	for _, c := range []struct {
		in string
		ok bool
	}{
		{`"0"`, true}, {`"-12"`, true}, {`"` + long + `"`, true}, {`"-` + long + `"`, true},
		{`"` + long + `9"`, false}, {`"012"`, false}, {`"+1"`, false}, {`""`, false},
		{`"-"`, false}, {`"1e5"`, false}, {`12`, false}, {`" 1"`, false},
	} {
		var p ProductInteger
		err := p.UnmarshalJSON([]byte(c.in))
		if (err == nil) != c.ok {
			t.Errorf("%.30s: error %v, want ok=%v", c.in, err, c.ok)
		}
		if err == nil && p.String() != strings.Trim(c.in, `"`) {
			t.Errorf("%.30s read as %.30s", c.in, p.String())
		}
	}
}
