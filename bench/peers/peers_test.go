package main

import (
	"bytes"
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestKroneckerMatchesSchoolbook checks the baseline Z[x] and GF(p)[x]
// kernels against the quadratic product on seeded inputs: empty and unit
// lengths, lengths around word multiples, coefficient sizes around word
// boundaries, all-ones words, signs and zero coefficients.
func TestKroneckerMatchesSchoolbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	allOnes := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	poly := func(n, bits int) []*big.Int {
		p := make([]*big.Int, n)
		for i := range p {
			switch rng.IntN(6) {
			case 0:
				p[i] = new(big.Int)
			case 1:
				p[i] = new(big.Int).Set(allOnes)
			case 2:
				p[i] = new(big.Int).Neg(allOnes)
			default:
				p[i] = randSigned(rng, bits)
			}
		}
		return p
	}
	lengths := []int{0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 200}
	for _, bits := range []int{1, 2, 63, 64, 65, 100, 128} {
		for _, la := range lengths {
			for _, lb := range []int{0, 1, 5, 64, 65} {
				a, b := poly(la, bits), poly(lb, bits)
				got, want := zpolyMulKronecker(a, b), zpolyMulSchoolbook(a, b)
				if !slices.Equal(polyLines(got), polyLines(want)) {
					t.Fatalf("bits %d, lengths %d×%d: Kronecker and schoolbook differ", bits, la, lb)
				}
			}
		}
	}

	near62 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 62), big.NewInt(57)) // 2^62 − 57 is prime
	if !near62.ProbablyPrime(32) {
		t.Fatal("2^62 − 57 should be prime")
	}
	p60, err := randPrime(rng, 60)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*big.Int{big.NewInt(2), big.NewInt(3), p60, near62} {
		for _, n := range []int{1, 2, 64, 65, 300} {
			a, b := randPolyMod(rng, n-1, p), randPolyMod(rng, n, p)
			a[0].Sub(p, big.NewInt(1)) // the largest residue
			want := zpolyMulSchoolbook(a, b)
			for _, x := range want {
				x.Mod(x, p)
			}
			if got := gfpolyMulKronecker(a, b, p); !slices.Equal(polyLines(got), polyLines(want)) {
				t.Fatalf("p = %v, n = %d: GF(p) product differs from schoolbook", p, n)
			}
		}
	}
}

// tinyBench is a bench over the case table at tiny sizes, one round and
// one call a round, or a skip when gp or FLINT is missing.
func tinyBench(t *testing.T) *bench {
	t.Helper()
	gp, err := exec.LookPath("gp")
	if err != nil {
		t.Skip("gp (PARI/GP) is not installed")
	}
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	if _, err := os.Stat("/usr/include/flint/flint.h"); err != nil {
		t.Skip("FLINT headers are not installed")
	}
	cfg := config{rounds: 2, threads: 1, seed: 1, tiny: true, workDir: t.TempDir(), gp: gp, cc: cc}
	b, err := newBench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.close)
	return b
}

// TestPeersAgree runs every case at its tiny size on all three systems and
// checks that they agree; then it corrupts one answer at a time and checks
// that the comparison names the system, the round and the line.
func TestPeersAgree(t *testing.T) {
	b := tinyBench(t)
	ctx := context.Background()
	var results []*caseResult
	for _, c := range selected(b.cfg) {
		r := b.run(ctx, c)
		if r.failed != nil {
			t.Fatalf("%s: %v", c.Name, r.failed)
		}
		if r.disagreement != nil {
			t.Fatalf("%s: %v", c.Name, r.disagreement)
		}
		for s := range systems {
			if len(r.rounds[s]) != b.cfg.rounds || len(r.rounds[s][0].answer) == 0 {
				t.Fatalf("%s: %v has %d rounds, first answer %q", c.Name, s, len(r.rounds[s]), r.rounds[s][0].answer)
			}
		}
		results = append(results, r)
	}

	r := results[0]
	corrupt := func(s system, round int, change func([]string) []string) error {
		saved := r.rounds[s][round].answer
		defer func() { r.rounds[s][round].answer = saved }()
		r.rounds[s][round].answer = change(slices.Clone(saved))
		return disagreement(r)
	}
	lastDigit := func(a []string) []string {
		last := a[len(a)-1]
		d := byte('1')
		if last[len(last)-1] == '1' {
			d = '2'
		}
		a[len(a)-1] = last[:len(last)-1] + string(d)
		return a
	}
	n := len(r.rounds[pari][0].answer)
	for _, tc := range []struct {
		s      system
		round  int
		change func([]string) []string
		want   string
	}{
		{flint, 0, lastDigit, "FLINT round 1 differs from PARI round 1 at answer line " + strconv.Itoa(n)},
		{jacobian, 1, lastDigit, "Jacobian round 2 differs"},
		{pari, 1, func(a []string) []string { return a[:len(a)-1] }, "PARI round 2 differs from PARI round 1 at answer line " + strconv.Itoa(n) + ": (ends after"},
		{flint, 1, func(a []string) []string { return append(a, "0") }, "FLINT round 2 differs"},
	} {
		err := corrupt(tc.s, tc.round, tc.change)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("corrupting %v round %d: got %v, want an error containing %q", tc.s, tc.round+1, err, tc.want)
		}
	}
	if err := disagreement(r); err != nil {
		t.Fatalf("after restoring the answers: %v", err)
	}

	// The table has a row per case, the det series' exponent, and names a
	// disagreement.
	var out bytes.Buffer
	writeReport(&out, header{pariVersion: "2.x", flintVersion: "2.x", cfg: b.cfg, goMaxProcs: 1}, results)
	for _, want := range []string{"det growth exponent", "agree sha256:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	for _, res := range results {
		if !strings.Contains(out.String(), res.c.Name) {
			t.Errorf("the report has no row for %s", res.c.Name)
		}
	}
	r.disagreement = corrupt(flint, 0, lastDigit)
	out.Reset()
	writeReport(&out, header{cfg: b.cfg}, results[:1])
	if !strings.Contains(out.String(), "DISAGREE: FLINT round 1") {
		t.Errorf("the report does not name the disagreement:\n%s", out.String())
	}
}

// TestPeerFailuresReported checks that an error in a GP expression or an
// unknown FLINT routine fails the case rather than passing silently.
func TestPeerFailuresReported(t *testing.T) {
	b := tinyBench(t)
	base := selected(b.cfg)[0]
	for _, tc := range []struct {
		name   string
		change func(*Case)
		want   string
	}{
		{"gp", func(c *Case) { c.GP = "no_such_function(a)" }, "PARI, round 1"},
		{"flint", func(c *Case) { c.FLINT = "no_such_routine" }, "FLINT, round 1"},
	} {
		c := base
		tc.change(&c)
		r := b.run(context.Background(), c)
		if r.failed == nil || !strings.Contains(r.failed.Error(), tc.want) {
			t.Errorf("%s: got %v, want a failure containing %q", tc.name, r.failed, tc.want)
		}
	}
}
