package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARICRT: solutions and incompatibilities agree with PARI/GP 2.15's
// chinese() (testdata/crt.txt, made by generate.sh).
func TestPARICRT(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "crt.txt", 50, readCases(t, "crt.txt")) {
		var q CRTRequest
		for _, pair := range c[:len(c)-1] {
			a, m, _ := strings.Cut(pair, ",")
			q.Congruences = append(q.Congruences, Congruence{mustInt(t, a), mustInt(t, m)})
		}
		payload, _ := json.Marshal(q)
		var r CRTResult
		runValue(t, rt, "integer.compute.crt", string(payload), &r)
		want := c[len(c)-1]
		switch {
		case want == "incompatible":
			if r.Solvable {
				t.Errorf("%s: solvable %v mod %v, PARI says incompatible", payload, r.Residue, r.Modulus)
			}
		case !r.Solvable:
			t.Errorf("%s: conflict %v, PARI says %s", payload, r.Conflict, want)
		case fmt.Sprintf("%v,%v", r.Residue, r.Modulus) != want:
			t.Errorf("%s: %v,%v, PARI says %s", payload, r.Residue, r.Modulus, want)
		}
	}
}

func mustInt(t *testing.T, s string) core.Integer {
	t.Helper()
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("%q is not an integer", s)
	}
	return core.Int(x)
}

// crtBrute solves a system of small congruences by searching [0, lcm).
func crtBrute(cs [][2]int64) (x, m int64, ok bool) {
	m = 1
	for _, c := range cs {
		m = m / gcdInt(m, c[1]) * c[1]
	}
	for x = 0; x < m; x++ {
		all := true
		for _, c := range cs {
			if ((x-c[0])%c[1]+c[1])%c[1] != 0 {
				all = false
				break
			}
		}
		if all {
			return x, m, true
		}
	}
	return 0, 0, false
}

func gcdInt(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// TestCRTBrute compares solveCRT with a search over [0, lcm) on random
// systems of up to four congruences with moduli below 30, and checks that
// an unsolvable answer's pair alone has no solution.
func TestCRTBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for range 3000 {
		k := rng.IntN(5)
		var cs [][2]int64
		var q CRTRequest
		for range k {
			c := [2]int64{int64(rng.IntN(61) - 30), int64(rng.IntN(29) + 1)}
			cs = append(cs, c)
			q.Congruences = append(q.Congruences, Congruence{core.Int64(c[0]), core.Int64(c[1])})
		}
		r, err := solveCRT(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		x, m, ok := crtBrute(cs)
		if r.Solvable != ok {
			t.Fatalf("%v: solvable %v, search says %v", cs, r.Solvable, ok)
		}
		if ok && (r.Residue.Big().Int64() != x || r.Modulus.Big().Int64() != m) {
			t.Fatalf("%v: %v mod %v, search says %d mod %d", cs, r.Residue, r.Modulus, x, m)
		}
		if !ok {
			i, j := r.Conflict[0], r.Conflict[1]
			if _, _, pairOK := crtBrute([][2]int64{cs[i], cs[j]}); pairOK {
				t.Fatalf("%v: conflict %v is solvable on its own", cs, r.Conflict)
			}
		}
		if err := checkCRT(context.Background(), q, r); err != nil {
			t.Fatalf("%v: postcondition: %v", cs, err)
		}
	}
}

// TestCRTPostconditionCatches: the postcondition refuses a wrong residue,
// a modulus that is a multiple of the lcm but not the lcm, and a pair
// that is compatible.
func TestCRTPostconditionCatches(t *testing.T) {
	q := CRTRequest{Congruences: []Congruence{{core.Int64(3), core.Int64(4)}, {core.Int64(5), core.Int64(6)}}}
	x, m, m2 := core.Int64(11), core.Int64(12), core.Int64(24)
	wrong := core.Int64(7)
	for name, r := range map[string]CRTResult{
		"wrong residue":   {Solvable: true, Residue: &wrong, Modulus: &m},
		"not the lcm":     {Solvable: true, Residue: &x, Modulus: &m2},
		"compatible pair": {Solvable: false, Conflict: []int{0, 1}},
	} {
		if checkCRT(context.Background(), q, r) == nil {
			t.Errorf("%s passes the postcondition", name)
		}
	}
}

// BenchmarkCRT: k congruences with 20-digit prime moduli (PARI/GP's
// chinese on the same sizes for comparison).
func BenchmarkCRT(b *testing.B) {
	for _, k := range []int{10, 100, 1000} {
		rng := rand.New(rand.NewPCG(53, uint64(k)))
		var q CRTRequest
		for range k {
			p := randomPrime(rng, 66)
			q.Congruences = append(q.Congruences, Congruence{core.Int(randomInt(rng, 64)), core.Int(p)})
		}
		b.Run(fmt.Sprintf("congruences=%d/moduli=20digits", k), func(b *testing.B) {
			for b.Loop() {
				if _, err := solveCRT(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
