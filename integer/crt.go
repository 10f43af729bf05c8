package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
)

// Limits of the Chinese remainder theorem.
const (
	// MaxCongruences bounds the number of congruences.
	MaxCongruences = 10_000
	// MaxModuliDigits bounds the digits of all moduli together, and so the
	// size of their lcm.
	MaxModuliDigits = 100_000
)

// CRTRequest is a system x ≡ residue_i (mod modulus_i).
type CRTRequest struct {
	Congruences []Congruence `json:"congruences" jsonschema:"the congruences x ≡ residue (mod modulus); moduli positive, not necessarily coprime"`
}

// Congruence is x ≡ Residue (mod Modulus), Modulus ≥ 1.
type Congruence struct {
	Residue core.Integer `json:"residue"`
	Modulus core.Integer `json:"modulus"`
}

// CRTResult is the solution set of the system: when Solvable, every
// solution is ≡ Residue (mod Modulus), with Modulus the lcm of the moduli
// and 0 ≤ Residue < Modulus; when not, Conflict names two congruences i < j
// that alone have no common solution (residue_i ≢ residue_j modulo
// gcd(modulus_i, modulus_j)), the witness that the system has none.
type CRTResult struct {
	Solvable bool          `json:"solvable"`
	Residue  *core.Integer `json:"residue,omitempty" jsonschema:"the least non-negative solution (when solvable)"`
	Modulus  *core.Integer `json:"modulus,omitempty" jsonschema:"the lcm of the moduli: solutions are exactly residue + k·modulus (when solvable)"`
	Conflict []int         `json:"conflict,omitempty" jsonschema:"indices i < j of two congruences incompatible with each other (when not solvable)"`
}

// crtOperation solves a system of congruences with moduli not necessarily
// coprime, by merging one congruence at a time (generalised Chinese
// remainder theorem; Knuth, TAOCP vol. 2, §4.3.2, exercise 3; Cohen, A
// Course in Computational Algebraic Number Theory, §1.3.3): x ≡ a (mod M)
// and x ≡ b (mod m) have a common solution iff g = gcd(M, m) divides b − a,
// and then x = a + M·t with t ≡ ((b − a)/g)·(M/g)⁻¹ (mod m/g), modulo
// lcm(M, m) = M·m/g. A system is solvable iff its congruences are pairwise
// compatible (the same theorem applied prime by prime), so when the merge
// fails at congruence j, some earlier i conflicts with j alone, and that
// pair is reported.
//
// Canonical result: solvable with residue in [0, lcm) and modulus the lcm
// of the moduli; or not solvable with the lexicographically first
// conflicting pair (i, j), j the first congruence at which the merge fails.
// The empty system is solvable: every integer, residue 0 modulo 1. A
// modulus below 1 is a DOMAIN_ERROR naming it.
func crtOperation() core.Operation[CRTRequest, CRTResult] {
	return core.Operation[CRTRequest, CRTResult]{
		ID:         "integer.compute.crt",
		Title:      "Chinese remainder theorem",
		Summary:    "Solves a system of congruences x ≡ a_i (mod m_i) with moduli not necessarily coprime: the solution modulo lcm(m_i), or two congruences that conflict.",
		Keywords:   []string{"chinese remainder theorem", "crt", "chinese", "simultaneous congruences", "system of congruences", "chinese remaindering"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/congruences": MaxCongruences},
		Limits: []core.Limit{
			{
				Name: "congruences", Max: MaxCongruences, Unit: "congruences",
				Description: "the system has at most this many congruences",
				Beyond:      func() string { return congruencesPayload(MaxCongruences + 1) },
				At:          func() string { return congruencesPayload(MaxCongruences) },
			},
			{
				Name: "moduli_digits", Max: MaxModuliDigits, Unit: "decimal digits",
				Description: "the moduli have at most this many decimal digits together",
				Beyond: func() string {
					return fmt.Sprintf(`{"congruences":[{"residue":"1","modulus":"%s"},{"residue":"2","modulus":"%s"}]}`, repeatDigit('9', MaxModuliDigits/2), repeatDigit('7', MaxModuliDigits/2+1))
				},
				At: func() string {
					return fmt.Sprintf(`{"congruences":[{"residue":"1","modulus":"%s"},{"residue":"-2","modulus":"%s"}]}`, repeatDigit('9', MaxModuliDigits/2), repeatDigit('7', MaxModuliDigits/2))
				},
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "modulus 0", Payload: `{"congruences":[{"residue":"1","modulus":"3"},{"residue":"2","modulus":"0"}]}`, Code: core.DomainError, Path: "/payload/congruences/1/modulus"},
				{Title: "negative modulus", Payload: `{"congruences":[{"residue":"1","modulus":"-5"}]}`, Code: core.DomainError, Path: "/payload/congruences/0/modulus"},
				{Title: "a JSON number", Payload: `{"congruences":[{"residue":1,"modulus":"5"}]}`, Code: core.InvalidPayload, Path: "/payload/congruences/0/residue"},
			}
		},
		Preflight: func(ctx context.Context, q CRTRequest) error {
			if len(q.Congruences) > MaxCongruences {
				return core.Refusef("the system has %d congruences; at most %d are allowed", len(q.Congruences), MaxCongruences)
			}
			if d := moduliDigits(q.Congruences); d > MaxModuliDigits {
				return core.Refusef("the moduli have %d digits together; at most %d are allowed", d, MaxModuliDigits)
			}
			for i, c := range q.Congruences {
				if c.Modulus.Big().Sign() <= 0 {
					return core.DomainErrorAt(core.PayloadPath("congruences", i, "modulus"), "modulus %d is %v; moduli must be positive (≥ 1)", i, clipped(c.Modulus.Big()))
				}
			}
			return nil
		},
		Run:           solveCRT,
		Postcondition: checkCRT,
		Examples: []core.Example{
			// PARI/GP 2.15: chinese([Mod(2,3), Mod(3,5), Mod(2,7)]) = Mod(23, 105)
			{Title: "Sunzi's problem: x ≡ 2 (3), 3 (5), 2 (7)", Payload: json.RawMessage(`{"congruences":[{"residue":"2","modulus":"3"},{"residue":"3","modulus":"5"},{"residue":"2","modulus":"7"}]}`), Result: json.RawMessage(`{"solvable":true,"residue":"23","modulus":"105"}`)},
			// PARI/GP 2.15: chinese(Mod(3,4), Mod(5,6)) = Mod(11, 12)
			{Title: "moduli sharing a factor", Payload: json.RawMessage(`{"congruences":[{"residue":"3","modulus":"4"},{"residue":"5","modulus":"6"}]}`), Result: json.RawMessage(`{"solvable":true,"residue":"11","modulus":"12"}`)},
			{Title: "incompatible: x ≡ 1 (mod 4) and x ≡ 2 (mod 6) differ modulo 2", Payload: json.RawMessage(`{"congruences":[{"residue":"1","modulus":"4"},{"residue":"2","modulus":"6"}]}`), Result: json.RawMessage(`{"solvable":false,"conflict":[0,1]}`)},
			{Title: "negative residues are reduced", Payload: json.RawMessage(`{"congruences":[{"residue":"-1","modulus":"10"}]}`), Result: json.RawMessage(`{"solvable":true,"residue":"9","modulus":"10"}`)},
			{Title: "the empty system: every integer", Payload: json.RawMessage(`{"congruences":[]}`), Result: json.RawMessage(`{"solvable":true,"residue":"0","modulus":"1"}`)},
		},
		Generate: randomCRT,
	}
}

// congruencesPayload is count congruences x ≡ 0 (mod 1).
func congruencesPayload(count int) string {
	return `{"congruences":[` + strings.Repeat(`{"residue":"0","modulus":"1"},`, count-1) + `{"residue":"0","modulus":"1"}]}`
}

// moduliDigits is the exact number of decimal digits of all moduli
// together when the cheap upper bound says it may pass MaxModuliDigits,
// and that bound otherwise.
func moduliDigits(cs []Congruence) int {
	total := 0
	for _, c := range cs {
		total += decimalDigits(c.Modulus.Big())
	}
	if total <= MaxModuliDigits {
		return total
	}
	total = 0
	for _, c := range cs {
		d, _ := digitsOver(c.Modulus.Big(), 0)
		total += d
	}
	return total
}

// solveCRT merges the congruences in order. The running solution x and
// modulus M grow, the incoming congruence stays small, so each merge
// reduces x and M modulo m_j first: every step is then two reductions and
// two products of the large numbers by small ones, linear in M's size.
func solveCRT(ctx context.Context, q CRTRequest) (CRTResult, error) {
	x, m := new(big.Int), big.NewInt(1)
	g, t, mr, xr, diff := new(big.Int), new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	one := big.NewInt(1)
	for j, c := range q.Congruences {
		if j%64 == 0 {
			if err := ctx.Err(); err != nil {
				return CRTResult{}, err
			}
		}
		b, mj := c.Residue.Big(), c.Modulus.Big()
		mr.Mod(m, mj)
		g.GCD(nil, nil, mr, mj) // gcd(M, m_j)
		xr.Mod(x, mj)
		diff.Sub(b, xr) // ≡ b − x (mod m_j), so also modulo g
		if t.Rem(diff, g).Sign() != 0 {
			i, err := conflictWith(q.Congruences, j)
			if err != nil {
				return CRTResult{}, err
			}
			return CRTResult{Solvable: false, Conflict: []int{i, j}}, nil
		}
		// t = ((b − x)/g)·(M/g)⁻¹ mod (m_j/g); x += M·t; M = M·m_j/g.
		// M/g ≡ (M mod m_j)/g (mod m_j/g), as g divides both.
		mjg := new(big.Int).Quo(mj, g)
		if mjg.Cmp(one) == 0 {
			continue // m_j divides M: the congruence adds nothing
		}
		mr.Quo(mr, g)
		inv := new(big.Int).ModInverse(mr.Mod(mr, mjg), mjg)
		t.Quo(diff, g)
		t.Mul(t.Mod(t, mjg), inv).Mod(t, mjg)
		x.Add(x, t.Mul(t, m))
		m.Mul(m, mjg)
	}
	xi, mi := core.Int(x), core.Int(m)
	return CRTResult{Solvable: true, Residue: &xi, Modulus: &mi}, nil
}

// conflictWith returns the first i < j whose congruence conflicts with
// congruence j alone. The merge failed at j, so one exists: a system is
// solvable iff its congruences are pairwise compatible.
func conflictWith(cs []Congruence, j int) (int, error) {
	for i := range j {
		if !compatible(cs[i], cs[j]) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("the merge failed at congruence %d, yet no earlier congruence conflicts with it", j)
}

// compatible reports whether a ≡ b modulo gcd(m, n).
func compatible(x, y Congruence) bool {
	g := new(big.Int).GCD(nil, nil, x.Modulus.Big(), y.Modulus.Big())
	d := new(big.Int).Sub(x.Residue.Big(), y.Residue.Big())
	return d.Rem(d, g).Sign() == 0
}

// checkCRT: a solution satisfies every congruence, lies in [0, M), and M
// is the lcm (a multiple of every modulus with gcd_i(M/m_i) = 1); a
// conflict is a pair that is incompatible on its own.
func checkCRT(ctx context.Context, q CRTRequest, r CRTResult) error {
	cs := q.Congruences
	if !r.Solvable {
		if len(r.Conflict) != 2 || r.Residue != nil || r.Modulus != nil {
			return fmt.Errorf("an unsolvable result names exactly a pair and no solution")
		}
		i, j := r.Conflict[0], r.Conflict[1]
		if i < 0 || i >= j || j >= len(cs) {
			return fmt.Errorf("conflict %v is not a pair of congruence indices i < j", r.Conflict)
		}
		if compatible(cs[i], cs[j]) {
			return fmt.Errorf("congruences %d and %d are compatible", i, j)
		}
		return nil
	}
	if r.Residue == nil || r.Modulus == nil || r.Conflict != nil {
		return fmt.Errorf("a solvable result has a residue and a modulus and no conflict")
	}
	x, m := r.Residue.Big(), r.Modulus.Big()
	if m.Sign() <= 0 || x.Sign() < 0 || x.Cmp(m) >= 0 {
		return fmt.Errorf("residue %v is not in [0, modulus)", clipped(x))
	}
	cof := new(big.Int)
	t := new(big.Int)
	for i, c := range cs {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		mi := c.Modulus.Big()
		if t.Sub(x, c.Residue.Big()).Rem(t, mi).Sign() != 0 {
			return fmt.Errorf("the residue does not satisfy congruence %d", i)
		}
		q, rem := new(big.Int).QuoRem(m, mi, new(big.Int))
		if rem.Sign() != 0 {
			return fmt.Errorf("modulus %d does not divide the result's modulus", i)
		}
		cof.GCD(nil, nil, cof, q)
	}
	if len(cs) == 0 {
		cof.SetInt64(1)
	}
	if cof.Cmp(big.NewInt(1)) != 0 {
		return fmt.Errorf("the result's modulus is not the least common multiple of the moduli")
	}
	return nil
}

// randomCRT makes systems of two to eight congruences whose moduli share
// small factors; half of them are built from a common solution, so both
// outcomes occur.
func randomCRT(_ context.Context, rng *rand.Rand) CRTRequest {
	k := rng.IntN(7) + 2
	x := randomInt(rng, 200)
	var q CRTRequest
	for range k {
		m := new(big.Int).Mul(randomInt(rng, 40), big.NewInt(int64(rng.IntN(12)+1)))
		m.Add(m, big.NewInt(1))
		a := new(big.Int).Mod(x, m)
		if rng.IntN(2) == 0 {
			a.Add(a, big.NewInt(int64(rng.IntN(3))))
		}
		if rng.IntN(3) == 0 {
			a.Sub(a, new(big.Int).Mul(m, big.NewInt(int64(rng.IntN(5)))))
		}
		q.Congruences = append(q.Congruences, Congruence{core.Int(a), core.Int(m)})
	}
	return q
}
