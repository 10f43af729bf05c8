package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// MaxNextPrimeBits bounds n for next_prime: about 1400 candidates are
// tested around 2^2048, each a Baillie–PSW test.
const MaxNextPrimeBits = MaxPrimalityBits

// nextPrimeProofBits bounds the primes next_prime certifies. Up to 512
// bits the certificate search factors p − 1 on Montgomery words (certBudget
// in pocklington.go); above, on math/big, a search costs hundreds of
// milliseconds at 1000 bits (as much as 40 Baillie–PSW tests), more than
// the prime search itself, and often fails.
const nextPrimeProofBits = 512

// NextPrimeRequest asks for the prime after (or before) n.
type NextPrimeRequest struct {
	N         core.Integer    `json:"n"`
	Direction *PrimeDirection `json:"direction,omitempty" jsonschema:"next (default): the least prime > n; previous: the greatest prime < n"`
}

// PrimeDirection is next or previous.
type PrimeDirection string

// The directions of next_prime.
const (
	Next     PrimeDirection = "next"
	Previous PrimeDirection = "previous"
)

// JSONSchema restricts the directions.
func (PrimeDirection) JSONSchema() *jsonschema.Schema {
	return core.Enum("next: the least prime > n; previous: the greatest prime < n", string(Next), string(Previous))
}

// NextPrimeResult is the prime found, how far its primality is proven,
// and the certificate when one was needed.
type NextPrimeResult struct {
	Prime       core.Integer      `json:"prime"`
	Primality   Primality         `json:"primality"`
	Certificate []PocklingtonStep `json:"certificate,omitempty" jsonschema:"a Pocklington–Lehmer certificate of the prime, when it is above 3.3e24 and proven (integer.check.primality_certificate re-verifies it)"`
}

// nextPrimeOperation finds the least prime above n, or the greatest below.
// Candidates are stepped through in order, those with a prime factor
// below 2^14 skipped by core/factor's grouped trial division, the rest
// tested by Baillie–PSW (core/primality; no counterexample is known, and
// below 3.3·10^24 deterministic Miller–Rabin makes the test a proof). So
// every integer between n and the answer is composite (proven for those
// with a small factor or below 3.3·10^24, by Baillie–PSW above). The prime
// found is proven where in reach: deterministically below 3.3·10^24, by a
// Pocklington certificate up to nextPrimeProofBits (returned with the
// result; the search for it may fail, and the prime is then probable);
// above that bound the prime is marked probable without a search, as
// PARI/GP's nextprime and precprime and FLINT's fmpz_nextprime(·, ·, 0)
// return Baillie–PSW probable primes, and integer.check.primality proves
// it on request.
//
// Canonical result: the prime, its primality level and, for a
// certificate-proven prime, the certificate. previous with n ≤ 2 is a
// DOMAIN_ERROR (no prime is smaller).
func nextPrimeOperation() core.Operation[NextPrimeRequest, NextPrimeResult] {
	return core.Operation[NextPrimeRequest, NextPrimeResult]{
		ID:         "integer.compute.next_prime",
		Title:      "Next or previous prime",
		Summary:    "The least prime greater than n, or the greatest prime less than n, proven prime where in reach (with its certificate) or marked probable.",
		Keywords:   []string{"next prime", "nextprime", "previous prime", "precprime", "prevprime", "prime after", "prime before", "prime gap"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "bits", Max: MaxNextPrimeBits, Unit: "bits",
			Description: "|n| has at most this many bits",
			Beyond: func() string {
				return fmt.Sprintf(`{"n":"%s"}`, new(big.Int).Lsh(big.NewInt(1), MaxNextPrimeBits))
			},
			At: func() string {
				return fmt.Sprintf(`{"n":"%s","direction":"previous"}`, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), MaxNextPrimeBits), big.NewInt(1)))
			},
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "no prime below 2", Payload: `{"n":"2","direction":"previous"}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "an unknown direction", Payload: `{"n":"10","direction":"up"}`, Code: core.InvalidPayload, Path: "/payload/direction"},
			}
		},
		Preflight: func(ctx context.Context, q NextPrimeRequest) error {
			if b := q.N.Big().BitLen(); b > MaxNextPrimeBits {
				return core.Refusef("n has %d bits; at most %d are allowed", b, MaxNextPrimeBits)
			}
			if q.Direction != nil && *q.Direction == Previous && q.N.Big().Cmp(big.NewInt(2)) <= 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "no prime is less than %v; send n ≥ 3 for the previous prime", q.N.Big())
			}
			return nil
		},
		Run: func(ctx context.Context, q NextPrimeRequest) (NextPrimeResult, error) {
			up := q.Direction == nil || *q.Direction == Next
			p, err := stepToPrime(ctx, q.N.Big(), up)
			if err != nil {
				return NextPrimeResult{}, err
			}
			if p.BitLen() > nextPrimeProofBits {
				return NextPrimeResult{Prime: core.Int(p), Primality: Probable}, nil
			}
			level, cert, err := prove(ctx, p)
			if err != nil {
				return NextPrimeResult{}, err
			}
			return NextPrimeResult{Prime: core.Int(p), Primality: level, Certificate: cert}, nil
		},
		// The prime lies on the right side of n and passes Baillie–PSW; a
		// proven prime above 3.3e24 has a certificate that verifies; for
		// n below 2^32 every integer in between is shown composite by
		// trial division, independently of the search.
		Postcondition: func(ctx context.Context, q NextPrimeRequest, r NextPrimeResult) error {
			n, p := q.N.Big(), r.Prime.Big()
			up := q.Direction == nil || *q.Direction == Next
			if (up && p.Cmp(n) <= 0) || (!up && p.Cmp(n) >= 0) {
				return fmt.Errorf("%v is on the wrong side of n", p)
			}
			if st, _ := primality.Test(p); st == primality.Composite {
				return fmt.Errorf("%v is composite", p)
			}
			if r.Primality == Proven && p.Cmp(primality.DeterministicBound) >= 0 {
				if err := verifyCertificateContext(ctx, p, r.Certificate); err != nil {
					return fmt.Errorf("the certificate fails: %v", err)
				}
			}
			lo, hi := new(big.Int).Set(n), new(big.Int).Set(p)
			if !up {
				lo, hi = hi, lo
			}
			if hi.IsUint64() && hi.Uint64() < 1<<32 {
				for x := max(lo.Int64()+1, 2); x < hi.Int64(); x++ {
					if trialDivisionPrime(uint64(x)) {
						return fmt.Errorf("%d is a prime between n and the answer", x)
					}
				}
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: nextprime(101) = 101, nextprime(102) = 103
			{Title: "the prime after 100", Payload: json.RawMessage(`{"n":"100"}`), Result: json.RawMessage(`{"prime":"101","primality":"proven"}`)},
			{Title: "strictly after a prime", Payload: json.RawMessage(`{"n":"101"}`), Result: json.RawMessage(`{"prime":"103","primality":"proven"}`)},
			// PARI/GP 2.15: precprime(99) = 97
			{Title: "the prime before 100", Payload: json.RawMessage(`{"n":"100","direction":"previous"}`), Result: json.RawMessage(`{"prime":"97","primality":"proven"}`)},
			{Title: "after a negative n", Payload: json.RawMessage(`{"n":"-50"}`), Result: json.RawMessage(`{"prime":"2","primality":"proven"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) NextPrimeRequest {
			n := randomInt(rng, 160)
			d := Next
			if rng.IntN(2) == 0 && n.Cmp(big.NewInt(2)) > 0 {
				d = Previous
			}
			return NextPrimeRequest{core.Int(n), &d}
		},
	}
}

// stepToPrime returns the least prime > n (up) or the greatest prime < n
// (n ≥ 3), polling ctx every 64 candidates.
func stepToPrime(ctx context.Context, n *big.Int, up bool) (*big.Int, error) {
	two := big.NewInt(2)
	if up && n.Cmp(two) < 0 {
		return two, nil
	}
	if !up && n.Cmp(big.NewInt(3)) == 0 {
		return two, nil
	}
	x := new(big.Int).Set(n)
	step := big.NewInt(1)
	if !up {
		step.SetInt64(-1)
	}
	x.Add(x, step)
	if x.Cmp(two) > 0 && x.Bit(0) == 0 {
		x.Add(x, step)
	}
	if x.Cmp(two) == 0 {
		return x, nil
	}
	step.Lsh(step, 1) // odd candidates only
	bound2 := big.NewInt(factor.TrialBound * factor.TrialBound)
	for i := 0; ; i++ {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		d := factor.SmallestFactor(x)
		switch {
		case d != nil && d.Cmp(x) == 0:
			return new(big.Int).Set(x), nil // a prime below 2^14
		case d != nil:
		case x.Cmp(bound2) < 0:
			return new(big.Int).Set(x), nil // no factor below 2^14 ≥ √x
		default:
			if st, _ := primality.Test(x); st != primality.Composite {
				return new(big.Int).Set(x), nil
			}
		}
		x.Add(x, step)
	}
}
